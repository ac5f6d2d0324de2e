import { z } from 'zod';
import type { JobDefinition, RetryPolicy } from '../../background-jobs/job';
import { tracked } from '../jobs/jobs.tracking';
import {
  WEATHER_NIGHTLY_JOB,
  WEATHER_UPDATE_JOB,
  nightlyDays,
  runNightly,
  runWeatherUpdate,
  type WeatherDeps,
  type WeatherUpdatePayload,
} from './weather.service';
import { WEATHER_RETRY, WEATHER_UPDATE_RETRY } from './weather.retry';

/** Every night at 02:40 UTC: yesterday is complete in every European time zone, off the full hour. */
export const WEATHER_NIGHTLY_CRON = '40 2 * * *';

/** Tests: other retries for both queues (the schedules are in weather.retry.ts). */
export type WeatherJobOptions = { retry?: RetryPolicy };

const nightlyPayload = z.object({}).strict();
const day = z.iso.date();
const updatePayload = z.object({ controllerId: z.number().int().positive(), from: day, to: day }).strict();

/** The nightly fetch (docs/weather.md "Jobs"): a job row per run, owner none, visible to admins. */
export function weatherNightlyJob(
  deps: WeatherDeps,
  opts: WeatherJobOptions = {},
): JobDefinition<z.infer<typeof nightlyPayload>> {
  return {
    name: WEATHER_NIGHTLY_JOB,
    payload: nightlyPayload,
    schedule: { cron: WEATHER_NIGHTLY_CRON, payload: {} },
    retry: opts.retry ?? WEATHER_RETRY,
    run: tracked(
      deps.db,
      'WEATHER_NIGHTLY',
      (_p, progress) => runNightly(deps, progress),
      () => {
        const days = nightlyDays(deps);
        return `${days.from} – ${days.to}`;
      },
    ),
  };
}

/**
 * WEATHER_UPDATE (controllerId, from, to): queued by POST jobs or by a location change; many may wait. The
 * queue's retries are those of a watched job; the backfill after a location change brings its own.
 */
export function weatherUpdateJob(
  deps: WeatherDeps,
  opts: WeatherJobOptions = {},
): JobDefinition<WeatherUpdatePayload> {
  return {
    name: WEATHER_UPDATE_JOB,
    payload: updatePayload,
    policy: 'standard',
    retry: opts.retry ?? WEATHER_UPDATE_RETRY,
    run: tracked(deps.db, 'WEATHER_UPDATE', (p, progress) => runWeatherUpdate(deps, p, progress)),
  };
}
