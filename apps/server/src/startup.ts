import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import type { AppContext, AppServices } from './context';
import type { Db } from './db/client';
import { localUrl, startDemo } from './modules/demo/demo.startup';
import { registerJob } from './background-jobs/job';
import { bossQueue } from './background-jobs/queue';
import { alarmDetectJob, alarmDeviceCheckJob } from './modules/alarms/alarms.jobs';
import { alarmSendJob } from './modules/alarms/send/send.job';
import { authHousekeepingJob } from './modules/session/housekeeping';
import { registerWeatherJobs } from './modules/weather/weather.startup';
import { exportCleanupJob, exportJob } from './modules/export/export.job';
import { ensureAdmin } from './modules/users/ensure-admin';
import { toSessionUser } from './modules/users/users.mapper';
import { findUserByEmail } from './modules/users/users.repository';
import { regionAssignJob } from './modules/regions/regions.job';
import { registerForwardingJobs } from './modules/forwarding/forwarding.jobs';
import { noticeSendJob } from './modules/notices/send.job';
import { firmwareWatchJob } from './modules/firmware/firmware.jobs';
import { shopConfirmationJob } from './modules/shop/shop.jobs';

/** The app's context (with the shared mailer, SMS provider and roll-out service), pg-boss and the app's logger. */
export type StartupContext = AppContext & AppServices & { boss: PgBoss; log: FastifyBaseLogger };
export type StartupResult = { banner: string[]; stop: () => Promise<void> };

/** Whether the account can use the app at once, or meets the forced profile form first. */
async function profileComplete(db: Db, email: string): Promise<boolean> {
  const row = await findUserByEmail(db, email);
  return row !== undefined && toSessionUser(row).profileComplete;
}

/** The alarm jobs; ALARM_WORKERS=0 leaves them to other instances (docs/alarms.md "Pipeline"). */
async function registerAlarmJobs(ctx: StartupContext): Promise<() => Promise<void>> {
  const queue = bossQueue(ctx.boss);
  // half-second polling: report acknowledged → alarm sent within seconds
  const fast = { pollSeconds: 0.5 };
  const stops = [
    await registerJob(ctx.boss, alarmDetectJob(ctx.db, queue), ctx.log, fast),
    await registerJob(ctx.boss, alarmDeviceCheckJob(ctx.db, queue), ctx.log),
    await registerJob(ctx.boss, alarmSendJob(ctx), ctx.log, fast),
  ];
  return async () => {
    for (const s of stops) await s();
  };
}

/**
 * What runs once the database is ready: ensure the ADMIN_EMAIL account, seed the demo, start the live
 * simulators and job workers. Each task adds lines to the start banner (e.g. where to log in).
 */
export async function runStartupTasks(ctx: StartupContext): Promise<StartupResult> {
  const banner: string[] = [`  Log in at ${ctx.config.publicUrl}/`];
  const stops: Array<() => Promise<void>> = [];
  if (ctx.config.admin) {
    const result = await ensureAdmin(ctx.db, ctx.config.admin);
    banner.push(`  Admin account ${ctx.config.admin.email} (ADMIN_EMAIL): ${result}`);
    if (!(await profileComplete(ctx.db, ctx.config.admin.email)))
      banner.push(
        '  The admin is asked for name, address and phone at the first login (the profile comes first).',
      );
  }
  stops.push(await registerJob(ctx.boss, authHousekeepingJob(ctx.db, ctx.config), ctx.log));
  stops.push(await registerWeatherJobs(ctx));
  stops.push(await registerJob(ctx.boss, exportJob(ctx), ctx.log));
  stops.push(await registerJob(ctx.boss, exportCleanupJob(ctx.db), ctx.log));
  stops.push(await registerJob(ctx.boss, regionAssignJob(ctx), ctx.log));
  stops.push(await registerForwardingJobs(ctx));
  // half-second polling, like the alarm sends: a notice goes out within seconds (docs/notices.md)
  stops.push(await registerJob(ctx.boss, noticeSendJob(ctx), ctx.log, { pollSeconds: 0.5 }));
  stops.push(await registerJob(ctx.boss, firmwareWatchJob(ctx), ctx.log));
  stops.push(await registerJob(ctx.boss, shopConfirmationJob(ctx), ctx.log));
  if (ctx.config.alarmWorkers) stops.push(await registerAlarmJobs(ctx));
  const demo = await startDemo(ctx, localUrl(ctx.config));
  banner.push(...demo.banner);
  stops.push(demo.stop);
  return {
    banner,
    stop: async () => {
      for (const s of stops.reverse()) await s();
    },
  };
}
