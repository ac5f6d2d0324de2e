import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { imageBytes, insertImage, sha256 } from '../firmware/firmware.fixtures';
import { count, insertController, report } from './device.fixtures';
import { rollupMismatches } from './rollups.repository';

describe('POST /api/device/v1/report — good input', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: 'https://hive.example.org' });
  });
  afterAll(() => t.close());

  const post = (token: string, body: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/api/device/v1/report',
      headers: { authorization: `Bearer ${token}` },
      payload: body as object,
    });

  it('stores every channel value, maintains rollups and status, and answers the config', async () => {
    const c = await insertController(t.db);
    const body = report(c, { count: 5, channels: [1, 2, 3] });
    body.status.resetAt = '2025-03-29T22:00:00Z';
    const res = await post(c.token, body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      accepted: 15,
      duplicates: 0,
      config: { updateInterval: 3, scaleGain: 200, firmware: null },
    });
    expect(await count(t.db, 'readings', c.id)).toBe(15);
    expect(await count(t.db, 'controller_status', c.id)).toBe(1);
    expect(await rollupMismatches(t.db, c.id)).toEqual([]);
    const ctl = await t.db.execute<Record<string, unknown>>(
      sql`SELECT temperature, voltage, signal, software_version, last_update, last_reset FROM controllers WHERE id = ${c.id}`,
    );
    const row = ctl.rows[0];
    expect(row).toMatchObject({ temperature: 11.5, signal: -77, software_version: '1.4.2' });
    expect(row?.voltage).toBeCloseTo(3.91, 5);
    expect(new Date(String(row?.last_update)).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(new Date(String(row?.last_reset)).toISOString()).toBe('2025-03-29T22:00:00.000Z');
    const status = await t.db.execute<{ time: string }>(
      sql`SELECT time FROM controller_status WHERE controller_id = ${c.id}`,
    );
    expect(new Date(String(status.rows[0]?.time)).toISOString()).toBe(body.readings[4]?.time);
  });

  it('offers the desired firmware with its checksum and size when it differs from the reported one', async () => {
    const bytes = imageBytes(1000);
    await insertImage(t.db, '1.5.0', bytes);
    const c = await insertController(t.db, { desiredFirmware: '1.5.0' });
    const res = await post(c.token, report(c, { firmware: '1.4.2' }));
    expect(res.json().config.firmware).toEqual({
      version: '1.5.0',
      url: 'https://hive.example.org/api/device/v1/firmware/1.5.0',
      sha256: sha256(bytes),
      size: 1000,
    });
    const same = await post(c.token, report(c, { firmware: '1.5.0', startHour: 100 }));
    expect(same.json().config.firmware).toBeNull();
    // a desired version without a stored image is not offered (the transmitter could not check it)
    const orphan = await insertController(t.db, { desiredFirmware: '1.6.0' });
    expect((await post(orphan.token, report(orphan))).json().config.firmware).toBeNull();
  });

  it('learns the IMEI from the first report when the admin left it empty', async () => {
    const c = await insertController(t.db, { imei: null });
    const res = await post(c.token, { ...report(c), imei: '490154203237518' });
    expect(res.statusCode).toBe(200);
    const row = await t.db.execute<{ imei: string }>(sql`SELECT imei FROM controllers WHERE id = ${c.id}`);
    expect(row.rows[0]?.imei).toBe('490154203237518');
  });

  it('stores a report whose IMEI differs from the stored one and notes the mismatch for the admin', async () => {
    const c = await insertController(t.db, { imei: '490154203237518' });
    const res = await post(c.token, { ...report(c, { count: 2, channels: [1] }), imei: '356938035643809' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ accepted: 2, duplicates: 0 });
    expect(await count(t.db, 'readings', c.id)).toBe(2);
    const row = await t.db.execute<{ imei: string; reported_imei: string; fresh: boolean }>(
      sql`SELECT imei, reported_imei, reported_imei_at > now() - interval '1 minute' AS fresh
          FROM controllers WHERE id = ${c.id}`,
    );
    expect(row.rows[0]).toEqual({ imei: '490154203237518', reported_imei: '356938035643809', fresh: true });
  });

  it('counts readings on channels without an active scale (still stored raw)', async () => {
    const c = await insertController(t.db);
    await t.db.execute(sql`INSERT INTO scales (controller_id, channel, name, state) VALUES
      (${c.id}, 1, 'Hive 1', 'active'), (${c.id}, 2, 'Old', 'archived'), (${c.id}, 4, 'Off', 'deactivated')`);
    const res = await post(c.token, report(c, { count: 3, channels: [1, 2, 3, 4] }));
    expect(res.json()).toMatchObject({ accepted: 12, duplicates: 0 });
    expect(await count(t.db, 'readings', c.id)).toBe(12);
    const row = await t.db.execute<{ n: number }>(
      sql`SELECT unassigned_readings AS n FROM controllers WHERE id = ${c.id}`,
    );
    expect(row.rows[0]?.n).toBe(9);
    await post(c.token, report(c, { count: 3, channels: [1, 2, 3, 4] })); // duplicates add nothing
    const again = await t.db.execute<{ n: number }>(
      sql`SELECT unassigned_readings AS n FROM controllers WHERE id = ${c.id}`,
    );
    expect(again.rows[0]?.n).toBe(9);
  });

  it('answers inactive and stores nothing when the subscription has expired', async () => {
    const c = await insertController(t.db, { subscriptionEnd: new Date(Date.now() - 1000) });
    const res = await post(c.token, report(c));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      accepted: 0,
      duplicates: 0,
      inactive: true,
      config: { updateInterval: 3, scaleGain: 200, firmware: null },
    });
    expect(await count(t.db, 'readings', c.id)).toBe(0);
    expect(await count(t.db, 'controller_status', c.id)).toBe(0);
  });

  it('accepts 1000 readings × 8 channels in one report', async () => {
    const c = await insertController(t.db);
    const res = await post(c.token, report(c, { count: 1000, channels: [1, 2, 3, 4, 5, 6, 7, 8] }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ accepted: 8000, duplicates: 0 });
    expect(await rollupMismatches(t.db, c.id)).toEqual([]);
  });
});
