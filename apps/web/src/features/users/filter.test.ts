import { describe, expect, it } from 'vitest';
import type { User } from '@hivescope/contract';
import { fullName } from './filter';

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

describe('fullName', () => {
  it('builds the full name from the profile', () => {
    expect(fullName(users[0]!)).toBe('Anna Muster');
    expect(fullName(users[2]!)).toBe('');
  });
});
