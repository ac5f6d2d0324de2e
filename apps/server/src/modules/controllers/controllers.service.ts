import {
  roundToGrams,
  type Controller,
  type ControllerOwnerUpdate,
  type MidnightValues,
  type Scale,
} from '@hivescope/contract';
import type { AppContext } from '../../context';
import type { AuthContext } from '../../http/auth';
import { AppError } from '../../http/errors';
import { timeZoneAt } from '../../lib/timezone';
import { midnightWeights } from '../measurements/measurements.service';
import { weatherAfterLocationChange } from '../weather/weather.service';
import { assignControllerRegions } from '../regions/regions.service';
import { archiveScaleOnChannel, liveScaleWindows, liveScalesOf } from '../scales/scales.service';
import { readableController, writableController } from './controller-access';
import { toController } from './controllers.mapper';
import {
  listOwnAndWatched,
  replaceWatchCode,
  updateControllerRow,
  type ControllerView,
  type NewController,
} from './controllers.repository';
import { newWatchCode } from './watch-code';

/** Owners always have a watch code; controllers given an owner outside registration get one on first view. */
async function ensureWatchCode(ctx: AppContext, view: ControllerView): Promise<void> {
  if (view.c.watchCode !== null || view.c.ownerId === null) return;
  const code = newWatchCode();
  await updateControllerRow(ctx.db, view.c.id, { watchCode: code });
  view.c.watchCode = code;
}

function byController(scales: Scale[]): Map<number, Scale[]> {
  const map = new Map<number, Scale[]>();
  for (const scale of scales) {
    const list = map.get(scale.controllerId) ?? [];
    list.push(scale);
    map.set(scale.controllerId, list);
  }
  return map;
}

/** GET controller: own and watched controllers with their live scales and current values (three queries). */
export async function listControllers(ctx: AppContext, auth: AuthContext): Promise<Controller[]> {
  const views = await listOwnAndWatched(ctx.db, auth.userId);
  const scales = byController(
    await liveScalesOf(
      ctx.db,
      views.map((v) => v.c.id),
    ),
  );
  const now = new Date();
  const result: Controller[] = [];
  for (const view of views) {
    if (view.c.ownerId === auth.userId) await ensureWatchCode(ctx, view);
    const access = view.c.ownerId === auth.userId ? 'owner' : 'watcher';
    result.push(toController(view, access, scales.get(view.c.id) ?? [], now));
  }
  return result;
}

export async function getController(ctx: AppContext, auth: AuthContext, id: number): Promise<Controller> {
  const { view, access } = await readableController(ctx.db, id, auth);
  if (access === 'owner') await ensureWatchCode(ctx, view);
  return toController(view, access, await liveScalesOf(ctx.db, [id]));
}

/** Settings of the owner (location changes also set the time zone). */
export function ownerValues(body: ControllerOwnerUpdate): Partial<NewController> {
  const { location, ...rest } = body;
  const values: Partial<NewController> = { ...rest };
  if (location !== undefined) {
    values.lat = location?.lat ?? null;
    values.lng = location?.lng ?? null;
    values.timeZone = timeZoneAt(location);
  }
  return values;
}

export async function updateController(
  ctx: AppContext,
  auth: AuthContext,
  id: number,
  body: ControllerOwnerUpdate,
) {
  const { view } = await writableController(ctx.db, id, auth);
  const values = ownerValues(body);
  if (Object.keys(values).length > 0) await updateControllerRow(ctx.db, id, values);
  // A new grid cell needs its weather history (docs/weather.md "Location changes").
  if (body.location !== undefined) {
    await weatherAfterLocationChange(ctx, auth.userId, id, view.c, body.location);
    await assignControllerRegions(ctx, [id]);
  }
  return getController(ctx, auth, id);
}

export async function renewWatchCode(ctx: AppContext, auth: AuthContext, id: number): Promise<string> {
  const { access } = await writableController(ctx.db, id, auth);
  if (access !== 'owner') throw new AppError(403, 'errors:forbidden');
  const code = newWatchCode();
  await replaceWatchCode(ctx.db, id, code);
  return code;
}

export async function archiveChannel(
  ctx: AppContext,
  auth: AuthContext,
  id: number,
  channel: number,
): Promise<void> {
  await writableController(ctx.db, id, auth);
  await archiveScaleOnChannel(ctx.db, id, channel);
}

export async function midnightValues(
  ctx: AppContext,
  auth: AuthContext,
  id: number,
): Promise<MidnightValues> {
  const { view } = await readableController(ctx.db, id, auth);
  const windows = await liveScaleWindows(ctx.db, id);
  const { midnight, weights } = await midnightWeights(ctx.db, windows, view.c.timeZone, new Date());
  return {
    controllerId: id,
    fetching: false,
    midnight: midnight.toISOString(),
    timeZone: view.c.timeZone,
    scales: windows.map((window, i) => {
      const w = weights[i];
      return {
        idscale: window.id,
        channel: window.channel,
        weight: w?.weight == null ? null : roundToGrams(w.weight),
        time: w?.time?.toISOString() ?? null,
      };
    }),
  };
}
