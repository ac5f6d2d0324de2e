import { z } from 'zod';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { JobDefinition } from '../../jobs/job';
import { debouncedNudger } from '../../jobs/nudger';
import type { JobQueue } from '../../jobs/queue';
import { checkDeviceAlarms } from './device-alarms';
import { detectNext } from './detection';

export const ALARM_DETECT = 'alarm-detect';
export const ALARM_DEVICE_CHECK = 'alarm-device-check';
/** The send job (modules/alarms/send): nudged whenever deliveries were queued. */
export const ALARM_SEND = 'alarm-send';

const empty = z.object({}).passthrough();

/**
 * Runs the weight detectors over the controller with the oldest mark (docs/alarms.md "Pipeline"), then asks
 * for the next run after the pause that keeps detection to its share. Nudged after each ingest commit; the
 * schedule every minute picks up marks a crash or a lost nudge left behind.
 */
export function alarmDetectJob(db: Db, queue: JobQueue): JobDefinition<object> {
  return {
    name: ALARM_DETECT,
    payload: empty,
    schedule: { cron: '* * * * *', payload: {} },
    runAtStart: true,
    retry: { limit: 5, delaySeconds: 5, backoff: true },
    run: async () => {
      const { deliveries, more, pauseMs } = await detectNext(db);
      if (deliveries > 0) await queue.nudge(ALARM_SEND);
      if (more) await queue.nudge(ALARM_DETECT, pauseMs);
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
    run: async () => {
      if ((await checkDeviceAlarms(db)) > 0) await queue.nudge(ALARM_SEND);
    },
  };
}

/** How long after a commit the detectors are nudged: reports of the same moment share one nudge. */
export const NUDGE_DELAY_MS = 200;

/** The device ingest's hook: the detect queue nudged at most once per NUDGE_DELAY_MS (jobs/nudger.ts). */
export function detectionNudger(queue: JobQueue | undefined, log: Pick<FastifyBaseLogger, 'error'>) {
  return debouncedNudger(queue, ALARM_DETECT, NUDGE_DELAY_MS, log);
}
