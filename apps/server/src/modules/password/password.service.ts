import type { PasswordChange, PasswordResetSet } from '@hivescope/contract';
import type { AppContext } from '../../context';
import { AppError, unauthorized } from '../../http/errors';
import type { MailLog, Mailer } from '../../mail/mailer';
import { passwordResetMail } from '../../mail/templates';
import { takeLoginAttempt, takeResetSlot } from '../session/rate-limit';
import { replaceSessions, type SessionMeta } from '../session/session.service';
import { localeOf } from '../users/users.mapper';
import { findUserByEmail, findUserById, updateUser, type UserRow } from '../users/users.repository';
import { hashDigest, newToken, tokenHash, verifyDigest } from './password.hash';
import {
  consumeResetToken,
  invalidateResetTokens,
  isResetTokenUsable,
  replaceResetToken,
} from './password.repository';

export const RESET_TOKEN_TTL_MS = 60 * 60_000;

const linkInvalid = () => new AppError(400, 'errors:linkInvalid');

/**
 * Same answer and about the same time whether or not the email belongs to an account: the lookup is the
 * only work done inline; the link is created and mailed in the background.
 */
export async function requestPasswordReset(
  ctx: AppContext,
  mailer: Mailer,
  log: MailLog,
  email: string,
  ip: string,
) {
  await takeResetSlot(ctx.db, email, ip);
  const user = await findUserByEmail(ctx.db, email);
  if (!user?.active) return;
  sendResetLink(ctx, mailer, user).catch((err: unknown) => {
    log.error({ reason: err instanceof Error ? err.message : String(err) }, 'password reset link failed');
  });
}

async function sendResetLink(ctx: AppContext, mailer: Mailer, user: UserRow) {
  const { token, hash } = newToken();
  await replaceResetToken(ctx.db, user.id, hash, new Date(Date.now() + RESET_TOKEN_TTL_MS));
  const link = `${ctx.config.publicUrl}/password/reset/${token}`;
  await mailer.send(passwordResetMail(localeOf(user), user.email, link));
}

export async function checkResetToken(ctx: AppContext, token: string) {
  if (!(await isResetTokenUsable(ctx.db, tokenHash(token)))) throw linkInvalid();
}

/**
 * Sets the new password from a reset link: single use; every session of the user ends. An unusable link is
 * refused before the argon2 work, so anonymous callers cannot make the server hash for free.
 */
export async function resetPassword(ctx: AppContext, body: PasswordResetSet) {
  await checkResetToken(ctx, body.token);
  const passwordHash = await hashDigest(body.password);
  await ctx.db.transaction(async (tx) => {
    const userId = await consumeResetToken(tx, tokenHash(body.token));
    if (userId === null) throw linkInvalid();
    await updateUser(tx, userId, { passwordHash });
    await invalidateResetTokens(tx, userId);
    await replaceSessions(ctx, tx, userId);
  });
}

/**
 * Changes the caller's password after checking the current one (a failure counts like a failed login).
 * All other sessions end; the caller gets a fresh session token.
 */
export async function changePassword(
  ctx: AppContext,
  userId: number,
  body: PasswordChange,
  meta: SessionMeta,
) {
  const user = await findUserById(ctx.db, userId);
  if (!user) throw unauthorized();
  const attempt = await takeLoginAttempt(ctx.db, user.email, meta.ip);
  if (!(await verifyDigest(user.passwordHash, body.currentPassword))) {
    throw new AppError(400, 'errors:wrongCurrentPassword');
  }
  await attempt.giveBack();
  const passwordHash = await hashDigest(body.newPassword);
  return ctx.db.transaction(async (tx) => {
    await updateUser(tx, userId, { passwordHash });
    await invalidateResetTokens(tx, userId);
    const token = await replaceSessions(ctx, tx, userId, meta);
    if (!token) throw new Error('no session token');
    return token;
  });
}
