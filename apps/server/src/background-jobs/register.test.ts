import PgBoss from 'pg-boss';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/db';
import { ensureQueue, registerJob, type JobDefinition } from './job';
import { bossQueue } from './queue';

const silent = { error: () => {} };

describe('a queue whose job a killed process left active (pg-boss on the test database)', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let boss: PgBoss;
  const jobStates = async (name: string) =>
    (
      await database.db.$client.query<{ state: string }>(
        `SELECT state FROM pgboss.job WHERE name = $1 ORDER BY created_on`,
        [name],
      )
    ).rows.map((r) => r.state);

  beforeAll(async () => {
    database = await createTestDatabase();
    // maintenance (which fails expired jobs) every second instead of main.ts's 30 s
    boss = new PgBoss({ connectionString: database.url, max: 3, maintenanceIntervalSeconds: 1 });
    boss.on('error', () => {});
    await boss.start();
  });
  afterAll(async () => {
    await boss.stop({ graceful: false, wait: true });
    await database.dispose();
  });

  it('an existing queue takes the expiry of its definition', async () => {
    await boss.createQueue('upgraded', { name: 'upgraded', policy: 'stately' });
    // null: the jobs get pg-boss's default of 15 minutes
    expect((await boss.getQueue('upgraded'))?.expireInSeconds).toBeNull();
    const job: JobDefinition<object> = {
      name: 'upgraded',
      payload: z.object({}),
      expireInSeconds: 60,
      retry: { limit: 5, delaySeconds: 5, backoff: true },
      run: async () => {},
    };
    const stop = await registerJob(boss, job, silent, { pollSeconds: 0.5 });
    await stop();
    expect(await boss.getQueue('upgraded')).toMatchObject({
      expireInSeconds: 60,
      retryLimit: 5,
      policy: 'stately',
    });
  });

  it('runs the next nudge once the abandoned job has expired, not a quarter of an hour later', async () => {
    const ran: string[] = [];
    const job: JobDefinition<object> = {
      name: 'abandoned',
      payload: z.object({}).passthrough(),
      expireInSeconds: 1,
      retry: { limit: 0, delaySeconds: 0, backoff: false },
      run: async (_payload, meta) => void ran.push(meta.id),
    };
    // the queue exists with its expiry (no worker of ours yet: a stopped worker's fetch still under way could
    // take the job first); then a "dead" worker takes a job and never finishes it
    await ensureQueue(boss, job);
    const queue = bossQueue(boss);
    await queue.nudge('abandoned');
    const [taken] = await boss.fetch('abandoned');
    expect(taken).toBeDefined();
    expect(await jobStates('abandoned')).toEqual(['active']);

    // a new instance starts and is nudged: its worker cannot take the waiting job while the other is active
    await registerJob(boss, job, silent, { pollSeconds: 0.5 });
    await queue.nudge('abandoned');
    const until = Date.now() + 20_000;
    while (ran.length === 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 200));

    expect(ran).toHaveLength(1);
    expect(ran[0]).not.toBe(taken?.id);
    expect(await jobStates('abandoned')).toContain('failed');
  });
});
