import { describe, expect, it } from 'vitest';
import type { User } from '@hivescope/contract';
import { filterUsers, fullName } from './filter';

const base: Omit<User, 'userId' | 'email' | 'profile'> = {
  active: true,
  admin: false,
  role: 10,
  manager: false,
  locale: 'de',
  affiliation: null,
  affiliationName: null,
  createdAt: '2026-01-01T00:00:00Z',
};
const users: User[] = [
  {
    ...base,
    userId: 1,
    email: 'anna@example.org',
    profile: { firstName: 'Anna', lastName: 'Muster', city: 'Bern' },
  },
  {
    ...base,
    userId: 2,
    email: 'beat@example.org',
    profile: { firstName: 'Beat', lastName: 'Keller', city: 'Zürich' },
  },
  { ...base, userId: 3, email: 'carla@example.org', profile: {} },
];

describe('filterUsers', () => {
  it('matches email, name and city, case-insensitively', () => {
    expect(filterUsers(users, 'BEAT').map((u) => u.userId)).toEqual([2]);
    expect(filterUsers(users, 'bern').map((u) => u.userId)).toEqual([1]);
    expect(filterUsers(users, 'anna muster').map((u) => u.userId)).toEqual([1]);
    expect(filterUsers(users, 'example.org').length).toBe(3);
    expect(filterUsers(users, 'nobody')).toEqual([]);
  });

  it('returns everyone for an empty filter', () => {
    expect(filterUsers(users, '  ').length).toBe(3);
  });

  it('builds the full name from the profile', () => {
    expect(fullName(users[0]!)).toBe('Anna Muster');
    expect(fullName(users[2]!)).toBe('');
  });
});
