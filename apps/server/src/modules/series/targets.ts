import type { AppContext } from '../../context';
import type { AuthContext } from '../../http/auth';
import { AppError } from '../../http/errors';
import { readableController, type Access } from '../controllers/controller-access';
import { scaleRecord, scaleRecords, type ScaleRecord } from '../scales/scales.service';

/**
 * What a chart call may read: the listed scales and controllers, each checked like GET controller/{id}
 * (owner, admin, watcher, manager of the affiliation). One unknown or foreign id fails the whole call with
 * 404, so the answer never tells which ids exist.
 */
export type ControllerTarget = {
  controllerId: number;
  timeZone: string;
  access: Access;
  /** where its weather comes from; null: no location, no weather */
  location: { lat: number; lng: number } | null;
};
export type ScaleTarget = ControllerTarget & { scale: ScaleRecord };

const scaleNotFound = () => new AppError(404, 'errors:scaleNotFound');

export async function controllerTarget(
  ctx: AppContext,
  auth: AuthContext,
  controllerId: number,
): Promise<ControllerTarget> {
  const { view, access } = await readableController(ctx.db, controllerId, auth);
  const { lat, lng } = view.c;
  const location = lat === null || lng === null ? null : { lat, lng };
  return { controllerId, timeZone: view.c.timeZone, access, location };
}

export async function scaleTarget(ctx: AppContext, auth: AuthContext, idscale: number): Promise<ScaleTarget> {
  const scale = await scaleRecord(ctx, idscale);
  if (!scale) throw scaleNotFound();
  try {
    return { ...(await controllerTarget(ctx, auth, scale.controller_id)), scale };
  } catch (error) {
    if (error instanceof AppError && error.status === 404) throw scaleNotFound();
    throw error;
  }
}

/**
 * Several scales, read in one query: each controller's access is checked once, however many of its scales
 * are listed.
 */
export async function scaleTargets(
  ctx: AppContext,
  auth: AuthContext,
  ids: number[],
): Promise<ScaleTarget[]> {
  const controllers = new Map<number, Promise<ControllerTarget>>();
  const records = await scaleRecords(ctx, ids);
  const result: ScaleTarget[] = [];
  for (const id of ids) {
    const scale = records.get(id);
    if (!scale) throw scaleNotFound();
    const known = controllers.get(scale.controller_id);
    const controller = known ?? controllerTarget(ctx, auth, scale.controller_id);
    if (!known) controllers.set(scale.controller_id, controller);
    try {
      result.push({ ...(await controller), scale });
    } catch (error) {
      if (error instanceof AppError && error.status === 404) throw scaleNotFound();
      throw error;
    }
  }
  return result;
}

export async function controllerTargets(
  ctx: AppContext,
  auth: AuthContext,
  ids: number[],
): Promise<ControllerTarget[]> {
  const result: ControllerTarget[] = [];
  for (const id of ids) result.push(await controllerTarget(ctx, auth, id));
  return result;
}
