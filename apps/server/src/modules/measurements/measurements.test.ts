import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/db';
import type { Db } from '../../db/client';
import { count, insertController, report, type TestController } from '../device/device.fixtures';
import { createDeviceService } from '../device/device.service';
import { rebuildRollups } from '../device/rollups.repository';
import { RAW_HOURLY_MAX_PER_DAY, hourlyFromRaw } from './columns.repository';
import {
  latestValues,
  localMidnight,
  midnightAndWeights,
  weightsAtMidnight,
} from './measurements.repository';
import type { ChannelColumns, ChannelRef, ChannelWindow, Resolution, RangePoint } from './measurements.types';
import { rawWeights } from './samples.repository';
import { dailyRange, hourlyRange, rawRange } from './ranges.repository';
import {
  HOURLY_MAX_SPAN_MS,
  RAW_MAX_SPAN_MS,
  localDay,
  readChannelColumns,
  readRange,
  readStatusRange,
  resolutionFor,
} from './ranges';

/**
 * The measurements readers over data written by the real ingest: 2025-03-30 00:00Z .. 2025-04-01 23:30Z every
 * 30 minutes, channels 1, 2 (weight) and 3 (temperature + humidity), controller in Europe/Zurich.
 */
describe('measurements readers', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let db: Db;
  let c: TestController;
  const window = (id: number, channel: number, from: string, to: string | null = null): ChannelWindow => ({
    id,
    controllerId: c.id,
    channel,
    from: new Date(from),
    to: to === null ? null : new Date(to),
  });

  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.db;
    c = await insertController(db);
    const service = createDeviceService({ db, publicUrl: 'http://localhost' });
    const controller = await service.authenticate(c.token);
    await service.report(controller, report(c, { count: 144, step: 0.5 }));
  });
  afterAll(() => database.dispose());

  it('latest value of each window, bounded by its setup and archiving', async () => {
    const latest = await latestValues(db, [
      window(11, 1, '2025-03-01T00:00:00Z'),
      window(13, 3, '2025-03-01T00:00:00Z'),
      window(21, 2, '2025-03-01T00:00:00Z', '2025-03-31T00:10:00Z'), // archived: its last reading before then
      window(22, 2, '2025-04-02T00:00:00Z'), // set up after the last reading: no value
      window(31, 4, '2025-03-01T00:00:00Z'), // a channel without readings
    ]);
    const byId = new Map(latest.map((v) => [v.id, v]));
    expect([...byId.keys()].sort()).toEqual([11, 13, 21]);
    expect(byId.get(11)?.time.toISOString()).toBe('2025-04-01T23:30:00.000Z');
    expect(byId.get(11)?.weight).toEqual(expect.any(Number));
    expect(byId.get(13)).toMatchObject({ weight: null, temperature: expect.any(Number) });
    expect(byId.get(21)?.time.toISOString()).toBe('2025-03-31T00:00:00.000Z');
    expect(await latestValues(db, [])).toEqual([]);
  });

  it('weight at local midnight: last at or before it, else the first after it; sensors have none', async () => {
    const now = new Date('2025-04-01T10:00:00Z');
    const midnight = await localMidnight(db, 'Europe/Zurich', now);
    expect(midnight.toISOString()).toBe('2025-03-31T22:00:00.000Z'); // 1 April 00:00 CEST
    const weights = await weightsAtMidnight(
      db,
      [
        window(1, 1, '2025-03-01T00:00:00Z'),
        window(2, 2, '2025-04-01T05:10:00Z'), // set up this morning: its first weight of today
        window(3, 3, '2025-03-01T00:00:00Z'),
      ],
      midnight,
      now,
    );
    expect(weights.map((w) => [w.id, w.time?.toISOString() ?? null, w.weight !== null])).toEqual([
      [1, '2025-03-31T22:00:00.000Z', true],
      [2, '2025-04-01T05:30:00.000Z', true],
      [3, null, false],
    ]);
  });

  it('midnight and the weights then in one statement: the same as asked one after the other', async () => {
    const now = new Date('2025-04-01T10:00:00Z');
    const windows = [
      window(1, 1, '2025-03-01T00:00:00Z'),
      window(2, 2, '2025-04-01T05:10:00Z'),
      window(3, 3, '2025-03-01T00:00:00Z'),
    ];
    const midnight = await localMidnight(db, 'Europe/Zurich', now);
    const together = await midnightAndWeights(db, windows, 'Europe/Zurich', now);
    expect(together.midnight.toISOString()).toBe('2025-03-31T22:00:00.000Z');
    expect(together.weights).toEqual(await weightsAtMidnight(db, windows, midnight, now));
    expect(together.weights.filter((w) => w.weight !== null)).toHaveLength(2);
    // New York: 1 April 00:00 EDT; no windows still gives the midnight
    const none = await midnightAndWeights(db, [], 'America/New_York', now);
    expect(none).toEqual({ midnight: new Date('2025-04-01T04:00:00.000Z'), weights: [] });
  });

  it('raw, hourly and daily series agree', async () => {
    const from = new Date('2025-03-31T00:00:00Z');
    const to = new Date('2025-03-31T06:00:00Z');
    const raw = (await rawRange(db, c.id, from, to)).filter((r) => r.channel === 1);
    expect(raw).toHaveLength(12);
    expect(raw[0]).toMatchObject({ at: '2025-03-31T00:00:00.000Z', n: 1 });
    const hourly = (await hourlyRange(db, c.id, from, to)).filter((p) => p.channel === 1);
    expect(hourly).toHaveLength(6);
    expect(hourly[0]).toMatchObject({ at: '2025-03-31T00:00:00.000Z', n: 2, weightLast: raw[1]?.weightLast });
    expect(hourly[0]?.weightAvg).toBeCloseTo(((raw[0]?.weightAvg ?? 0) + (raw[1]?.weightAvg ?? 0)) / 2, 4);
    const daily = await dailyRange(db, c.id, '2025-03-30', '2025-04-02', 'Europe/Zurich');
    const ch3 = daily.filter((p) => p.channel === 3);
    // 2025-03-30T00:00Z (01:00 local) .. 2025-04-01T23:30Z (2 April 01:30 local) in Zurich
    expect(ch3.map((p) => p.at)).toEqual(['2025-03-30', '2025-03-31', '2025-04-01', '2025-04-02']);
    expect(ch3.reduce((s, p) => s + p.n, 0)).toBe(144);
    expect(ch3[0]?.weightAvg).toBeNull();
    expect(ch3[0]?.humidityAvg).toEqual(expect.any(Number));
  });

  it('chooses the resolution by the span: raw up to a week, hourly up to 83 days, daily beyond', () => {
    const from = new Date('2025-01-01T00:00:00Z');
    const after = (ms: number) => new Date(from.getTime() + ms);
    expect(resolutionFor(from, after(RAW_MAX_SPAN_MS))).toBe('raw');
    expect(resolutionFor(from, after(RAW_MAX_SPAN_MS + 1))).toBe('hourly');
    expect(resolutionFor(from, after(HOURLY_MAX_SPAN_MS))).toBe('hourly');
    expect(resolutionFor(from, after(HOURLY_MAX_SPAN_MS + 1))).toBe('daily');
  });

  it('reads a series at the chosen resolution, covering every hour and local day the range touches', async () => {
    const q = { controllerId: c.id, timeZone: 'Europe/Zurich' };
    const day = await readRange(db, {
      ...q,
      from: new Date('2025-03-31T00:00:00Z'),
      to: new Date('2025-04-01T00:00:00Z'),
    });
    expect(day.resolution).toBe('raw');
    expect(day.points.filter((p) => p.channel === 2)).toHaveLength(48);

    const hourly = await readRange(db, {
      ...q,
      from: new Date('2025-03-31T00:30:00Z'),
      to: new Date('2025-03-31T03:00:00Z'),
      resolution: 'hourly',
    });
    expect(hourly.points.filter((p) => p.channel === 1).map((p) => p.at)).toEqual([
      '2025-03-31T00:00:00.000Z',
      '2025-03-31T01:00:00.000Z',
      '2025-03-31T02:00:00.000Z',
    ]);

    const year = await readRange(db, {
      ...q,
      from: new Date('2025-01-01T00:00:00Z'),
      to: new Date('2026-01-01T00:00:00Z'),
    });
    expect(year.resolution).toBe('daily');
    expect(year.points.filter((p) => p.channel === 1).map((p) => p.at)).toEqual([
      '2025-03-30',
      '2025-03-31',
      '2025-04-01',
      '2025-04-02',
    ]);
    // a range ending at local midnight does not include the next local day
    const toMidnight = await readRange(db, {
      ...q,
      from: new Date('2025-03-30T00:00:00Z'),
      to: new Date('2025-03-31T22:00:00Z'),
      resolution: 'daily',
    });
    expect(toMidnight.points.filter((p) => p.channel === 1).map((p) => p.at)).toEqual([
      '2025-03-30',
      '2025-03-31',
    ]);
    expect(
      (
        await readRange(db, {
          ...q,
          from: new Date('2025-03-31T00:00:00Z'),
          to: new Date('2025-03-31T00:00:00Z'),
        })
      ).points,
    ).toEqual([]);
  });

  it('columns of several channels in one read equal the full series, at every resolution', async () => {
    // the same points readRange gives, as columns: t and only the asked fields, per channel key
    const asColumns = (points: RangePoint[], channel: number, resolution: Resolution): ChannelColumns => {
      const mine = points.filter((p) => p.channel === channel);
      const aggregated = resolution !== 'raw';
      return {
        t: mine.map((p) => p.t),
        ...(resolution === 'daily' ? { day: mine.map((p) => p.at) } : {}),
        weight: mine.map((p) => p.weightAvg),
        ...(aggregated
          ? { weightMin: mine.map((p) => p.weightMin), weightMax: mine.map((p) => p.weightMax) }
          : {}),
        humidity: mine.map((p) => p.humidityAvg),
      };
    };
    const cases = [
      { from: '2025-03-30T10:00:00Z', to: '2025-03-31T09:00:00Z', resolution: 'raw' },
      { from: '2025-03-30T10:30:00Z', to: '2025-04-01T09:00:00Z', resolution: 'hourly' },
      // the DST night in Zurich (a 23-hour local day), read in two zones at once
      { from: '2025-03-29T00:00:00Z', to: '2025-04-03T00:00:00Z', resolution: 'daily' },
    ] as const;
    const zones = ['Europe/Zurich', 'America/New_York'];
    for (const { from, to, resolution } of cases) {
      const range = { from: new Date(from), to: new Date(to), resolution };
      const { columns } = await readChannelColumns(db, {
        channels: [1, 3, 4].flatMap((channel, i) =>
          zones.map((timeZone, z) => ({ key: 10 * i + z, controllerId: c.id, channel, timeZone })),
        ),
        fields: ['weight', 'humidity'],
        ...range,
      });
      for (const [z, timeZone] of zones.entries()) {
        const { points } = await readRange(db, { controllerId: c.id, timeZone, ...range });
        const one = asColumns(points, 1, resolution);
        expect(one.t.length).toBeGreaterThan(3);
        expect(columns.get(z)).toEqual(one);
        expect(columns.get(10 + z)).toEqual(asColumns(points, 3, resolution));
        expect(columns.get(20 + z)?.t).toEqual([]); // a channel without readings
      }
    }
    const daily = await readChannelColumns(db, {
      channels: [{ key: 1, controllerId: c.id, channel: 1, timeZone: 'Europe/Zurich' }],
      fields: ['weight'],
      from: new Date('2025-03-01T00:00:00Z'),
      to: new Date('2025-06-01T00:00:00Z'),
    });
    expect(daily.resolution).toBe('daily');
    const t = daily.columns.get(1)?.t ?? [];
    expect(t.slice(0, 2)).toEqual([
      Date.parse('2025-03-29T23:00:00Z') / 1000,
      Date.parse('2025-03-30T22:00:00Z') / 1000,
    ]);
    const empty = await readChannelColumns(db, {
      channels: [{ key: 1, controllerId: c.id, channel: 1, timeZone: 'Europe/Zurich' }],
      fields: ['weight'],
      from: new Date('2025-03-31T00:00:00Z'),
      to: new Date('2025-03-31T00:00:00Z'),
    });
    expect(empty.columns.size).toBe(0);
  });

  it('local day follows the time zone', () => {
    expect(localDay(new Date('2025-03-31T22:30:00Z'), 'Europe/Zurich')).toBe('2025-04-01');
    expect(localDay(new Date('2025-03-31T22:30:00Z'), 'America/New_York')).toBe('2025-03-31');
  });
});

/**
 * Which table an hourly read uses (docs/timeline.md): the hourly rollup only where a channel has several
 * readings an hour; a channel sampled hourly (or more sparsely) has as many raw rows as rollup rows, and its
 * hourly points are computed from the raw rows — the same points. Data from the real ingest: `hourly`
 * reports at 15 minutes past every hour for 40 days from 2025-03-30 (the CET→CEST night included), plus a
 * second reading in five of those hours; `quarter` every 15 minutes for 10 days. Channels 1, 2 weight, 3
 * temperature + humidity.
 */
describe('hourly reads: rollup or raw readings', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let db: Db;
  let hourly: TestController;
  let quarter: TestController;
  const all = ['weight', 'temperature', 'humidity'] as const;
  const channelsOf = (c: TestController): ChannelRef[] =>
    [1, 2, 3].map((channel) => ({ key: channel, controllerId: c.id, channel, timeZone: 'Europe/Zurich' }));
  // 30 days from 10:40 UTC: the first and last hours only overlap the range
  const range = { from: new Date('2025-04-02T10:40:00Z'), to: new Date('2025-05-02T10:40:00Z') };

  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.db;
    const service = createDeviceService({ db, publicUrl: 'http://localhost' });
    hourly = await insertController(db);
    const h = await service.authenticate(hourly.token);
    await service.report(h, report(hourly, { startHour: 0.25, count: 960 }));
    await service.report(h, report(hourly, { startHour: 100.75, count: 5 })); // hours 100–104 twice
    quarter = await insertController(db);
    const q = await service.authenticate(quarter.token);
    await service.report(q, report(quarter, { startHour: 72, count: 960, step: 0.25 }));
  });
  afterAll(() => database.dispose());

  const read = (c: TestController, hourlySource?: 'readings' | 'readings_hourly') =>
    readChannelColumns(db, {
      channels: channelsOf(c),
      fields: [...all],
      ...range,
      ...(hourlySource ? { hourlySource } : {}),
    });

  it('raw readings give exactly the points of the hourly rollup', async () => {
    for (const c of [hourly, quarter]) {
      const fromRaw = await read(c, 'readings');
      const fromRollup = await read(c, 'readings_hourly');
      expect(fromRaw.resolution).toBe('hourly');
      for (const channel of [1, 2, 3]) {
        const rollup = fromRollup.columns.get(channel);
        expect(rollup?.t.length).toBeGreaterThan(200);
        expect(rollup?.t.every((t) => t % 3600 === 0)).toBe(true);
        expect(fromRaw.columns.get(channel)).toEqual(rollup);
      }
    }
    // the hours that overlap the range: 10:00 on the first day to 10:00 on the last
    const t = (await read(hourly, 'readings')).columns.get(1)?.t ?? [];
    expect(t[0]).toBe(Date.parse('2025-04-02T10:00:00Z') / 1000);
    expect(t.at(-1)).toBe(Date.parse('2025-05-02T10:00:00Z') / 1000);
  });

  it('an hourly-sampled controller reads raw readings, a 15-minute one the rollup', async () => {
    expect(await count(db, 'readings', hourly.id)).toBe(3 * 965);
    expect(await count(db, 'readings_hourly', hourly.id)).toBe(3 * 960); // as many rows as raw ones, nearly
    expect(await count(db, 'readings', quarter.id)).toBe(
      4 * (await count(db, 'readings_hourly', quarter.id)),
    );
    const before = { hourly: (await read(hourly)).columns, quarter: (await read(quarter)).columns };
    expect(before.hourly).toEqual((await read(hourly, 'readings_hourly')).columns);
    expect(before.quarter).toEqual((await read(quarter, 'readings_hourly')).columns);
    // without their hourly rollup rows, the hourly-sampled controller's read is unchanged (it reads raw rows)
    // and the 15-minute one's is empty (it reads the rollup)
    try {
      for (const c of [hourly, quarter])
        await db.execute(sql`DELETE FROM readings_hourly WHERE controller_id = ${c.id}`);
      expect((await read(hourly)).columns).toEqual(before.hourly);
      expect((await read(quarter)).columns.get(1)).toEqual({
        t: [],
        weight: [],
        weightMin: [],
        weightMax: [],
        temperature: [],
        humidity: [],
      });
      expect(before.quarter.get(1)?.t.length).toBeGreaterThan(200);
    } finally {
      for (const c of [hourly, quarter]) await rebuildRollups(db, c.id);
    }
  });

  it('the choice is per channel, by the average readings per local day of the daily rollup', async () => {
    // channel 2 of the hourly controller gets three more readings an hour on one day: 24 → 96 readings that
    // day, 25.8 a day on average over the 31 days the range touches (over RAW_HOURLY_MAX_PER_DAY)
    const service = createDeviceService({ db, publicUrl: 'http://localhost' });
    const h = await service.authenticate(hourly.token);
    await service.report(
      h,
      report(hourly, { startHour: 24 * 20 + 0.5, count: 72, step: 1 / 3, channels: [2] }),
    );
    const days = await db.execute<{ channel: number; perDay: number }>(sql`
      SELECT channel::int AS channel, sum(n)::float8 / count(*) AS "perDay" FROM readings_daily
      WHERE controller_id = ${hourly.id} AND day BETWEEN '2025-04-02' AND '2025-05-02' GROUP BY channel ORDER BY channel`);
    expect(days.rows.map((r) => r.perDay > RAW_HOURLY_MAX_PER_DAY)).toEqual([false, true, false]);
    try {
      await db.execute(sql`DELETE FROM readings_hourly WHERE controller_id = ${hourly.id}`);
      const { columns } = await read(hourly);
      expect(columns.get(1)?.t.length).toBeGreaterThan(700); // raw readings
      expect(columns.get(2)?.t).toEqual([]); // the rollup, deleted
    } finally {
      await rebuildRollups(db, hourly.id);
    }
    expect((await read(hourly)).columns).toEqual((await read(hourly, 'readings')).columns);
  });
});

describe('hourlyFromRaw', () => {
  it('one point per UTC hour: means of the stored (single-precision) values, weight extremes, gaps kept', () => {
    const h = 1_743_300_000; // a full hour
    const raw: ChannelColumns = {
      t: [h + 60, h + 1860, h + 3600 + 10, h + 3 * 3600 + 0.5],
      weight: [40.1, 40.3, null, 41],
      temperature: [null, 20, 21, null],
    };
    const out = hourlyFromRaw(raw, ['weight', 'temperature']);
    expect(out.t).toEqual([h, h + 3600, h + 3 * 3600]);
    expect(out.weight).toEqual([(Math.fround(40.1) + Math.fround(40.3)) / 2, null, Math.fround(41)]);
    expect(out.weightMin).toEqual([40.1, null, 41]);
    expect(out.weightMax).toEqual([40.3, null, 41]);
    expect(out.temperature).toEqual([20, 21, null]);
    expect(hourlyFromRaw({ t: [], humidity: [] }, ['humidity'])).toEqual({ t: [], humidity: [] });
  });
});

/**
 * Status series aggregate on the fly without sorting the reports (docs/timeline.md, "Which table a read
 * uses"): the same points as grouping the reports by UTC hour or local day in SQL.
 */
describe('status series', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let db: Db;
  let c: TestController;

  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.db;
    c = await insertController(db, { timeZone: 'America/New_York' });
    // every 3 hours for 10 days across the US clock change (9 March 2025), a second report in some hours,
    // a report without voltage
    await db.execute(sql`INSERT INTO controller_status (controller_id, time, temperature, voltage, signal)
      SELECT ${c.id}::int, t, 10 + extract(hour from t)::int % 7, CASE WHEN extract(day from t) = 8 THEN NULL ELSE 3.9 END, -70
      FROM generate_series('2025-03-04T01:00:00Z'::timestamptz, '2025-03-14T00:00:00Z', interval '3 hours') t
      UNION ALL
      SELECT ${c.id}::int, t + interval '20 minutes', 30, 3.5, -90
      FROM generate_series('2025-03-05T04:00:00Z'::timestamptz, '2025-03-12T00:00:00Z', interval '1 day') t`);
  });
  afterAll(() => database.dispose());

  /** The reference: the reports grouped in SQL, by UTC hour or by local day. */
  const grouped = async (from: Date, to: Date, resolution: 'hourly' | 'daily') => {
    const tz = 'America/New_York';
    const localDay = sql`(time AT TIME ZONE ${tz})::date`;
    const bucket =
      resolution === 'hourly'
        ? sql`date_part('epoch', date_trunc('hour', time))`
        : sql`date_part('epoch', ${localDay}::timestamp AT TIME ZONE ${tz})`;
    const res = await db.execute(sql`
      SELECT ${bucket} AS t, min(${localDay})::text AS day, count(*)::int AS n,
        avg(temperature)::float8 AS "temperatureAvg", min(temperature)::float8 AS "temperatureMin",
        max(temperature)::float8 AS "temperatureMax", avg(voltage)::float8 AS "voltageAvg",
        min(voltage)::float8 AS "voltageMin", max(voltage)::float8 AS "voltageMax",
        avg(signal)::float8 AS "signalAvg", min(signal)::float8 AS "signalMin", max(signal)::float8 AS "signalMax"
      FROM controller_status WHERE controller_id = ${c.id} AND time >= ${from.toISOString()}::timestamptz
        AND time < ${to.toISOString()}::timestamptz
      GROUP BY 1 ORDER BY 1`);
    return res.rows;
  };

  it('hourly and daily points equal the reports grouped by UTC hour and by local day', async () => {
    const from = new Date('2025-03-05T03:30:00Z');
    const to = new Date('2025-03-12T18:00:00Z');
    const q = { controllerId: c.id, timeZone: 'America/New_York', from, to };
    for (const resolution of ['hourly', 'daily'] as const) {
      const { points } = await readStatusRange(db, { ...q, resolution });
      const expected = await grouped(from, to, resolution);
      expect(points.length).toBeGreaterThan(7);
      expect(points.some((p) => p.n === 2)).toBe(true);
      expect(points.some((p) => p.voltageAvg === null) || resolution === 'daily').toBe(true);
      expect(points.length).toBe(expected.length);
      points.forEach((p, i) => {
        const e = expected[i] as Record<string, number | string | null>;
        expect({ ...p }).toEqual(
          Object.fromEntries(
            Object.entries(e).map(([k, v]) => [k, typeof v === 'number' ? expect.closeTo(v, 9) : v]),
          ),
        );
      });
    }
    // the local day starts at local midnight (EST before 9 March, EDT after)
    const { points } = await readStatusRange(db, { ...q, resolution: 'daily' });
    expect(points.map((p) => p.day).slice(0, 6)).toEqual([
      '2025-03-04',
      '2025-03-05',
      '2025-03-06',
      '2025-03-07',
      '2025-03-08',
      '2025-03-09',
    ]);
    expect(points[6]?.t).toBe(Date.parse('2025-03-10T04:00:00Z') / 1000);
  });
});

describe('raw weights for the alarm detectors', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let db: Db;
  let c: TestController;
  const GRID = 5 * 60_000;
  const start = Date.parse('2025-06-01T10:00:00Z');
  // every 37 seconds for 3 hours, fractions of a second included; every 4th reading has no weight
  const rows = Array.from({ length: 292 }, (_, i) => ({
    t: start + i * 37_000 + (i % 3) * 123.456,
    w: i % 4 === 1 ? null : 40 + Math.sin(i / 9),
  }));

  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.db;
    c = await insertController(db);
    await db.execute(sql`
      INSERT INTO readings (controller_id, channel, time, weight)
      SELECT ${c.id}, 1, to_timestamp(t / 1000.0), w
      FROM unnest(${sql.param(rows.map((r) => r.t))}::float8[], ${sql.param(rows.map((r) => r.w))}::real[]) AS x(t, w)`);
  });
  afterAll(() => database.dispose());

  it('keep the first reading with a weight in each 5 minutes of UTC time, as the detectors do', async () => {
    const [got] = await rawWeights(
      db,
      [{ id: 7, controllerId: c.id, channel: 1, from: new Date(start), to: null }],
      new Date(start),
      new Date(start + 4 * 3_600_000),
      GRID,
    );
    const expected: { t: number; w: number }[] = [];
    const seen = new Set<number>();
    for (const r of rows) {
      const bucket = Math.floor(r.t / GRID);
      if (r.w === null || seen.has(bucket)) continue;
      seen.add(bucket);
      expected.push({ t: r.t, w: Math.fround(r.w) });
    }
    expect(expected.length).toBe(36); // 3 hours of 5-minute buckets, each with a weight
    expect(got?.id).toBe(7);
    expect(got?.times).toHaveLength(expected.length);
    got?.times.forEach((t, i) => expect(t).toBeCloseTo(expected[i]?.t ?? NaN, 0));
    expect(got?.weights).toEqual(expected.map((e) => e.w));
  });
});
