import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/db';
import type { Db } from '../../db/client';
import { insertController, report, type TestController } from '../device/device.fixtures';
import { createDeviceService } from '../device/device.service';
import {
  dailySeries,
  hourlySeries,
  latestPerChannel,
  rawSeries,
  weightAtPerChannel,
} from './readings.repository';

describe('readings readers', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let db: Db;
  let c: TestController;
  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.db;
    c = await insertController(db);
    const service = createDeviceService({ db, publicUrl: 'http://localhost' });
    const controller = await service.authenticate(c.token);
    // 2025-03-30 00:00Z .. 2025-04-01 23:30Z every 30 minutes, channels 1, 2 (weight) and 3 (climate)
    await service.report(controller, report(c, { count: 144, step: 0.5 }));
  });
  afterAll(() => database.dispose());

  it('latest reading per channel, optionally before a time', async () => {
    const latest = await latestPerChannel(db, c.id);
    expect(latest.map((r) => [r.channel, r.time.toISOString()])).toEqual([
      [1, '2025-04-01T23:30:00.000Z'],
      [2, '2025-04-01T23:30:00.000Z'],
      [3, '2025-04-01T23:30:00.000Z'],
    ]);
    expect(latest[2]?.weight).toBeNull();
    expect(latest[2]?.temperature).toEqual(expect.any(Number));
    const before = await latestPerChannel(db, c.id, new Date('2025-03-31T00:10:00Z'));
    expect(before[0]?.time.toISOString()).toBe('2025-03-31T00:00:00.000Z');
  });

  it('weight at local midnight skips sensor channels', async () => {
    const midnight = new Date('2025-03-31T22:00:00Z'); // 1 April 00:00 in Zurich (CEST)
    const w = await weightAtPerChannel(db, c.id, midnight);
    expect(w.map((r) => [r.channel, r.time.toISOString()])).toEqual([
      [1, '2025-03-31T22:00:00.000Z'],
      [2, '2025-03-31T22:00:00.000Z'],
    ]);
  });

  it('raw, hourly and daily series agree', async () => {
    const from = new Date('2025-03-31T00:00:00Z');
    const to = new Date('2025-03-31T06:00:00Z');
    const raw = (await rawSeries(db, c.id, from, to)).filter((r) => r.channel === 1);
    expect(raw).toHaveLength(12);
    const hourly = (await hourlySeries(db, c.id, from, to)).filter((p) => p.channel === 1);
    expect(hourly).toHaveLength(6);
    expect(hourly[0]).toMatchObject({ at: '2025-03-31T00:00:00Z', n: 2, weightLast: raw[1]?.weight });
    expect(hourly[0]?.weightAvg).toBeCloseTo(((raw[0]?.weight ?? 0) + (raw[1]?.weight ?? 0)) / 2, 4);
    const daily = await dailySeries(db, c.id, '2025-03-30', '2025-04-02');
    const ch3 = daily.filter((p) => p.channel === 3);
    // 2025-03-30T00:00Z (01:00 local) .. 2025-04-01T23:30Z (2 April 01:30 local) in Zurich
    expect(ch3.map((p) => p.at)).toEqual(['2025-03-30', '2025-03-31', '2025-04-01', '2025-04-02']);
    expect(ch3.reduce((s, p) => s + p.n, 0)).toBe(144);
    expect(ch3[0]?.weightAvg).toBeNull();
    expect(ch3[0]?.humidityAvg).toEqual(expect.any(Number));
  });
});
