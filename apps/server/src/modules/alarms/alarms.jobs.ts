import type { EventLoopUtilization } from 'node:perf_hooks';
import { z } from 'zod';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { JobDefinition } from '../../background-jobs/job';
import { debouncedNudger } from '../../background-jobs/nudger';
import type { JobQueue } from '../../background-jobs/queue';
import { checkDeviceAlarms } from './device-alarms';
import { detectNext } from './detection';

export const ALARM_DETECT = 'alarm-detect';
export const ALARM_DEVICE_CHECK = 'alarm-device-check';
/** The send job's queue (send/send.job.ts): nudged whenever deliveries were queued. */
export const ALARM_SEND = 'alarm-send';

const empty = z.object({}).passthrough();

/** A run due this close to the end of its pause goes ahead (the database's and this process's clocks differ). */
const PACE_SLACK_MS = 20;

/** Below this share of the time busy with other work since the last run, the server counts as quiet. */
export const QUIET_UTILIZATION = 0.2;

/** How busy this process's event loop was since `mark()`: 0 idle, 1 never idle. */
export type LoopMeter = { mark: () => void; since: () => number };

/** node:perf_hooks' reading of the event loop: with a previous reading, the utilization since that one. */
type EluSource = (from?: EventLoopUtilization) => EventLoopUtilization;

/**
 * The event loop's utilization since the last mark; 1 before the first (not known yet). `elu` is
 * node:perf_hooks' own; a test passes readings of its choice, since how busy a shared test process is while
 * a test waits is not the test's to decide.
 */
export function loopMeter(
  elu: EluSource = (from) =>
    from ? performance.eventLoopUtilization(from) : performance.eventLoopUtilization(),
): LoopMeter {
  let from: EventLoopUtilization | null = null;
  return {
    mark: () => void (from = elu()),
    since: () => (from ? elu(from).utilization : 1),
  };
}

/**
 * The pause between detection runs, kept by this process (docs/alarms.md "Pipeline", Pace). The next run is a job due
 * after the pause, but an ingest nudge during a run already queued one due at once, and a stately queue keeps
 * that one: a run that starts inside the pause asks again for the rest of it and does nothing else. `quiet`:
 * the event loop did little else during the pause (the run's own time is not in it).
 */
export function detectPace(clock: () => number, loop: LoopMeter = loopMeter()) {
  let notBefore = -Infinity;
  return {
    /** Milliseconds of the pause still to wait; 0: run now. */
    remaining: () => {
      const left = notBefore - clock();
      return left > PACE_SLACK_MS ? left : 0;
    },
    quiet: () => loop.since() < QUIET_UTILIZATION,
    pause: (ms: number) => {
      notBefore = clock() + ms;
      loop.mark();
    },
  };
}

/**
 * Runs the weight detectors over the controller with the oldest mark (docs/alarms.md "Pipeline"), then asks
 * for the next run after the pause that keeps detection to its share. Nudged after each ingest commit; the
 * schedule every minute picks up marks a crash or a lost nudge left behind.
 */
export function alarmDetectJob(
  db: Db,
  queue: JobQueue,
  /** Milliseconds, monotonic; tests give their own clock. */
  clock: () => number = () => performance.now(),
  /** How busy the server was during the pause; tests give their own. */
  loop: LoopMeter = loopMeter(),
): JobDefinition<object> {
  const pace = detectPace(clock, loop);
  return {
    name: ALARM_DETECT,
    payload: empty,
    schedule: { cron: '* * * * *', payload: {} },
    runAtStart: true,
    retry: { limit: 5, delaySeconds: 5, backoff: true },
    // a run is one controller's readings in parts of seconds at most: a job still active after a minute was
    // left by a killed process, and alarms wait for it to expire (docs/alarms.md "Pipeline")
    expireInSeconds: 60,
    run: async () => {
      const wait = pace.remaining();
      if (wait > 0) return queue.nudge(ALARM_DETECT, wait);
      const { deliveries, more, pauseMs } = await detectNext(db, { clock, quiet: pace.quiet() });
      if (deliveries > 0) await queue.nudge(ALARM_SEND);
      if (!more) return;
      pace.pause(pauseMs);
      await queue.nudge(ALARM_DETECT, pauseMs);
    },
  };
}

/** Silent transmitters, low batteries and ending subscriptions, every five minutes. */
export function alarmDeviceCheckJob(db: Db, queue: JobQueue): JobDefinition<object> {
  return {
    name: ALARM_DEVICE_CHECK,
    payload: empty,
    schedule: { cron: '*/5 * * * *', payload: {} },
    retry: { limit: 3, delaySeconds: 30, backoff: true },
    expireInSeconds: 120,
    run: async () => {
      if ((await checkDeviceAlarms(db)) > 0) await queue.nudge(ALARM_SEND);
    },
  };
}

/** How long after a commit the detectors are nudged: reports of the same moment share one nudge. */
export const NUDGE_DELAY_MS = 200;

/** The device ingest's hook: the detect queue nudged at most once per NUDGE_DELAY_MS (background-jobs/nudger.ts). */
export function detectionNudger(queue: JobQueue | undefined, log: Pick<FastifyBaseLogger, 'error'>) {
  return debouncedNudger(queue, ALARM_DETECT, NUDGE_DELAY_MS, log);
}
