import {
  DEFAULT_LOCALE,
  isManagerRole,
  localeSchema,
  PROFILE_FIELDS,
  type Locale,
  type Profile,
  type SessionUser,
  type User,
} from '@hivescope/contract';
import type { UserListRow, UserRow } from './users.repository';

export function localeOf(row: Pick<UserRow, 'locale'>): Locale {
  const parsed = localeSchema.safeParse(row.locale);
  return parsed.success ? parsed.data : DEFAULT_LOCALE;
}

/** The profile fields that are set (the contract's partial profile has no nulls). */
export function profileOf(row: UserRow): Partial<Profile> {
  const profile: Partial<Profile> = {};
  for (const field of PROFILE_FIELDS) {
    const value = row[field];
    if (value !== null) profile[field] = value;
  }
  return profile;
}

/** Answer of login, ping and registration. */
export function toSessionUser(row: UserRow): SessionUser {
  return {
    userId: row.id,
    userEmail: row.email,
    admin: row.admin,
    role: row.role,
    affiliation: row.affiliationId,
    manager: isManagerRole(row.role),
    locale: localeOf(row),
    profileComplete: Boolean(row.street?.trim()),
    profile: profileOf(row),
    registrationPending: row.registrationPending,
  };
}

/** A user as listed for admins and managers. */
export function toUser(row: UserListRow): User {
  return {
    userId: row.id,
    email: row.email,
    active: row.active,
    admin: row.admin,
    role: row.role,
    manager: isManagerRole(row.role),
    locale: localeOf(row),
    affiliation: row.affiliationId,
    affiliationName: row.affiliationName,
    profile: profileOf(row),
    createdAt: row.createdAt.toISOString(),
  };
}
