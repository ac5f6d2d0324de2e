import { DEFAULT_ROLE, type Locale, type RegistrationUser } from '@hivescope/contract';
import type { AppContext } from '../../context';
import { AppError } from '../../http/errors';
import { hashDigest } from '../password/password.hash';
import { takeRegistrationSlot } from '../session/rate-limit';
import { deleteSession } from '../session/session.repository';
import { createSession, type SessionMeta } from '../session/session.service';
import { insertUser, type UserRow } from '../users/users.repository';

/**
 * Creates an active ordinary user and logs them in (the caller's previous session, if any, ends). A registered email gets 400 emailTaken: registration
 * cannot hide that (docs/decisions.md); the password is hashed first either way, so both answers take the
 * same time, and requests are limited per ip.
 */
export async function registerUser(
  ctx: AppContext,
  body: RegistrationUser,
  requestLocale: Locale,
  meta: SessionMeta,
  previousSessionId?: string,
): Promise<{ user: UserRow; token: string }> {
  await takeRegistrationSlot(ctx.db, meta.ip);
  const passwordHash = await hashDigest(body.password);
  return ctx.db.transaction(async (tx) => {
    const user = await insertUser(tx, {
      email: body.email,
      passwordHash,
      active: true,
      admin: false,
      role: DEFAULT_ROLE,
      registrationPending: true,
      locale: body.locale ?? requestLocale,
      ...body.profile,
    });
    if (!user) throw new AppError(400, 'errors:emailTaken');
    // Rotation as at login: the session the browser had before ends.
    if (previousSessionId) await deleteSession(tx, previousSessionId);
    return { user, token: await createSession(ctx, tx, user.id, meta) };
  });
}
