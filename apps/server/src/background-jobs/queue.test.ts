import PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/db';
import { bossQueue } from './queue';

describe('nudging a stately queue (pg-boss on the test database)', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let boss: PgBoss;
  const waiting = async (name: string) =>
    (
      await database.db.$client.query<{ start_after: Date }>(
        `SELECT start_after FROM pgboss.job WHERE name = $1 AND state = 'created'`,
        [name],
      )
    ).rows;

  beforeAll(async () => {
    database = await createTestDatabase();
    boss = new PgBoss({ connectionString: database.url, max: 2 });
    boss.on('error', () => {});
    await boss.start();
    await boss.createQueue('nudged', { name: 'nudged', policy: 'stately' });
  });
  afterAll(async () => {
    await boss.stop({ graceful: false, wait: true });
    await database.dispose();
  });

  it('a nudge with a wait makes one job due that much later, and holds back the nudges until it has run', async () => {
    const queue = bossQueue(boss);
    const before = Date.now();
    await queue.nudge('nudged', 2_500);
    await queue.nudge('nudged');
    await queue.nudge('nudged', 100);
    const jobs = await waiting('nudged');
    expect(jobs).toHaveLength(1);
    const due = jobs[0]?.start_after.getTime() ?? 0;
    // due 2.5 s after the nudge (the database's clock; a second's slack either way for the two clocks)
    expect(due - before).toBeGreaterThan(1_500);
    expect(due - before).toBeLessThan(3_500);
  });
});
