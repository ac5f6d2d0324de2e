import type { User } from '@hivescope/contract';

/** Users whose email, name or city contains every word of the filter text (case-insensitive). */
export function filterUsers(users: readonly User[], text: string): User[] {
  const words = text.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...users];
  return users.filter((user) => {
    const haystack = [user.email, user.profile.firstName, user.profile.lastName, user.profile.city]
      .filter(Boolean)
      .join(' ')
      .toLowerCase();
    return words.every((word) => haystack.includes(word));
  });
}

export function fullName(user: User): string {
  return [user.profile.firstName, user.profile.lastName].filter(Boolean).join(' ');
}
