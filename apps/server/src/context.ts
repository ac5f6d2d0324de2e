import type { Config } from './config';
import type { Db } from './db/client';
import type { JobQueue } from './background-jobs/queue';
import type { Mailer } from './mail/mailer';
import type { RolloutService } from './modules/firmware/rollout.service';
import type { SmsProvider } from './sms/sms';

/**
 * What every service gets: the parsed configuration and the database (tests and tools call services with
 * `{ config, db }`). It lives in its own file, not in app.ts, so modules depend on this type and never on the
 * app that registers them (no import cycle; see docs/ARCHITECTURE.md, "Import rules").
 */
export type AppContext = {
  config: Config;
  db: Db;
  /** Queues background jobs (pg-boss in main.ts); absent in apps built for API tests (docs/weather.md "Jobs"). */
  queue?: JobQueue;
};

/**
 * The pieces several modules and jobs share, built once at start from the configuration (app.ts with
 * services.ts); the routes get them with the context (`AppContext & AppServices`, modules/index.ts), the jobs
 * through startup.ts. No module builds its own.
 */
export type AppServices = {
  mailer: Mailer;
  /** null: SMS not configured (SMS_ACCOUNT_SID / SMS_AUTH_TOKEN / SMS_FROM unset). */
  sms: SmsProvider | null;
  /** Firmware roll-outs: the admins' routes, the device ingest and the watch job share one. */
  rollouts: RolloutService;
};
