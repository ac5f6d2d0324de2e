import { notificationTypeOf, type AlarmType } from '@hivescope/contract';
import type { Db } from '../../db/client';
import type { Queryable } from '../../db/queryable';
import { globalSettings } from '../global-settings/global-settings.service';
import { nextWeightTime, weightSamples } from '../measurements/measurements.service';
import { dismissedSwarmAlarms } from '../notifications/alarm-answers.service';
import { activeWeightWindows } from '../scales/scales.service';
import {
  alarmTarget,
  clearDirty,
  dirtyMarks,
  moveDirty,
  hasActiveChannel,
  recordEvents,
  type AlarmTarget,
  type Delivery,
  type DirtyMark,
  type NewEvent,
} from './alarms.repository';
import {
  detectWeightAlarms,
  GRID_MS,
  HISTORY_MS,
  inParts,
  mergeParts,
  type DetectInput,
  type DetectedEvent,
} from './detect';
import { CALIBRATION_DAYS } from './detect/calibration';
import type { ScaleSeries } from './detect/types';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** History the detectors see before the first new reading (detect/constants.ts `HISTORY_MS`). */
export const LOOKBACK_MS = HISTORY_MS;
/** Events older than this when found are recorded, not sent (docs/alarms.md "Pipeline"). */
export const SEND_HORIZON_MS = 24 * HOUR_MS;
/**
 * New readings spanning more than this are analysed in parts of it (detect/chunks.ts): each part one call of
 * the detectors over 19 days of readings, a fraction of a second.
 */
export const PART_MS = 3 * 24 * HOUR_MS;
/**
 * One run analyses at most this much of a controller's new readings (four parts); a longer history (a
 * backfill) moves its mark on by that much and goes to the back of the queue, so that no run lasts long.
 */
export const RUN_SPAN_MS = 4 * PART_MS;

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

/**
 * The readings of one run: from LOOKBACK_MS before the mark to RUN_SPAN_MS after it, or to an hour from now
 * (`complete`: every reading the mark stands for; none can be more than 10 minutes ahead of the clock).
 */
async function readScales(
  db: Db,
  mark: DirtyMark,
  now: Date,
): Promise<{ scales: ScaleSeries[]; to: number; complete: boolean }> {
  const windows = await activeWeightWindows(db, mark.controllerId);
  const from = new Date(mark.since.getTime() - LOOKBACK_MS);
  const complete = mark.since.getTime() + RUN_SPAN_MS >= now.getTime() + HOUR_MS;
  const to = complete ? now.getTime() + HOUR_MS : mark.since.getTime() + RUN_SPAN_MS;
  const samples = await weightSamples(db, windows, from, new Date(to), GRID_MS);
  // the beekeeper's "no" answers calibrate each scale (detect/calibration.ts) over the days before its episodes
  const since = new Date(from.getTime() - CALIBRATION_DAYS * DAY_MS);
  const dismissed = await dismissedSwarmAlarms(
    db,
    samples.map((s) => s.id),
    since,
  );
  const scales = samples.map((s, i) => ({
    scaleId: s.id,
    channel: windows[i]?.channel ?? 0,
    samples: s.times.map((t, j) => ({ t, w: s.weights[j] ?? null })),
    dismissed: dismissed
      .filter((d) => d.scaleId === s.id)
      .map((d) => ({ type: d.type, time: d.time.getTime(), delta: d.delta ?? 0 })),
  }));
  return { scales, to, complete };
}

/** The detectors over the parts of the new readings (detect/chunks.ts), the server answering between them. */
async function detectInParts(input: DetectInput, busy: Busy): Promise<DetectedEvent[]> {
  const found: DetectedEvent[][] = [];
  for (const [i, part] of inParts(input, PART_MS, LOOKBACK_MS).entries()) {
    if (i > 0) await new Promise((resolve) => setImmediate(resolve));
    const started = busy.clock();
    found.push(detectWeightAlarms(part));
    busy.ms += busy.clock() - started;
  }
  return mergeParts(found);
}

/** The time the detectors themselves held the event loop in one run (the rest of a run is mostly waiting). */
type Busy = { clock: () => number; ms: number };

/**
 * Runs the weight detectors over one marked controller's new readings (at most RUN_SPAN_MS of them). The
 * mark goes, or moves on past what was analysed, only in the transaction that stores the events.
 */
async function detectOne(db: Db, mark: DirtyMark, now: Date, busy: Busy): Promise<number> {
  const target = await alarmTarget(db, mark.controllerId, now);
  // a mark left behind would be the oldest again at once, run after run
  if (!target) return clearDirty(db, mark).then(() => 0);
  const { scales, to, complete } = await readScales(db, mark, now);
  const found = await detectInParts(
    {
      scales,
      timeZone: target.timeZone,
      alarmWindow: { fromMinute: target.alarmFromMinute, toMinute: target.alarmToMinute },
      settings: await globalSettings(db),
      newFrom: mark.since.getTime(),
    },
    busy,
  );
  const events = found.map((e) => ({
    scaleId: e.scaleId,
    channel: e.channel,
    type: e.type,
    time: new Date(e.time),
    delta: Math.round(e.delta * 100) / 100,
    seen: e.seen ?? null,
  }));
  // a backfill's next run starts at its next reading: a history start years back need not be walked in steps
  const next = complete ? null : await nextWeightTime(db, mark.controllerId, new Date(to));
  return db.transaction(async (tx) => {
    const queued = await recordForTarget(tx, target, events, now);
    if (next) await moveDirty(tx, mark, next);
    else await clearDirty(tx, mark);
    return queued;
  });
}

/**
 * Detection's share of the server's time while marks wait (docs/alarms.md "Pipeline", Pace): the next run
 * waits 1 / DETECT_SHARE − 1 (about 28) times as long as the detectors of this one held the event loop.
 * Detection runs in the process that takes the device reports; under a flood of reports it falls behind (the
 * marks wait, oldest first) instead of slowing the ingest down. The detectors' own time, not the run's: under
 * load a run's queries wait behind the ingest, and pausing for that as well makes the bench's probes wait 8 s
 * and more. 0.05 (with a least pause of 0.25 s) costs the ingest about 10 % on average (what a run costs
 * besides its detectors, its queries and its job, is about as much again); 0.025 and 0.5 s cost it about 5 %
 * but put the probes' p95 at 8.5 s of the 10 s aim; this lies between (`BENCH_ONLY=alarm-pipeline npm run
 * bench`, bench/README.md "Alarm pipeline").
 */
export const DETECT_SHARE = 0.035;
/** The wait before the next run is at least this long: a run's queries and its job cost time of their own. */
export const MIN_PAUSE_MS = 400;
/** The wait before the next run is at most this long (after a slow controller, a backfill's run). */
export const MAX_PAUSE_MS = 5_000;

export type DetectRunOptions = {
  /** The moment the controller is judged at; by default now. */
  now?: Date;
  /**
   * The server was all but idle since the last run (alarms.jobs.ts `loopMeter`): the next run follows after
   * MIN_PAUSE_MS, not DETECT_SHARE's pause, so a backlog goes at full pace while no report waits for it.
   */
  quiet?: boolean;
  /** Milliseconds, monotonic; tests give their own clock. */
  clock?: () => number;
};

/**
 * One run of the alarm-detect job: the controller with the oldest mark (a new report's mark is older than
 * those of controllers that keep reporting, so it waits for at most one pause). Answers the deliveries
 * queued, whether marks are left, and how long to wait before the next run (DETECT_SHARE). One controller a
 * run, so that a run is short (a stopping server waits up to 5 s for its jobs; docs/alarms.md "Pipeline").
 */
export async function detectNext(
  db: Db,
  opts: DetectRunOptions = {},
): Promise<{ deliveries: number; more: boolean; pauseMs: number }> {
  const { clock = () => performance.now() } = opts;
  const [mark] = await dirtyMarks(db, 1);
  if (!mark) return { deliveries: 0, more: false, pauseMs: 0 };
  const busy = { clock, ms: 0 };
  const deliveries = await detectOne(db, mark, opts.now ?? new Date(), busy);
  const took = busy.ms;
  const more = (await dirtyMarks(db, 1)).length > 0;
  const shared = Math.min(MAX_PAUSE_MS, Math.max(MIN_PAUSE_MS, took * (1 / DETECT_SHARE - 1)));
  const pauseMs = opts.quiet ? MIN_PAUSE_MS : shared;
  return { deliveries, more, pauseMs: more ? pauseMs : 0 };
}
