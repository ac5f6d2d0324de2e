import type { ChildProcess } from 'node:child_process';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeviceReport } from '@hivescope/contract';
import { insertController, type TestController } from '../src/modules/device/device.fixtures';
import { rollupMismatches } from '../src/modules/device/rollups.repository';
import { createTestDatabase } from './db';
import { freePort, startServer, waitReady } from './server-process';

/**
 * Crash test: the real server (a child process on a test database) takes concurrent reports and is killed
 * with SIGKILL mid-load. After a restart, every acknowledged reading is stored exactly once, no batch is
 * half-written, rollups equal the raw rows, and re-sent acknowledged batches are all duplicates.
 */

const CONTROLLERS = 12;
const WORKERS = 24;
const MAX_BATCHES = 3000;
const MIN_ACKS_BEFORE_KILL = 150;
const MAX_LOAD_MS = 8000;
const BASE = Date.parse('2024-06-01T00:00:00Z');

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });

/** Batch i: controller i % CONTROLLERS, 4 readings × 8 channels at times no other batch uses. */
function batch(i: number, controllers: TestController[]): { controller: TestController; body: DeviceReport } {
  const controller = controllers[i % CONTROLLERS] as TestController;
  const k = Math.floor(i / CONTROLLERS);
  const readings = Array.from({ length: 4 }, (_, j) => ({
    time: new Date(BASE + (k * 4 + j) * 60_000).toISOString(),
    channels: Array.from({ length: 8 }, (_, ch) => ({
      channel: ch + 1,
      weight: 30 + ch + ((k * 4 + j) % 97) / 10,
    })),
  }));
  const body = {
    imsi: controller.imsi,
    imei: controller.imei ?? '',
    firmware: '1.0.0',
    status: { temperature: 20, voltage: 3.9, signal: -70 },
    readings,
  };
  return { controller, body };
}

async function send(
  port: number,
  b: ReturnType<typeof batch>,
): Promise<{ accepted: number; duplicates: number } | null> {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/api/device/v1/report`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${b.controller.token}` },
      body: JSON.stringify(b.body),
    });
    return res.status === 200 ? ((await res.json()) as { accepted: number; duplicates: number }) : null;
  } catch {
    return null;
  }
}

describe('crash during ingest (kill -9)', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let server: ChildProcess | undefined;
  const controllers: TestController[] = [];
  beforeAll(async () => {
    database = await createTestDatabase();
    for (let i = 0; i < CONTROLLERS; i++) controllers.push(await insertController(database.db));
  });
  afterAll(async () => {
    server?.kill('SIGKILL');
    await database.dispose();
  });

  it(
    'keeps every acknowledged reading exactly once and never half a batch',
    { timeout: 180_000 },
    async () => {
      const port = await freePort();
      server = startServer(database.url, port);
      await waitReady(port, server);

      const acked = new Set<number>();
      let next = 0;
      let killed = false;
      const started = Date.now();
      const worker = async () => {
        while (!killed && next < MAX_BATCHES) {
          const i = next++;
          const answer = await send(port, batch(i, controllers));
          if (answer && !killed) {
            expect(answer).toEqual(expect.objectContaining({ accepted: 32, duplicates: 0 }));
            acked.add(i);
          }
          if (!killed && (acked.size >= MIN_ACKS_BEFORE_KILL || Date.now() - started > MAX_LOAD_MS)) {
            killed = true;
            server?.kill('SIGKILL');
          }
        }
      };
      await Promise.all(Array.from({ length: WORKERS }, worker));
      const sent = next;
      await exited(server);
      expect(acked.size).toBeGreaterThan(0);
      expect(sent).toBeGreaterThan(acked.size); // some requests were in flight when the server died

      // after the restart: every batch is stored completely or not at all, acknowledged ones completely
      server = startServer(database.url, port);
      await waitReady(port, server);
      const stored = await database.db.execute<{ controller_id: number; ms: number; n: number }>(
        sql`SELECT controller_id, (extract(epoch FROM time) * 1000)::float8 AS ms, count(*)::int AS n FROM readings GROUP BY 1, 2`,
      );
      const perBatch = new Map<number, number>();
      for (const row of stored.rows) {
        const k = Math.floor((row.ms - BASE) / 240_000);
        const i = k * CONTROLLERS + controllers.findIndex((c) => c.id === row.controller_id);
        perBatch.set(i, (perBatch.get(i) ?? 0) + row.n);
      }
      if (process.env.CRASH_DEBUG) console.log({ sent, acked: acked.size, stored: perBatch.size });
      for (const [i, n] of perBatch) expect({ i, n }).toEqual({ i, n: 32 });
      for (const i of acked) expect({ i, stored: perBatch.get(i) }).toEqual({ i, stored: 32 });
      for (const c of controllers) expect(await rollupMismatches(database.db, c.id)).toEqual([]);

      // re-sending everything: acknowledged batches are all duplicates, the others all new or all duplicates
      for (let i = 0; i < sent; i++) {
        const answer = await send(port, batch(i, controllers));
        const expected = perBatch.has(i) ? { accepted: 0, duplicates: 32 } : { accepted: 32, duplicates: 0 };
        expect({ i, ...answer }).toEqual({ i, ...expected, config: expect.any(Object) });
      }
      const total = await database.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM readings`);
      expect(total.rows[0]?.n).toBe(sent * 32);
      for (const c of controllers) expect(await rollupMismatches(database.db, c.id)).toEqual([]);
      server.kill('SIGTERM');
    },
  );
});
