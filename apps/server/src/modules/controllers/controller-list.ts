import { controllerSchema, subscriptionState, type Scale } from '@hivescope/contract';
import type { AppContext } from '../../context';
import type { AuthContext } from '../../http/auth';
import { liveScalesOf } from '../scales/scales.service';
import type { Access } from './controller-access';
import { toController } from './controllers.mapper';
import {
  controllerViewsByIds,
  ownAndWatchedStamps,
  updateControllerRow,
  type ControllerStamp,
} from './controllers.repository';
import { cachedRow, storeRow } from './list-cache';
import { newWatchCode } from './watch-code';

/**
 * GET controller: the caller's own and watched controllers with their live scales and current values, as the
 * JSON text of the answer. One small query finds what changed since a row was last built (list-cache.ts);
 * only changed rows are read and built again (three queries for all of them together). docs/controllers.md
 * "Dashboard list at fleet size".
 */

type Wanted = { id: number; access: Access; key: string; stamp: string };

/** Owners always have a watch code; controllers given an owner outside registration get one on first view. */
async function stampsWithWatchCodes(ctx: AppContext, userId: number): Promise<ControllerStamp[]> {
  const stamps = await ownAndWatchedStamps(ctx.db, userId);
  const missing = stamps.filter((s) => s.ownerId === userId && s.watchCodeMissing);
  if (missing.length === 0) return stamps;
  for (const s of missing) await updateControllerRow(ctx.db, s.id, { watchCode: newWatchCode() });
  return ownAndWatchedStamps(ctx.db, userId);
}

async function wantedRows(ctx: AppContext, userId: number, now: Date): Promise<Wanted[]> {
  const stamps = await stampsWithWatchCodes(ctx, userId);
  return stamps.map((s) => {
    const access: Access = s.ownerId === userId ? 'owner' : 'watcher';
    const state = subscriptionState(s.subscriptionEnd, now);
    return {
      id: s.id,
      access,
      key: `${s.id}:${access}`,
      stamp: `${s.version}|${state}`,
    };
  });
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

/**
 * Builds the rows not kept, checked against the contract (the parse drops any field outside it) and
 * serialised one by one: joined, they are exactly what the route's array schema would serialise.
 */
async function buildRows(ctx: AppContext, userId: number, missed: Wanted[], now: Date) {
  const ids = missed.map((m) => m.id);
  const views = new Map((await controllerViewsByIds(ctx.db, userId, ids)).map((v) => [v.c.id, v]));
  const scales = byController(await liveScalesOf(ctx, ids));
  const built = new Map<string, string>();
  for (const m of missed) {
    const view = views.get(m.id);
    if (!view) continue; // deleted since the stamps were read
    const row = controllerSchema.parse(toController(view, m.access, scales.get(m.id) ?? [], now));
    const json = JSON.stringify(row);
    storeRow(ctx.db, m.key, m.stamp, json);
    built.set(m.key, json);
  }
  return built;
}

export async function listControllersJson(ctx: AppContext, auth: AuthContext): Promise<string> {
  const now = new Date();
  const wanted = await wantedRows(ctx, auth.userId, now);
  const rows = wanted.map((w) => cachedRow(ctx.db, w.key, w.stamp));
  const missed = wanted.filter((_, i) => rows[i] === undefined);
  const built =
    missed.length > 0 ? await buildRows(ctx, auth.userId, missed, now) : new Map<string, string>();
  const json = wanted.flatMap((w, i) => {
    const row = rows[i] ?? built.get(w.key);
    return row === undefined ? [] : [row];
  });
  return `[${json.join(',')}]`;
}
