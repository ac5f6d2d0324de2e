import { z } from 'zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { JobDefinition } from '../../background-jobs/job';
import { purgeAttempts } from './attempts.repository';
import { purgeExpiredSessions } from './session.repository';

/** Deletes dead sessions, spent reset links and rate-limit counters whose window has ended. */
export async function runAuthHousekeeping(db: Db, config: Pick<Config, 'sessionIdleMs'>): Promise<void> {
  await purgeExpiredSessions(db, config.sessionIdleMs);
  await purgeAttempts(db);
}

export const AUTH_HOUSEKEEPING_JOB = 'auth-housekeeping';
/** Every hour at minute 17 (UTC), off the full hour when other schedules tend to run. */
export const AUTH_HOUSEKEEPING_CRON = '17 * * * *';

const payload = z.object({}).strict();

/** The hourly pg-boss job (registered at start, see startup.ts); it takes no parameters. */
export function authHousekeepingJob(db: Db, config: Config): JobDefinition<z.infer<typeof payload>> {
  return {
    name: AUTH_HOUSEKEEPING_JOB,
    payload,
    schedule: { cron: AUTH_HOUSEKEEPING_CRON, payload: {} },
    runAtStart: true,
    run: () => runAuthHousekeeping(db, config),
  };
}
