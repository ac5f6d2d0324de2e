import { eq, sql } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { createAccount, sessionCount } from '../../../test/auth';
import { rateLimits, sessions } from '../../db/schema';
import { startBoss } from '../../background-jobs/boss';
import { registerJob } from '../../background-jobs/job';
import {
  AUTH_HOUSEKEEPING_CRON,
  AUTH_HOUSEKEEPING_JOB,
  authHousekeepingJob,
  runAuthHousekeeping,
} from './housekeeping';

describe('auth housekeeping', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** An idle-timed-out session and an expired one. */
  async function deadSessions() {
    const idle = await createAccount(t.db);
    const expired = await createAccount(t.db);
    await t.db
      .update(sessions)
      .set({ lastSeenAt: sql`now() - interval '8 days'` })
      .where(eq(sessions.userId, idle.id));
    await t.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(sessions.userId, expired.id));
    return { idle, expired };
  }

  it('deletes dead sessions and rate-limit counters whose window has ended, keeps the rest', async () => {
    const live = await createAccount(t.db);
    const { idle, expired } = await deadSessions();
    await t.db.insert(rateLimits).values([
      { kind: 'login.ip', key: '10.0.0.1', count: 3, expiresAt: new Date(Date.now() - 60_000) },
      { kind: 'login.ip', key: '10.0.0.2', count: 3, expiresAt: new Date(Date.now() + 60_000) },
    ]);
    await runAuthHousekeeping(t.db, t.config);
    expect(await sessionCount(t.db, live.id)).toBe(1);
    expect(await sessionCount(t.db, idle.id)).toBe(0);
    expect(await sessionCount(t.db, expired.id)).toBe(0);
    expect((await t.db.select().from(rateLimits)).map((r) => r.key)).toEqual(['10.0.0.2']);
  });

  it('runs as an hourly pg-boss job: the schedule is registered and a run at start purges', async () => {
    const { idle } = await deadSessions();
    expect(await sessionCount(t.db, idle.id)).toBe(1);
    let boss: PgBoss | undefined;
    try {
      boss = await startBoss(t.url);
      const errors: object[] = [];
      const stop = await registerJob(boss, authHousekeepingJob(t.db, t.config), {
        error: (obj) => errors.push(obj),
      });
      const schedules = await boss.getSchedules();
      expect(schedules.map((s) => [s.name, s.cron])).toEqual([
        [AUTH_HOUSEKEEPING_JOB, AUTH_HOUSEKEEPING_CRON],
      ]);
      await expect.poll(() => sessionCount(t.db, idle.id), { timeout: 15_000, interval: 200 }).toBe(0);
      await stop();
      expect(errors).toEqual([]);
    } finally {
      await boss?.stop({ graceful: true, timeout: 5000 });
    }
  });
});
