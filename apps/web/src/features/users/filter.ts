import type { User } from '@hivescope/contract';

export function fullName(user: User): string {
  return [user.profile.firstName, user.profile.lastName].filter(Boolean).join(' ');
}
