import { z } from 'zod';
import type { JobDefinition } from '../../jobs/job';
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

/** Every night at 02:40 UTC: yesterday is complete in every European time zone, off the full hour. */
export const WEATHER_NIGHTLY_CRON = '40 2 * * *';

/** Retries after a failure: 5 min, then about 10 and 20 (doubling, with jitter), then the job is failed. */
export const WEATHER_RETRY = { limit: 3, delaySeconds: 300, backoff: true };

export type WeatherJobOptions = { retry?: { limit: number; delaySeconds: number; backoff: boolean } };

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

/** WEATHER_UPDATE (controllerId, from, to): queued by POST jobs or by a location change; many may wait. */
export function weatherUpdateJob(
  deps: WeatherDeps,
  opts: WeatherJobOptions = {},
): JobDefinition<WeatherUpdatePayload> {
  return {
    name: WEATHER_UPDATE_JOB,
    payload: updatePayload,
    policy: 'standard',
    retry: opts.retry ?? WEATHER_RETRY,
    run: tracked(deps.db, 'WEATHER_UPDATE', (p, progress) => runWeatherUpdate(deps, p, progress)),
  };
}
