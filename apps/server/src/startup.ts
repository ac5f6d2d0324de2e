import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import type { Config } from './config';
import type { Db } from './db/client';
import { localUrl, startDemo } from './modules/demo/demo.startup';
import { registerJob } from './jobs/job';
import { authHousekeepingJob } from './modules/session/housekeeping';
import { registerWeatherJobs } from './modules/weather/weather.startup';
import { exportCleanupJob, exportJob } from './modules/export/export.job';
import { ensureAdmin } from './modules/users/ensure-admin';
import { toSessionUser } from './modules/users/users.mapper';
import { findUserByEmail } from './modules/users/users.repository';

export type StartupContext = { config: Config; db: Db; boss: PgBoss; log: FastifyBaseLogger };
export type StartupResult = { banner: string[]; stop: () => Promise<void> };

/** Whether the account can use the app at once, or meets the forced profile form first. */
async function profileComplete(db: Db, email: string): Promise<boolean> {
  const row = await findUserByEmail(db, email);
  return row !== undefined && toSessionUser(row).profileComplete;
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
  stops.push(await registerJob(ctx.boss, exportCleanupJob(ctx.config.dataDir), ctx.log));
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
