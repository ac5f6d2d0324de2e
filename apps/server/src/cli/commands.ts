import { z } from 'zod';
import { DEFAULT_ROLE, emailSchema, localeSchema, type Locale } from '@hivescope/contract';
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
};

/** `user create`: an active user; the plain password gets the web client's SHA-256 step, then argon2id. */
export async function createUserCommand(db: Db, o: CreateUserOptions): Promise<number> {
  const email = parse(emailSchema, o.email, 'email');
  const password = parse(passwordSchema, o.password, 'password');
  const role = parse(z.coerce.number().int().min(0).max(1000), o.role ?? DEFAULT_ROLE, 'role');
  const affiliationId =
    o.affiliation === undefined
      ? null
      : parse(z.coerce.number().int().positive(), o.affiliation, 'affiliation');
  const locale: Locale = parse(localeSchema, o.locale ?? 'de', 'locale');
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
  });
  if (!user) throw new CliError(`a user with the email ${email} already exists`);
  return user.id;
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
