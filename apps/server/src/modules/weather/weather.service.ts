import crypto from 'node:crypto';
import type { JobCreate, Job } from '@hivescope/contract';
import { MIN_CHART_START } from '@hivescope/contract';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { AppError, badRequest } from '../../http/errors';
import { transmitterNotFound } from '../controllers/controller-access';
import { toJob } from '../jobs/jobs.mapper';
import { errorText, recordQueueFailure, recordQueuedJob, type Progress } from '../jobs/jobs.tracking';
import type { RetryPolicy } from '../../background-jobs/job';
import { cellOf, type WeatherCell } from './grid';
import type { DayRange, WeatherProvider } from './provider';
import { findControllerLocation, locatedControllers, upsertWeather } from './weather.repository';
import { WEATHER_RETRY } from './weather.retry';

/** pg-boss queue names (never renamed: queued jobs carry them). */
export const WEATHER_NIGHTLY_JOB = 'weather-nightly';
export const WEATHER_UPDATE_JOB = 'weather-update';

/** The nightly run reloads this many past days: the provider corrects its latest hours for a while. */
export const NIGHTLY_DAYS = 3;
/** Days per provider call in a backfill: about 2,200 hours, a quick answer, and progress to show. */
export const CHUNK_DAYS = 92;

export type WeatherDeps = { db: Db; provider: WeatherProvider; now?: () => Date };

const dayMs = 86_400_000;
const dayOf = (d: Date) => d.toISOString().slice(0, 10);
const addDays = (day: string, n: number) => dayOf(new Date(Date.parse(day) + n * dayMs));
const todayOf = (deps: Pick<WeatherDeps, 'now'>) => dayOf(deps.now?.() ?? new Date());

/** Consecutive pieces of at most CHUNK_DAYS days. */
export function chunks(days: DayRange): DayRange[] {
  const out: DayRange[] = [];
  for (let from = days.from; from <= days.to; from = addDays(from, CHUNK_DAYS)) {
    const end = addDays(from, CHUNK_DAYS - 1);
    out.push({ from, to: end < days.to ? end : days.to });
  }
  return out;
}

/** Fetches and stores a cell's hours for the days, piece by piece; returns the hours stored. */
export async function fetchCell(
  deps: WeatherDeps,
  cell: WeatherCell,
  days: DayRange,
  progress: Progress = async () => {},
): Promise<number> {
  const pieces = chunks(days);
  let stored = 0;
  for (const [i, piece] of pieces.entries()) {
    const hours = await deps.provider.hourly(cell, piece);
    stored += await upsertWeather(deps.db, cell.key, hours, deps.provider.source);
    await progress(((i + 1) / pieces.length) * 100);
  }
  return stored;
}

export const nightlyDays = (deps: Pick<WeatherDeps, 'now'>): DayRange => {
  const today = todayOf(deps);
  return { from: addDays(today, -NIGHTLY_DAYS), to: addDays(today, -1) };
};

/**
 * The nightly run: the last NIGHTLY_DAYS days for every grid cell that holds a located controller, one
 * fetch per cell. A failing cell does not stop the others; the run fails afterwards (pg-boss retries it,
 * refetching is harmless) with a message naming how many cells failed and the first reason.
 */
export async function runNightly(deps: WeatherDeps, progress: Progress): Promise<void> {
  const days = nightlyDays(deps);
  const cells = new Map<string, WeatherCell>();
  for (const c of await locatedControllers(deps.db)) {
    const cell = cellOf(c.lat, c.lng);
    cells.set(cell.key, cell);
  }
  const failures: string[] = [];
  let done = 0;
  for (const cell of cells.values()) {
    try {
      await fetchCell(deps, cell, days);
    } catch (err) {
      failures.push(`cell ${cell.key}: ${errorText(err)}`);
    }
    done += 1;
    await progress((done / cells.size) * 100);
  }
  if (failures.length > 0)
    throw new Error(`${failures.length} of ${cells.size} grid cells failed; ${failures[0] ?? ''}`);
}

export type WeatherUpdatePayload = { controllerId: number; from: string; to: string };

/** A backfill for one controller's current cell; days after yesterday are left to the nightly run. */
export async function runWeatherUpdate(
  deps: WeatherDeps,
  payload: WeatherUpdatePayload,
  progress: Progress,
): Promise<void> {
  const c = await findControllerLocation(deps.db, payload.controllerId);
  if (!c) throw new Error(`controller ${payload.controllerId} no longer exists`);
  if (c.lat === null || c.lng === null) throw new Error(`controller ${payload.controllerId} has no location`);
  const yesterday = addDays(todayOf(deps), -1);
  const to = payload.to < yesterday ? payload.to : yesterday;
  if (payload.from > to) return;
  await fetchCell(deps, cellOf(c.lat, c.lng), { from: payload.from, to }, progress);
}

/**
 * Queues a WEATHER_UPDATE: a row in `jobs` (visible at once as queued), then the pg-boss job with the same
 * id. If queueing fails the row says so (failed, with the reason) and the caller gets an error.
 */
async function queueWeatherUpdate(
  ctx: AppContext,
  ownerId: number | null,
  controller: { id: number; name: string },
  days: DayRange,
  /** its own retries; none: the queue's (weather.retry.ts) */
  retry?: RetryPolicy,
): Promise<Job> {
  if (!ctx.queue) throw new AppError(503, 'errors:jobsUnavailable');
  const id = crypto.randomUUID();
  const payload: WeatherUpdatePayload = { controllerId: controller.id, ...days };
  const row = await recordQueuedJob(ctx.db, {
    id,
    type: 'WEATHER_UPDATE',
    description: `${controller.name} · ${days.from} – ${days.to}`,
    ownerId,
    payload,
  });
  try {
    await ctx.queue.send(WEATHER_UPDATE_JOB, payload, id, retry);
  } catch (err) {
    await recordQueueFailure(ctx.db, id, err);
    throw new AppError(503, 'errors:jobsUnavailable');
  }
  return toJob(row);
}

/** POST jobs { type: WEATHER_UPDATE }: an admin backfills one controller (the route checks the role). */
export async function startWeatherUpdate(
  ctx: AppContext,
  ownerId: number,
  body: Extract<JobCreate, { type: 'WEATHER_UPDATE' }>,
): Promise<Job> {
  const c = await findControllerLocation(ctx.db, body.controllerId);
  if (!c) throw transmitterNotFound();
  if (c.lat === null || c.lng === null) throw badRequest('errors:controllerWithoutLocation');
  return queueWeatherUpdate(ctx, ownerId, c, { from: body.from, to: body.to });
}

type LatLng = { lat: number | null; lng: number | null } | null;
const keyOf = (l: LatLng) => (l && l.lat !== null && l.lng !== null ? cellOf(l.lat, l.lng).key : null);

/**
 * After a location was saved: when it moved the controller into another grid cell, backfill that cell from
 * the controller's creation (at most back to the chart's first day) to yesterday. Without a job queue (an
 * app built for API tests) nothing is queued.
 */
export async function weatherAfterLocationChange(
  ctx: AppContext,
  ownerId: number | null,
  controllerId: number,
  before: LatLng,
  after: LatLng,
): Promise<void> {
  const cell = keyOf(after);
  if (!ctx.queue || cell === null || cell === keyOf(before)) return;
  const c = await findControllerLocation(ctx.db, controllerId);
  if (!c) return;
  const to = addDays(todayOf({}), -1);
  const created = dayOf(c.createdAt);
  const first = MIN_CHART_START.slice(0, 10);
  const from = created > first ? created : first;
  if (from > to) return;
  try {
    // nobody waits for this backfill: it retries like the nightly run (weather.retry.ts)
    await queueWeatherUpdate(ctx, ownerId, c, { from, to }, WEATHER_RETRY);
  } catch {
    // the job row already records the failure (queueWeatherUpdate); the location itself is saved
  }
}
