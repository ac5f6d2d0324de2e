import {
  roundToGrams,
  type Controller,
  type ControllerOwnerUpdate,
  type MidnightValues,
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

export async function getController(ctx: AppContext, auth: AuthContext, id: number): Promise<Controller> {
  const { view, access } = await readableController(ctx.db, id, auth);
  if (access === 'owner') await ensureWatchCode(ctx, view);
  return toController(view, access, await liveScalesOf(ctx, [id]));
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
  // A new grid cell needs its weather history (docs/weather.md "Jobs").
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
  await archiveScaleOnChannel(ctx, id, channel);
}

export async function midnightValues(
  ctx: AppContext,
  auth: AuthContext,
  id: number,
): Promise<MidnightValues> {
  const { view } = await readableController(ctx.db, id, auth);
  const windows = await liveScaleWindows(ctx, id);
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
