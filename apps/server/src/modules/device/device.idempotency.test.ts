import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeviceReport } from '@hivescope/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import { count, insertController, report } from './device.fixtures';
import { ingestJobs, type IngestJob } from './device.repository';
import { flatten } from './device.service';
import { rebuildRollups, rollupMismatches } from './rollups.repository';

describe('device ingest — idempotency, order, concurrency', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const post = async (token: string, body: DeviceReport) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/device/v1/report',
      headers: { authorization: `Bearer ${token}` },
      payload: body,
    });
    expect(res.statusCode).toBe(200);
    return res.json() as { accepted: number; duplicates: number };
  };

  it('the same batch twice: the second is all duplicates and nothing is counted twice', async () => {
    const c = await insertController(t.db);
    const body = report(c, { count: 6 });
    expect(await post(c.token, body)).toMatchObject({ accepted: 18, duplicates: 0 });
    const hourly = await t.db.execute(
      sql`SELECT * FROM readings_hourly WHERE controller_id = ${c.id} ORDER BY channel, hour`,
    );
    expect(await post(c.token, body)).toMatchObject({ accepted: 0, duplicates: 18 });
    const after = await t.db.execute(
      sql`SELECT * FROM readings_hourly WHERE controller_id = ${c.id} ORDER BY channel, hour`,
    );
    expect(after.rows).toEqual(hourly.rows);
    expect(await count(t.db, 'readings', c.id)).toBe(18);
  });

  it('overlapping batches store the overlap once', async () => {
    const c = await insertController(t.db);
    expect(await post(c.token, report(c, { startHour: 0, count: 10 }))).toMatchObject({
      accepted: 30,
      duplicates: 0,
    });
    expect(await post(c.token, report(c, { startHour: 5, count: 10 }))).toMatchObject({
      accepted: 15,
      duplicates: 15,
    });
    expect(await count(t.db, 'readings', c.id)).toBe(45);
    expect(await rollupMismatches(t.db, c.id)).toEqual([]);
  });

  it('out-of-order batches give the same rollups as in-order ones and as a recomputation from raw rows', async () => {
    const inOrder = await insertController(t.db);
    const shuffled = await insertController(t.db);
    // 3 days × 24 h at 20-minute steps, across the CET→CEST switch, in batches of 12 readings
    const batches = Array.from({ length: 18 }, (_, i) => ({ startHour: i * 4, count: 12, step: 1 / 3 }));
    for (const b of batches) await post(inOrder.token, report(inOrder, b));
    const order = [7, 2, 15, 0, 11, 17, 4, 9, 1, 13, 6, 16, 3, 10, 14, 5, 12, 8];
    for (const i of order) {
      const body = report(shuffled, batches[i]);
      body.readings.reverse();
      await post(shuffled.token, body);
    }
    expect(await rollupMismatches(t.db, inOrder.id)).toEqual([]);
    expect(await rollupMismatches(t.db, shuffled.id)).toEqual([]);
    const daily = (id: number) =>
      t.db
        .execute(sql`SELECT channel, day::text, n, weight_n, round(weight_sum::numeric, 3)::text AS s, weight_min, weight_max,
        weight_first, weight_first_time, weight_last, weight_last_time, temperature_n, humidity_n
        FROM readings_daily WHERE controller_id = ${id} ORDER BY channel, day`);
    const a = await daily(inOrder.id);
    expect(a.rows.length).toBeGreaterThan(0);
    expect((await daily(shuffled.id)).rows).toEqual(a.rows);
  });

  it('the daily rollup uses the local date of the controller time zone', async () => {
    const zurich = await insertController(t.db, { timeZone: 'Europe/Zurich' });
    const body = report(zurich, { count: 1, channels: [1] });
    const reading = body.readings[0];
    if (!reading) throw new Error('no reading');
    reading.time = '2025-06-30T22:30:00Z'; // 00:30 on 1 July in Zurich (CEST)
    await post(zurich.token, body);
    const rows = await t.db.execute<{ day: string }>(
      sql`SELECT day::text FROM readings_daily WHERE controller_id = ${zurich.id}`,
    );
    expect(rows.rows).toEqual([{ day: '2025-07-01' }]);
  });

  it('concurrent overlapping reports of one controller never double count', async () => {
    const c = await insertController(t.db);
    const bodies = Array.from({ length: 24 }, (_, i) =>
      report(c, { startHour: (i % 8) * 3, count: 9, channels: [1, 2, 3, 4] }),
    );
    const answers = await Promise.all(bodies.map((b) => post(c.token, b)));
    const accepted = answers.reduce((s, a) => s + a.accepted, 0);
    const unique = 4 * (7 * 3 + 9);
    expect(accepted).toBe(unique);
    expect(answers.reduce((s, a) => s + a.duplicates, 0)).toBe(24 * 36 - unique);
    expect(await count(t.db, 'readings', c.id)).toBe(unique);
    expect(await rollupMismatches(t.db, c.id)).toEqual([]);
  });

  it('the rollup check finds a corrupted row and the rebuild repairs it', async () => {
    const c = await insertController(t.db);
    await post(c.token, report(c, { count: 30 }));
    await t.db.execute(sql`UPDATE readings_hourly SET n = n + 1 WHERE controller_id = ${c.id} AND channel = 2
      AND hour = '2025-03-30T05:00:00Z'`);
    await t.db.execute(sql`DELETE FROM readings_daily WHERE controller_id = ${c.id} AND channel = 3`);
    const bad = await rollupMismatches(t.db, c.id);
    expect(bad).toContainEqual({ table: 'hourly', channel: 2, key: expect.stringContaining('2025-03-30') });
    expect(bad.filter((m) => m.table === 'daily' && m.channel === 3).length).toBeGreaterThan(0);
    await rebuildRollups(t.db, c.id);
    expect(await rollupMismatches(t.db, c.id)).toEqual([]);
  });

  it('one combined statement stores several controllers (other time zones) and overlapping reports once', async () => {
    const a = await insertController(t.db, { timeZone: 'America/New_York' });
    const b = await insertController(t.db, { timeZone: 'Asia/Kolkata' });
    const job = (c: typeof a, tz: string, startHour: number): IngestJob => {
      const body = report(c, { startHour, count: 10 });
      const rows = flatten(body);
      const status = {
        ...body.status,
        firmware: '2.0.0',
        imei: body.imei,
        resetAt: null,
        time: Math.max(...rows.times),
      };
      return { controllerId: c.id, timeZone: tz, rows, status };
    };
    const accepted = await ingestJobs(t.db, [
      job(a, 'America/New_York', 0),
      job(b, 'Asia/Kolkata', 0),
      job(a, 'America/New_York', 5), // overlaps the first job by 5 hours
      job(a, 'America/New_York', 0), // the same as the first job
    ]);
    expect(accepted).toEqual([30, 30, 15, 0]);
    expect(await count(t.db, 'readings', a.id)).toBe(45);
    expect(await count(t.db, 'controller_status', a.id)).toBe(2);
    expect(await rollupMismatches(t.db, a.id)).toEqual([]);
    expect(await rollupMismatches(t.db, b.id)).toEqual([]);
    const v = await t.db.execute<{ software_version: string }>(
      sql`SELECT software_version FROM controllers WHERE id = ${b.id}`,
    );
    expect(v.rows[0]?.software_version).toBe('2.0.0');
  });
});
