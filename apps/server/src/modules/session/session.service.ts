import type { LoginRequest } from '@hivescope/contract';
import type { AppContext } from '../../context';
import { AppError, unauthorized } from '../../http/errors';
import { newToken, tokenHash, verifyDigest, verifyDummy } from '../password/password.hash';
import type { Queryable } from '../../db/queryable';
import { findUserByEmail, findUserById, type UserRow } from '../users/users.repository';
import { clearLoginFailures, takeLoginAttempt } from './rate-limit';
import {
  deleteSession,
  deleteUserSessions,
  findLiveSession,
  insertSession,
  touchSession,
} from './session.repository';

export type SessionMeta = { ip: string; userAgent: string | null };

/** Longer cookie values are never looked up (our tokens are 43 characters). */
const MAX_TOKEN_LENGTH = 100;

/**
 * The live session of a cookie token and its user (docs/api-conventions.md, "Sessions"): not past its idle
 * or absolute timeout, not deleted, the user active. Its last use is recorded (at most once a minute).
 * Undefined for a dead or unknown session.
 */
export async function liveSession(
  ctx: AppContext,
  token: string,
): Promise<{ id: string; user: UserRow } | undefined> {
  if (token.length > MAX_TOKEN_LENGTH) return undefined;
  const id = tokenHash(token);
  const found = await findLiveSession(ctx.db, id, ctx.config.sessionIdleMs);
  if (!found) return undefined;
  if (found.stale) await touchSession(ctx.db, id);
  return { id, user: found.user };
}

/** Opens a session for the user; returns the cookie token (the table keeps only its SHA-256). */
export async function createSession(ctx: AppContext, db: Queryable, userId: number, meta: SessionMeta) {
  const { token, hash } = newToken();
  await insertSession(db, {
    id: hash,
    userId,
    expiresAt: new Date(Date.now() + ctx.config.sessionAbsoluteMs),
    userAgent: meta.userAgent?.slice(0, 300) ?? null,
    ip: meta.ip,
  });
  return token;
}

/**
 * Checks the credentials. Unknown email and wrong password cost the same (argon2 against a dummy hash) and
 * give the same answer; "account inactive" is only told to whoever knows the password.
 */
export async function login(
  ctx: AppContext,
  body: LoginRequest,
  meta: SessionMeta,
  previousSessionId: string | undefined,
): Promise<{ user: UserRow; token: string }> {
  const { db } = ctx;
  // counted before the password check; a failure stays counted, the right password gives the attempt back
  const attempt = await takeLoginAttempt(db, body.email, meta.ip);
  const user = await findUserByEmail(db, body.email);
  const ok = user ? await verifyDigest(user.passwordHash, body.password) : await verifyDummy(body.password);
  if (!user || !ok) throw new AppError(401, 'errors:invalidCredentials');
  await attempt.giveBack();
  if (!user.active) throw new AppError(401, 'errors:accountInactive');
  await clearLoginFailures(db, body.email, meta.ip);
  if (previousSessionId) await deleteSession(db, previousSessionId);
  return { user, token: await createSession(ctx, db, user.id, meta) };
}

export const logout = (ctx: AppContext, sessionId: string) => deleteSession(ctx.db, sessionId);

export async function sessionUserRow(ctx: AppContext, userId: number): Promise<UserRow> {
  const user = await findUserById(ctx.db, userId);
  if (!user || !user.active) throw unauthorized();
  return user;
}

/** Ends every session of the user and, when `meta` is given, opens a fresh one (returns its token). */
export async function replaceSessions(ctx: AppContext, db: Queryable, userId: number, meta?: SessionMeta) {
  await deleteUserSessions(db, userId);
  return meta ? createSession(ctx, db, userId, meta) : undefined;
}
