import type { Config } from './config';
import type { Db } from './db/client';
import type { JobQueue } from './jobs/queue';

/**
 * What every module gets: the parsed configuration and the database. It lives in its own file, not in
 * app.ts, so modules depend on this type and never on the app that registers them (no import cycle;
 * see docs/ARCHITECTURE.md, "Import rules").
 */
export type AppContext = {
  config: Config;
  db: Db;
  /** Queues background jobs (pg-boss in main.ts); absent in apps built for API tests (docs/weather.md "Jobs"). */
  queue?: JobQueue;
};
