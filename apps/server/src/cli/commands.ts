import { z } from 'zod';
import {
  DEFAULT_ROLE,
  emailSchema,
  localeSchema,
  PROFILE_FIELDS,
  profileSchema,
  type Locale,
  type Profile,
} from '@hivescope/contract';
import type { Db } from '../db/client';
import { hashPassword } from '../modules/password/password.hash';
import { invalidateResetTokens } from '../modules/password/password.repository';
import { deleteUserSessions } from '../modules/session/session.repository';
import {
  affiliationExists,
  findUserByEmail,
  insertAffiliation,
  insertUser,
  listUsers,
  updateUser,
} from '../modules/users/users.repository';

/** A failure the CLI prints as one line (exit code 1). */
export class CliError extends Error {}

const passwordSchema = z.string().min(8, 'the password needs at least 8 characters');

function parse<T>(schema: z.ZodType<T>, value: unknown, name: string): T {
  const r = schema.safeParse(value);
  if (!r.success) throw new CliError(`--${name}: ${r.error.issues[0]?.message ?? 'invalid'}`);
  return r.data;
}

export type CreateUserOptions = {
  email: string;
  password: string;
  admin?: boolean;
  role?: string | number;
  affiliation?: string | number;
  locale?: string;
} & Partial<Record<(typeof PROFILE_FIELDS)[number], string>>;

/** The command-line name of a profile field: firstName → first-name. */
export const profileOption = (field: string) => field.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/**
 * The profile from --first-name, --last-name, --company, --street, --zip, --city, --country, --phone: all
 * required ones or none (then the user fills in the profile form at the first login).
 */
function profileFrom(o: CreateUserOptions): Profile | null {
  const given = PROFILE_FIELDS.filter((f) => o[f] !== undefined);
  if (given.length === 0) return null;
  const r = profileSchema.safeParse(Object.fromEntries(given.map((f) => [f, o[f]])));
  if (r.success) return r.data;
  const issue = r.error.issues[0];
  const field = typeof issue?.path[0] === 'string' ? issue.path[0] : 'profile';
  const problem = o[field as keyof CreateUserOptions] === undefined ? 'missing' : 'invalid';
  throw new CliError(`--${profileOption(field)}: ${problem} (give all profile fields or none)`);
}

/**
 * `user create`: an active user; the plain password gets the web client's SHA-256 step, then argon2id. With
 * the profile options the account is ready to use; without them the user meets the profile form first.
 */
export async function createUserCommand(
  db: Db,
  o: CreateUserOptions,
): Promise<{ id: number; profileComplete: boolean }> {
  const email = parse(emailSchema, o.email, 'email');
  const password = parse(passwordSchema, o.password, 'password');
  const role = parse(z.coerce.number().int().min(0).max(1000), o.role ?? DEFAULT_ROLE, 'role');
  const affiliationId =
    o.affiliation === undefined
      ? null
      : parse(z.coerce.number().int().positive(), o.affiliation, 'affiliation');
  const locale: Locale = parse(localeSchema, o.locale ?? 'de', 'locale');
  const profile = profileFrom(o);
  if (affiliationId !== null && !(await affiliationExists(db, affiliationId))) {
    throw new CliError(`--affiliation: no affiliation with id ${affiliationId}`);
  }
  const user = await insertUser(db, {
    email,
    passwordHash: await hashPassword(password),
    admin: Boolean(o.admin),
    role,
    affiliationId,
    locale,
    ...profile,
  });
  if (!user) throw new CliError(`a user with the email ${email} already exists`);
  return { id: user.id, profileComplete: profile !== null };
}

/** `user set-password`: sets the password, ends the user's sessions and open reset links. */
export async function setPasswordCommand(db: Db, o: { email: string; password: string }) {
  const email = parse(emailSchema, o.email, 'email');
  const password = parse(passwordSchema, o.password, 'password');
  const user = await findUserByEmail(db, email);
  if (!user) throw new CliError(`no user with the email ${email}`);
  await updateUser(db, user.id, { passwordHash: await hashPassword(password) });
  await invalidateResetTokens(db, user.id);
  await deleteUserSessions(db, user.id);
}

/** `user list`: one line per user. */
export async function listUsersCommand(db: Db): Promise<string[]> {
  const rows = await listUsers(db);
  const header = ['id', 'email', 'active', 'admin', 'role', 'affiliation', 'locale'];
  const lines = rows.map((u) => [
    u.id,
    u.email,
    u.active ? 'yes' : 'no',
    u.admin ? 'yes' : 'no',
    u.role,
    u.affiliationName ?? '-',
    u.locale,
  ]);
  return [header, ...lines].map((cols) => cols.join('\t'));
}

/** `affiliation create`: returns the new id. */
export async function createAffiliationCommand(db: Db, o: { name: string }): Promise<number> {
  const name = parse(z.string().trim().min(1, 'the name must not be empty').max(200), o.name, 'name');
  return insertAffiliation(db, name);
}
