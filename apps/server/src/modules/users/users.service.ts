import type { Profile, User } from '@hivescope/contract';
import type { AppContext } from '../../context';
import type { AuthContext } from '../../http/auth';
import { forbidden, notFound } from '../../http/errors';
import { toUser } from './users.mapper';
import { listUsers, setUserActive, updateProfile } from './users.repository';

export async function listAllUsers(ctx: AppContext): Promise<User[]> {
  return (await listUsers(ctx.db)).map(toUser);
}

/** Users of one affiliation (the caller's right to see it is checked by the route). */
export async function listAffiliatedUsers(ctx: AppContext, affiliationId: number): Promise<User[]> {
  return (await listUsers(ctx.db, affiliationId)).map(toUser);
}

export async function updateUserProfile(ctx: AppContext, userId: number, profile: Profile) {
  if (!(await updateProfile(ctx.db, userId, profile))) throw notFound();
}

/** Activates or deactivates a user; deactivation ends all their sessions at once. Admins cannot lock themselves out. */
export async function changeUserState(ctx: AppContext, auth: AuthContext, userId: number, active: boolean) {
  if (userId === auth.userId && !active) throw forbidden();
  if (!(await setUserActive(ctx.db, userId, active))) throw notFound();
}
