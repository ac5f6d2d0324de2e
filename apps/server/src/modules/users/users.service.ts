import type { z } from 'zod';
import type { Profile, UserPage, usersQuerySchema } from '@hivescope/contract';
import type { AppContext } from '../../context';
import type { AuthContext } from '../../http/auth';
import { forbidden, notFound } from '../../http/errors';
import { toUser } from './users.mapper';
import { decodeCursor, searchWords, toPage } from '../../lib/list-cursor';
import { listUserPage, setUserActive, updateProfile, userSortType } from './users.repository';

type UserListQuery = z.output<typeof usersQuerySchema>;

/**
 * GET admin/users (every user) and admin/affiliatedUsers (one affiliation; the caller's right to see it is
 * checked by the route): a page (docs/api-conventions.md "Lists and pagination").
 */
export async function listUsers(
  ctx: AppContext,
  query: UserListQuery,
  affiliationId?: number,
): Promise<UserPage> {
  const cursor = decodeCursor(query.cursor, query.sort, query.order, userSortType(query.sort));
  const rows = await listUserPage(ctx.db, { ...query, affiliationId, cursor, words: searchWords(query.q) });
  const page = toPage(rows, query, (r) => ({ key: r.sortKey, id: r.id }));
  return { items: page.rows.map(toUser), nextCursor: page.nextCursor };
}

export async function updateUserProfile(ctx: AppContext, userId: number, profile: Profile) {
  if (!(await updateProfile(ctx.db, userId, profile))) throw notFound();
}

/** Activates or deactivates a user; deactivation ends all their sessions at once. Admins cannot lock themselves out. */
export async function changeUserState(ctx: AppContext, auth: AuthContext, userId: number, active: boolean) {
  if (userId === auth.userId && !active) throw forbidden();
  if (!(await setUserActive(ctx.db, userId, active))) throw notFound();
}
