import type { Scale, ScaleCreate, ScaleUpdate } from '@hivescope/contract';
import type { AppContext } from '../../context';
import type { Queryable } from '../../db/queryable';
import type { AuthContext } from '../../http/auth';
import { AppError, badRequest, notFound } from '../../http/errors';
import type { ChannelWindow } from '../measurements/measurements.types';
import { accessTo, writableController } from '../controllers/controller-access';
import { markDirtyFrom } from '../alarms/alarms.service';
import { windowOf, withValues } from './scale-values';
import { toScale } from './scales.mapper';
import {
  archiveChannelScale,
  insertScale,
  lastArchivedAt,
  liveScalesOfControllers,
  scaleById,
  scalesByIds,
  scalesOfOwner,
  updateScale as updateScaleRow,
  userAffiliation,
  type ScaleRecord,
} from './scales.repository';

export type { ScaleRecord } from './scales.repository';

const scaleNotFound = () => new AppError(404, 'errors:scaleNotFound');

/** GET scale (live scales) and GET scale/all (also archived ones) of the caller's own controllers. */
export async function listOwnScales(
  ctx: AppContext,
  auth: AuthContext,
  includeArchived: boolean,
): Promise<Scale[]> {
  return (await withValues(ctx.db, await scalesOfOwner(ctx.db, auth.userId, includeArchived))).map(toScale);
}

/** GET user/{id}/scales: oneself, admins, and managers for users of their affiliation; 404 for anyone else. */
export async function listUserScales(ctx: AppContext, auth: AuthContext, userId: number): Promise<Scale[]> {
  if (userId !== auth.userId) {
    const target = await userAffiliation(ctx.db, userId);
    const managed =
      auth.manager && auth.affiliationId !== null && target?.affiliationId === auth.affiliationId;
    if (!target || !(auth.admin || managed)) throw notFound();
  }
  return (await withValues(ctx.db, await scalesOfOwner(ctx.db, userId, false))).map(toScale);
}

/** POST scale: a new scale on a free channel of a controller the caller may change. */
export async function createScale(ctx: AppContext, auth: AuthContext, body: ScaleCreate): Promise<Scale> {
  await writableController(ctx.db, body.controllerId, auth);
  const { controllerId, channelId, since, ...fields } = body;
  const setupAt = since === undefined ? undefined : await historyStart(ctx, controllerId, channelId, since);
  const id = await insertScale(ctx.db, { ...fields, controllerId, channel: channelId, setupAt });
  if (id === null) throw badRequest('errors:channelOccupied');
  // the detectors analyse the history the scale brings along (docs/alarms.md "History")
  if (setupAt) await markDirtyFrom(ctx, controllerId, setupAt);
  return loadScale(ctx, id);
}

/** A new scale's `since`: not in the future, not before the channel's previous scale was archived. */
async function historyStart(ctx: AppContext, controllerId: number, channel: number, since: string) {
  const at = new Date(since);
  if (at.getTime() > Date.now()) throw badRequest('errors:sinceInFuture');
  const archived = await lastArchivedAt(ctx.db, controllerId, channel);
  if (archived && at.getTime() < archived.getTime())
    throw new AppError(400, 'errors:sinceBeforeArchive', { time: archived.toISOString() });
  return at;
}

async function loadScale(ctx: AppContext, id: number): Promise<Scale> {
  const row = await scaleById(ctx.db, id);
  if (!row) throw scaleNotFound();
  const [withValue] = await withValues(ctx.db, [row]);
  return toScale(withValue ?? { ...row, time: null, weight: null, temperature: null, humidity: null });
}

/** POST scale/{idscale}: 404 unless the caller sees the controller; 403 for watchers and managers. */
export async function updateScale(
  ctx: AppContext,
  auth: AuthContext,
  id: number,
  body: ScaleUpdate,
): Promise<Scale> {
  const row = await scaleById(ctx.db, id);
  const access = row ? await accessTo(ctx.db, row.controller_id, auth) : null;
  if (!row || !access) throw scaleNotFound();
  if (access === 'watcher') throw new AppError(403, 'errors:readOnlyWatch');
  if (access === 'manager') throw new AppError(403, 'errors:forbidden');
  if (row.state === 'archived' && body.state !== undefined) {
    throw badRequest('errors:scaleArchived');
  }
  if (Object.keys(body).length > 0) await updateScaleRow(ctx.db, id, body);
  return loadScale(ctx, id);
}

/*
 * What the controllers module needs of scales (it checks the caller's access itself; it never reads the
 * scales tables).
 */

/** The live scales of these controllers with their current values. */
export async function liveScalesOf(ctx: AppContext, controllerIds: number[]): Promise<Scale[]> {
  return (await withValues(ctx.db, await liveScalesOfControllers(ctx.db, controllerIds))).map(toScale);
}

/** One scale as stored, in any state (series and interventions check the caller's access themselves). */
export function scaleRecord(ctx: AppContext, id: number): Promise<ScaleRecord | undefined> {
  return scaleById(ctx.db, id);
}

/** Several scales as stored, by id, in one query (unknown ids are absent from the map). */
export async function scaleRecords(ctx: AppContext, ids: number[]): Promise<Map<number, ScaleRecord>> {
  return new Map((await scalesByIds(ctx.db, ids)).map((s) => [s.id, s]));
}

/** The windows of a controller's live scales (for midnight values), by channel. */
export async function liveScaleWindows(ctx: AppContext, controllerId: number): Promise<ChannelWindow[]> {
  return (await liveScalesOfControllers(ctx.db, [controllerId])).map(windowOf);
}

/** Archives the live scale on a channel (the caller checked write access); 404 when the channel has none. */
export async function archiveScaleOnChannel(
  ctx: AppContext,
  controllerId: number,
  channel: number,
): Promise<void> {
  const archived = await archiveChannelScale(ctx.db, controllerId, channel);
  if (archived === null) throw scaleNotFound();
}

/** The windows of a controller's active weight scales: what the alarm detectors analyse (docs/alarms.md). */
export async function activeWeightWindows(db: Queryable, controllerId: number): Promise<ChannelWindow[]> {
  const live = await liveScalesOfControllers(db, [controllerId]);
  return live.filter((s) => s.type === 'weight' && s.state === 'active').map(windowOf);
}

/** The windows of these controllers' visible active weight scales: the public map's today's change. */
export async function visibleWeightWindowsOf(
  db: Queryable,
  controllerIds: number[],
): Promise<ChannelWindow[]> {
  const live = await liveScalesOfControllers(db, controllerIds);
  return live.filter((s) => s.type === 'weight' && s.state === 'active' && s.visible).map(windowOf);
}
