import type { Watch } from '@hivescope/contract';
import type { AppContext } from '../../context';
import type { AuthContext } from '../../http/auth';
import { transmitterNotFound } from '../controllers/controller-access';
import { findControllerByWatchCode } from '../controllers/controllers.repository';
import { countingFailures } from '../controllers/guess-limit';
import { deleteWatch, findWatch, insertWatch, listWatches, type WatchRow } from './watches.repository';

function toWatch(row: WatchRow): Watch {
  return {
    code: row.code ?? '',
    controllerId: row.controllerId,
    controllerName: row.controllerName,
    owner:
      row.ownerId === null || row.ownerEmail === null ? null : { userId: row.ownerId, email: row.ownerEmail },
    createdAt: row.createdAt.toISOString(),
  };
}

export async function getWatches(ctx: AppContext, auth: AuthContext): Promise<Watch[]> {
  return (await listWatches(ctx.db, auth.userId)).map(toWatch);
}

/** POST controller/watches: watch another user's controller. Unknown codes and one's own controllers: 404. */
export async function addWatch(ctx: AppContext, auth: AuthContext, code: string, ip: string): Promise<Watch> {
  const controller = await countingFailures(ctx.db, 'watchCode', auth, ip, async () => {
    const found = await findControllerByWatchCode(ctx.db, code);
    if (!found || found.ownerId === null || found.ownerId === auth.userId) throw transmitterNotFound();
    return found;
  });
  await insertWatch(ctx.db, auth.userId, controller.id);
  const row = await findWatch(ctx.db, auth.userId, controller.id);
  if (!row) throw transmitterNotFound();
  return toWatch(row);
}

/** DELETE controller/watches/{code}: stop watching; 404 when the caller does not watch that code. */
export async function removeWatch(ctx: AppContext, auth: AuthContext, code: string): Promise<void> {
  const controller = await findControllerByWatchCode(ctx.db, code);
  if (!controller || !(await deleteWatch(ctx.db, auth.userId, controller.id))) throw transmitterNotFound();
}
