import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Db } from '../src/db/client';
import { rateLimits, sessions, users } from '../src/db/schema';
import { hashPassword, sha256hex } from '../src/modules/password/password.hash';
import { createUser, type TestUser } from './users';

/** Test helpers for the auth modules: real argon2 passwords, real logins. */
export const digest = (plain: string) => sha256hex(plain);

export type Account = TestUser & { password: string };

/** An account with a real password (default "correct horse"), plus a live session cookie from test/users.ts. */
export async function createAccount(
  db: Db,
  opts: Parameters<typeof createUser>[1] & { password?: string; active?: boolean } = {},
): Promise<Account> {
  const { password = 'correct horse', active = true, ...rest } = opts;
  const user = await createUser(db, rest);
  await db
    .update(users)
    .set({ passwordHash: await hashPassword(password), active })
    .where(eq(users.id, user.id));
  return { ...user, password };
}

export function login(
  app: FastifyInstance,
  email: string,
  password: string,
  opts: { ip?: string; headers?: Record<string, string> } = {},
) {
  return app.inject({
    method: 'POST',
    url: '/api/user/login',
    payload: { email, password: digest(password) },
    remoteAddress: opts.ip ?? '127.0.0.1',
    headers: opts.headers,
  });
}

/** The hs_session cookie a response sets (value '' when cleared). */
export function sessionCookie(res: LightMyRequestResponse) {
  const cookie = res.cookies.find((c) => c.name === 'hs_session');
  if (!cookie) return undefined;
  return { ...cookie, header: { cookie: `hs_session=${cookie.value}` } };
}

export const ping = (app: FastifyInstance, headers: Record<string, string>) =>
  app.inject({ url: '/api/user/ping', headers });

export async function userRow(db: Db, id: number) {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

export const sessionCount = async (db: Db, userId: number) =>
  (await db.select().from(sessions).where(eq(sessions.userId, userId))).length;

/** Forgets every rate-limit counter (each test file has its own database). */
export const clearAttempts = (db: Db) => db.delete(rateLimits);
