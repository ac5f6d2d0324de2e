import type { AuthContext } from '../../http/auth';
import { AppError } from '../../http/errors';
import type { Queryable } from '../../db/queryable';
import { findControllerView, ownAndWatchedIdList, type ControllerView } from './controllers.repository';

/**
 * How the caller relates to a controller. Owners and admins may read and write; watchers (through a watch code)
 * and managers of the controller's affiliation may only read. Everybody else gets 404 (no existence oracle).
 */
export type Access = 'owner' | 'admin' | 'watcher' | 'manager';

export function accessOf(view: ControllerView, auth: AuthContext): Access | null {
  if (view.c.ownerId === auth.userId) return 'owner';
  if (auth.admin) return 'admin';
  if (view.watched) return 'watcher';
  if (auth.manager && auth.affiliationId !== null && view.c.affiliationId === auth.affiliationId)
    return 'manager';
  return null;
}

export const canWrite = (access: Access) => access === 'owner' || access === 'admin';

export const transmitterNotFound = () => new AppError(404, 'errors:transmitterNotFound');

/** How the caller relates to a controller, or null when they may not see it (or it does not exist). */
export async function accessTo(db: Queryable, id: number, auth: AuthContext): Promise<Access | null> {
  const view = await findControllerView(db, id, auth.userId);
  return view ? accessOf(view, auth) : null;
}

/** The controller if the caller may see it, else 404. */
export async function readableController(db: Queryable, id: number, auth: AuthContext) {
  const view = await findControllerView(db, id, auth.userId);
  const access = view ? accessOf(view, auth) : null;
  if (!view || !access) throw transmitterNotFound();
  return { view, access };
}

/** The controller if the caller may change it: 404 when they cannot see it, 403 when they may only read it. */
export async function writableController(db: Queryable, id: number, auth: AuthContext) {
  const found = await readableController(db, id, auth);
  if (found.access === 'watcher') throw new AppError(403, 'errors:readOnlyWatch');
  if (!canWrite(found.access)) throw new AppError(403, 'errors:forbidden');
  return found;
}

/** Ids of the controllers a user owns or watches (their own lists, e.g. their alarm events). */
export async function ownAndWatchedIds(db: Queryable, userId: number): Promise<number[]> {
  return ownAndWatchedIdList(db, userId);
}
