import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SERIES_MAX_POINTS,
  seriesResponseSchema,
  type SeriesData,
  type SeriesResponse,
} from '@hivescope/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import { createCast, type TestUser } from '../../../test/users';
import { controllerStatus } from '../../db/schema';
import {
  caller,
  seedController,
  seedReadings,
  seedScale,
  seedWatch,
  type SeededController,
} from '../controllers/controllers.fixtures';
import { rebuildRollups } from '../device/rollups.repository';

const s = (iso: string) => Date.parse(iso) / 1000;
const MIN15 = 15 * 60;

describe('GET series', () => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let owner: TestUser, other: TestUser, watcher: TestUser, manager: TestUser, admin: TestUser;
  let c: SeededController, big: SeededController, hourlyCtl: SeededController;
  let hive: number, sensor: number, archived: number, bigHive: number, hourlyHive: number;
  /** the 2-year weights of `bigHive` (channel 1 of `big`), 15-minute steps from 2024-01-01T00:00Z */
  const bigStart = s('2024-01-01T00:00:00Z');
  const bigWeights: { t: number; w: number }[] = [];

  const url = (q: Record<string, string | number>) =>
    `/api/series?${new URLSearchParams(Object.fromEntries(Object.entries(q).map(([k, v]) => [k, String(v)]))).toString()}`;
  const get = (user: TestUser | undefined, q: Record<string, string | number>) =>
    call<SeriesResponse>('GET', url(q), user ? { user } : {});
  const find = (res: SeriesResponse, kind: string, id: number, series: string): SeriesData => {
    const found = res.series.find((e) => e.kind === kind && e.id === id && e.series === series);
    if (!found) throw new Error(`no ${kind} ${id} ${series}`);
    return found;
  };

  beforeAll(async () => {
    t = await createTestApp();
    call = caller(t.app);
    const { aff, ...cast } = await createCast(t.db);
    ({ owner, other, watcher, manager, admin } = cast);
    c = await seedController(t.db, { ownerId: owner.id, affiliationId: aff });
    hive = await seedScale(t.db, c.id, 1, {
      emptyWeight: 10,
      reserves: 5,
      setupAt: new Date('2025-06-01T06:00:00Z'),
    });
    sensor = await seedScale(t.db, c.id, 3, { type: 'sensor', setupAt: new Date('2025-06-01T00:00:00Z') });
    archived = await seedScale(t.db, c.id, 2, {
      state: 'archived',
      setupAt: new Date('2025-06-01T00:00:00Z'),
      archivedAt: new Date('2025-06-01T12:00:00Z'),
    });
    await seedWatch(t.db, watcher.id, c.id);
    // channel 1: before the setup (another hive) 99 kg, then 40 + hour
    await seedReadings(t.db, c.id, 1, [
      { time: '2025-06-01T05:45:00Z', weight: 99 },
      ...Array.from({ length: 12 }, (_, h) => ({
        time: `2025-06-01T${String(6 + h).padStart(2, '0')}:00:00Z`,
        weight: 40 + h,
      })),
    ]);
    await seedReadings(t.db, c.id, 2, [
      { time: '2025-06-01T11:00:00Z', weight: 20 },
      { time: '2025-06-01T13:00:00Z', weight: 70 }, // after the archiving
    ]);
    await seedReadings(t.db, c.id, 3, [{ time: '2025-06-01T08:00:00Z', temperature: 21.5, humidity: 55 }]);
    await t.db.insert(controllerStatus).values([
      {
        controllerId: c.id,
        time: new Date('2025-06-01T06:00:00Z'),
        temperature: 12,
        voltage: 3.9,
        signal: -80,
      },
      {
        controllerId: c.id,
        time: new Date('2025-06-01T09:00:00Z'),
        temperature: 18,
        voltage: 3.8,
        signal: -70,
      },
    ]);
    await rebuildRollups(t.db, c.id);

    big = await seedController(t.db, { ownerId: owner.id });
    bigHive = await seedScale(t.db, big.id, 1, { emptyWeight: 10, reserves: 5 });
    for (let k = 0, time = bigStart; time < s('2026-01-01T00:00:00Z'); k++, time += MIN15) {
      bigWeights.push({
        t: time,
        w: Math.round((40 + 3 * Math.sin((2 * Math.PI * k) / 96) + k / 10_000) * 1000) / 1000,
      });
    }
    for (let i = 0; i < bigWeights.length; i += 5000) {
      await seedReadings(
        t.db,
        big.id,
        1,
        bigWeights.slice(i, i + 5000).map((p) => ({ time: new Date(p.t * 1000).toISOString(), weight: p.w })),
      );
    }
    await rebuildRollups(t.db, big.id);

    // hourly sampling: a weight at 10 past every hour for 40 days
    hourlyCtl = await seedController(t.db, { ownerId: owner.id });
    hourlyHive = await seedScale(t.db, hourlyCtl.id, 1, {
      emptyWeight: 10,
      reserves: 5,
      setupAt: new Date('2025-01-01T00:00:00Z'),
    });
    await seedReadings(
      t.db,
      hourlyCtl.id,
      1,
      Array.from({ length: 40 * 24 }, (_, h) => ({
        time: new Date(Date.parse('2025-01-01T00:10:00Z') + h * 3_600_000).toISOString(),
        weight: 40 + (h % 50) / 8,
      })),
    );
    await rebuildRollups(t.db, hourlyCtl.id);
  }, 120_000);
  afterAll(() => t.close());

  const day = { xmin: s('2025-06-01T00:00:00Z'), xmax: s('2025-06-02T00:00:00Z') };

  it('401 for anonymous callers, before any validation', async () => {
    expect((await get(undefined, { scales: hive, series: 'weight', ...day })).status).toBe(401);
    expect((await get(undefined, { series: 'nonsense' })).status).toBe(401);
  });

  it('owner: net raw weights from the setup on, sensor values, status series; schema-valid', async () => {
    const res = await get(owner, {
      scales: `${hive},${sensor},${archived}`,
      controllers: c.id,
      series: 'weight,temperature,humidity,chipTemperature,batteryVoltage,networkQuality',
      ...day,
    });
    expect(res.status).toBe(200);
    expect(() => seriesResponseSchema.parse(res.body)).not.toThrow();
    expect(res.body.resolution).toBe('raw');
    const w = find(res.body, 'scale', hive, 'weight');
    expect(w).toMatchObject({ status: 'ok', unit: 'kg', resolution: 'raw', controllerId: c.id });
    expect(w.values).toEqual(Array.from({ length: 12 }, (_, h) => 25 + h)); // 40 + h − 10 − 5; no 99 kg
    expect(w.times[0]).toBe(s('2025-06-01T06:00:00Z'));
    expect(w.min).toBeUndefined();
    expect(find(res.body, 'scale', archived, 'weight').values).toEqual([20]); // not the 70 kg after archiving
    expect(find(res.body, 'scale', sensor, 'temperature')).toMatchObject({
      status: 'ok',
      unit: '°C',
      values: [21.5],
    });
    expect(find(res.body, 'scale', sensor, 'humidity').values).toEqual([55]);
    expect(find(res.body, 'scale', sensor, 'weight')).toMatchObject({ status: 'noData', values: [] });
    expect(find(res.body, 'scale', hive, 'temperature').status).toBe('noData');
    expect(find(res.body, 'controller', c.id, 'chipTemperature')).toMatchObject({
      values: [12, 18],
      unit: '°C',
    });
    expect(find(res.body, 'controller', c.id, 'batteryVoltage').values).toEqual([3.9, 3.8]);
    expect(find(res.body, 'controller', c.id, 'networkQuality')).toMatchObject({
      values: [-80, -70],
      unit: 'dBm',
    });
    expect(res.body.series).toHaveLength(3 * 3 + 3);
  });

  it('aggregated status series carry min and max; weather answers noWeatherData', async () => {
    const res = await get(owner, {
      controllers: c.id,
      series: 'chipTemperature,windSpeed,grasslandSumWeather',
      xmin: s('2025-03-01T00:00:00Z'),
      xmax: s('2025-09-01T00:00:00Z'),
    });
    expect(res.status).toBe(200);
    const chip = find(res.body, 'controller', c.id, 'chipTemperature');
    expect(chip).toMatchObject({ resolution: 'daily', values: [15], min: [12], max: [18] });
    expect(chip.times).toEqual([s('2025-05-31T22:00:00Z')]); // 1 June, local midnight in Zurich
    expect(find(res.body, 'controller', c.id, 'windSpeed')).toMatchObject({
      status: 'noWeatherData',
      times: [],
    });
    expect(find(res.body, 'controller', c.id, 'grasslandSumWeather').status).toBe('noWeatherData');
  });

  it('chip grassland temperature sum from the daily mean chip temperature', async () => {
    const res = await get(owner, { controllers: c.id, series: 'grasslandSumChip', ...day });
    expect(find(res.body, 'controller', c.id, 'grasslandSumChip')).toMatchObject({
      status: 'ok',
      resolution: 'daily',
      unit: '°Cd', // degree-days: an axis of its own
      values: [15], // mean (12 + 18) / 2 on a June day, × 1
    });
  });

  it('watcher, manager of the affiliation and admin read; another user gets 404', async () => {
    for (const user of [watcher, manager, admin]) {
      const res = await get(user, { scales: hive, controllers: c.id, series: 'weight', ...day });
      expect(res.status).toBe(200);
      expect(find(res.body, 'scale', hive, 'weight').values).toHaveLength(12);
    }
    const scale = await get(other, { scales: hive, series: 'weight', ...day });
    expect(scale.status).toBe(404);
    expect(scale.message).toBe('The scale was not found');
    const controller = await get(other, { controllers: c.id, series: 'chipTemperature', ...day });
    expect(controller.status).toBe(404);
    expect(controller.message).toBe('The transmitter was not found');
    expect((await get(owner, { scales: 2_000_000_000, series: 'weight', ...day })).status).toBe(404);
  });

  it('bad input: a clear localised message', async () => {
    const cases: [Record<string, string | number>, string][] = [
      [{ scales: hive, series: 'weight,rain', ...day }, 'Unknown series'],
      [
        { scales: hive, series: 'weight', xmin: day.xmax, xmax: day.xmin },
        'The start of the period must lie before its end',
      ],
      [{ scales: 'a,b', series: 'weight', ...day }, 'Invalid list of scales or transmitters'],
      [
        { scales: Array.from({ length: 21 }, (_, i) => i + 1).join(','), series: 'weight', ...day },
        'Choose at most 20 scales and 20 transmitters',
      ],
      [{ scales: hive, series: 'weight', xmin: 'yesterday', xmax: day.xmax }, 'Invalid date'],
    ];
    for (const [q, message] of cases) {
      const res = await get(owner, q);
      expect(res.status, JSON.stringify(q)).toBe(400);
      expect(res.message).toBe(message);
    }
    const de = await call('GET', url({ scales: hive, series: 'wind', ...day }), { user: owner, lang: 'de' });
    expect(de.message).toBe('Unbekannte Messreihe');
  });

  it('2 years of 15-minute data: ≤ 2,000 daily points with the exact daily min and max', async () => {
    const res = await get(owner, {
      scales: bigHive,
      series: 'weight',
      xmin: bigStart,
      xmax: s('2026-01-01T00:00:00Z'),
    });
    expect(res.status).toBe(200);
    const w = find(res.body, 'scale', bigHive, 'weight');
    expect(w.resolution).toBe('daily');
    expect(bigWeights.length).toBe(731 * 96);
    expect(w.times.length).toBeGreaterThan(700);
    expect(w.times.length).toBeLessThanOrEqual(SERIES_MAX_POINTS);
    const zurichDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zurich' });
    const byDay = new Map<string, number[]>();
    for (const p of bigWeights) {
      const d = zurichDay.format(new Date(p.t * 1000));
      const list = byDay.get(d) ?? [];
      list.push(p.w);
      byDay.set(d, list);
    }
    expect(w.times).toHaveLength(byDay.size);
    w.times.forEach((time, i) => {
      const ws = byDay.get(zurichDay.format(new Date(time * 1000))) ?? [];
      expect(w.min?.[i]).toBeCloseTo(Math.min(...ws) - 15, 2);
      expect(w.max?.[i]).toBeCloseTo(Math.max(...ws) - 15, 2);
      expect(w.values[i]).toBeCloseTo(ws.reduce((a, b) => a + b, 0) / ws.length - 15, 2);
    });
  });

  it('a 60-day span reads the hourly rollup, within the point limit', async () => {
    const res = await get(owner, {
      scales: bigHive,
      series: 'weight',
      xmin: s('2025-01-01T00:00:00Z'),
      xmax: s('2025-03-02T00:00:00Z'),
    });
    const w = find(res.body, 'scale', bigHive, 'weight');
    expect(w.resolution).toBe('hourly');
    expect(w.times).toHaveLength(60 * 24);
    expect(w.min?.every((m, i) => m !== null && m <= (w.values[i] ?? -Infinity))).toBe(true);
  });

  it('an hourly-sampled scale over 30 days: hourly points from its raw readings, as the rollup has them', async () => {
    const month = { xmin: s('2025-01-05T00:00:00Z'), xmax: s('2025-02-04T00:00:00Z') };
    const read = async (scale: number) => {
      const res = await get(owner, { scales: scale, series: 'weight', ...month });
      expect(res.status).toBe(200);
      return find(res.body, 'scale', scale, 'weight');
    };
    const w = await read(hourlyHive);
    expect(w.resolution).toBe('hourly');
    // one point per hour at its start, the hour's one reading net of 15 kg; min = max = mean
    const hours = Array.from({ length: 30 * 24 }, (_, i) => month.xmin + i * 3600);
    expect(w.times).toEqual(hours);
    expect(w.values).toEqual(hours.map((t) => 25 + (((t - s('2025-01-01T00:00:00Z')) / 3600) % 50) / 8));
    expect(w.min).toEqual(w.values);
    expect(w.max).toEqual(w.values);
    const bigBefore = await read(bigHive);
    expect(bigBefore.times).toHaveLength(30 * 24);
    // without the hourly rollup: the hourly-sampled scale answers the same (raw readings), the 15-minute one
    // nothing (it reads the rollup)
    try {
      await t.db.execute(
        sql`DELETE FROM readings_hourly WHERE controller_id IN (${hourlyCtl.id}, ${big.id})`,
      );
      expect(await read(hourlyHive)).toEqual(w);
      expect(await read(bigHive)).toMatchObject({ status: 'noData', times: [] });
    } finally {
      await rebuildRollups(t.db, hourlyCtl.id);
      await rebuildRollups(t.db, big.id);
    }
    expect(await read(bigHive)).toEqual(bigBefore);
  });
});
