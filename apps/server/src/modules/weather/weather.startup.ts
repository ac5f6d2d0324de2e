import type PgBoss from 'pg-boss';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { registerJob, type JobLog } from '../../background-jobs/job';
import type { WeatherProvider } from './provider';
import { openMeteoProvider } from './open-meteo';
import { weatherNightlyJob, weatherUpdateJob, type WeatherJobOptions } from './weather.jobs';

export type WeatherJobsContext = {
  config: Pick<Config, 'weatherUrl'>;
  db: Db;
  boss: PgBoss;
  log: JobLog;
  /** Tests: another provider, faster retries and polling. */
  provider?: WeatherProvider;
  options?: WeatherJobOptions & { pollSeconds?: number };
};

/** Registers the nightly weather fetch (cron) and the WEATHER_UPDATE worker; returns a stop function. */
export async function registerWeatherJobs(ctx: WeatherJobsContext): Promise<() => Promise<void>> {
  const deps = {
    db: ctx.db,
    provider: ctx.provider ?? openMeteoProvider({ baseUrl: ctx.config.weatherUrl }),
  };
  const poll = { pollSeconds: ctx.options?.pollSeconds };
  const stops = [
    await registerJob(ctx.boss, weatherNightlyJob(deps, ctx.options), ctx.log, poll),
    await registerJob(ctx.boss, weatherUpdateJob(deps, ctx.options), ctx.log, poll),
  ];
  return async () => {
    for (const stop of stops) await stop();
  };
}
