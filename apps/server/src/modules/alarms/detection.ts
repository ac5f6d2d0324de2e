import { notificationTypeOf, type AlarmType } from '@hivescope/contract';
import type { Db } from '../../db/client';
import type { Queryable } from '../../db/queryable';
import { globalSettings } from '../global-settings/global-settings.service';
import { weightSamples } from '../measurements/measurements.service';
import { activeWeightWindows } from '../scales/scales.service';
import {
  alarmTarget,
  clearDirty,
  dirtyMarks,
  hasActiveChannel,
  recordEvents,
  type AlarmTarget,
  type Delivery,
  type DirtyMark,
  type NewEvent,
} from './alarms.repository';
import { detectWeightAlarms, GRID_MS, HISTORY_MS, inParts, mergeParts, type DetectedEvent } from './detect';
import type { ScaleSeries } from './detect/types';

const HOUR_MS = 3_600_000;
/** History the detectors see before the first new reading (detect/constants.ts `HISTORY_MS`). */
export const LOOKBACK_MS = HISTORY_MS;
/** Events older than this when found are recorded, not sent (docs/alarms.md "Pipeline"). */
export const SEND_HORIZON_MS = 24 * HOUR_MS;
/**
 * New readings spanning more than this are analysed in parts of it (detect/chunks.ts): each part one call of
 * the detectors over 19 days of readings, a fraction of a second.
 */
export const PART_MS = 3 * 24 * HOUR_MS;
/** Controllers per run at most; a run that leaves marks behind asks for another. */
export const BATCH = 25;

/** What one event should become: sent, or recorded only and why. */
export function deliveryOf(
  event: { type: AlarmType; time: Date },
  target: Pick<AlarmTarget, 'types' | 'mutes'>,
  canSend: boolean,
  now: Date,
): Delivery {
  if (now.getTime() - event.time.getTime() > SEND_HORIZON_MS) return 'stale';
  const kind = notificationTypeOf(event.type);
  if (kind !== null && !target.types.includes(kind)) return 'off';
  if (kind !== null && (target.mutes.get(kind)?.getTime() ?? 0) > now.getTime()) return 'muted';
  return canSend ? 'pending' : 'none';
}

/** Records events of one controller with their delivery decision; answers the deliveries queued. */
export async function recordForTarget(
  db: Queryable,
  target: AlarmTarget,
  events: Omit<NewEvent, 'delivery'>[],
  now: Date,
): Promise<number> {
  if (events.length === 0) return 0;
  const canSend = target.ownerId !== null && (await hasActiveChannel(db, target.ownerId));
  const withDelivery = events.map((e) => ({ ...e, delivery: deliveryOf(e, target, canSend, now) }));
  return (await recordEvents(db, target.id, target.ownerId, withDelivery)).deliveries;
}

/** Runs the weight detectors over one marked controller; the mark goes only once the events are stored. */
async function detectOne(db: Db, mark: DirtyMark, now: Date): Promise<number> {
  const target = await alarmTarget(db, mark.controllerId, now);
  // a mark left behind would be the oldest again at once, run after run
  if (!target) return clearDirty(db, mark).then(() => 0);
  const windows = await activeWeightWindows(db, mark.controllerId);
  const from = new Date(mark.since.getTime() - LOOKBACK_MS);
  const samples = await weightSamples(db, windows, from, new Date(now.getTime() + HOUR_MS), GRID_MS);
  const scales: ScaleSeries[] = samples.map((s, i) => ({
    scaleId: s.id,
    channel: windows[i]?.channel ?? 0,
    samples: s.times.map((t, j) => ({ t, w: s.weights[j] ?? null })),
  }));
  const input = {
    scales,
    timeZone: target.timeZone,
    alarmWindow: { fromMinute: target.alarmFromMinute, toMinute: target.alarmToMinute },
    settings: await globalSettings(db),
    newFrom: mark.since.getTime(),
  };
  const found: DetectedEvent[][] = [];
  for (const [i, part] of inParts(input, PART_MS, LOOKBACK_MS).entries()) {
    // between the parts of a long history the server answers requests
    if (i > 0) await new Promise((resolve) => setImmediate(resolve));
    found.push(detectWeightAlarms(part));
  }
  const events = mergeParts(found).map((e) => ({
    scaleId: e.scaleId,
    channel: e.channel,
    type: e.type,
    time: new Date(e.time),
    delta: Math.round(e.delta * 100) / 100,
  }));
  return db.transaction(async (tx) => {
    const queued = await recordForTarget(tx, target, events, now);
    await clearDirty(tx, mark);
    return queued;
  });
}

/**
 * Detection's share of the server's time while marks wait (docs/alarms.md "Pipeline"): after each controller
 * the run pauses for nine times as long as that controller took. Detection runs in the process that takes
 * the device reports; under a flood of reports it falls behind (the marks wait, oldest first) instead of
 * slowing the ingest down.
 */
export const DETECT_SHARE = 0.1;
/**
 * A long history's parts (PART_MS) run one after the other; the pause after them is at most this long, so
 * that the controllers behind such a backfill are not kept waiting for minutes.
 */
export const MAX_PAUSE_MS = 5_000;

export type DetectRunOptions = {
  /** Called after each controller whose events queued deliveries: the send job need not wait for the run. */
  onQueued?: () => Promise<void>;
  /** The moment each controller is judged at; by default the time it is taken up. */
  now?: Date;
  /** Milliseconds, monotonic; tests give their own clock. */
  clock?: () => number;
  sleep?: (ms: number) => Promise<void>;
};

const sleepMs = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * One run of the alarm-detect job: up to BATCH marked controllers, each time the oldest mark (a new report's
 * mark is older than those of controllers that keep reporting, so it waits at most one pause), paced to
 * DETECT_SHARE. Answers the deliveries queued and whether marks are left for another run.
 */
export async function detectMarked(
  db: Db,
  opts: DetectRunOptions = {},
): Promise<{ deliveries: number; more: boolean }> {
  const { clock = () => performance.now(), sleep = sleepMs } = opts;
  let deliveries = 0;
  for (let done = 0; done < BATCH; done++) {
    const [mark] = await dirtyMarks(db, 1);
    if (!mark) return { deliveries, more: false };
    const started = clock();
    // a paced run lasts a while: each controller is judged at its own moment (mutes, the 24 h horizon)
    const queued = await detectOne(db, mark, opts.now ?? new Date());
    const took = clock() - started;
    deliveries += queued;
    if (queued > 0) await opts.onQueued?.();
    if (done < BATCH - 1 && (await dirtyMarks(db, 1)).length > 0)
      await sleep(Math.min(MAX_PAUSE_MS, took * (1 / DETECT_SHARE - 1)));
  }
  return { deliveries, more: (await dirtyMarks(db, 1)).length > 0 };
}
