import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/db';
import type { Db } from '../../db/client';
import { insertController, report, type TestController } from '../device/device.fixtures';
import { createDeviceService } from '../device/device.service';
import {
  latestValues,
  localMidnight,
  midnightAndWeights,
  weightsAtMidnight,
} from './measurements.repository';
import type { ChannelColumns, ChannelWindow, Resolution, SeriesPoint } from './measurements.types';
import { dailySeries, hourlySeries, rawSeries } from './series.repository';
import {
  HOURLY_MAX_SPAN_MS,
  RAW_MAX_SPAN_MS,
  localDay,
  readChannelColumns,
  readSeries,
  resolutionFor,
} from './series';

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
    const raw = (await rawSeries(db, c.id, from, to)).filter((r) => r.channel === 1);
    expect(raw).toHaveLength(12);
    expect(raw[0]).toMatchObject({ at: '2025-03-31T00:00:00.000Z', n: 1 });
    const hourly = (await hourlySeries(db, c.id, from, to)).filter((p) => p.channel === 1);
    expect(hourly).toHaveLength(6);
    expect(hourly[0]).toMatchObject({ at: '2025-03-31T00:00:00.000Z', n: 2, weightLast: raw[1]?.weightLast });
    expect(hourly[0]?.weightAvg).toBeCloseTo(((raw[0]?.weightAvg ?? 0) + (raw[1]?.weightAvg ?? 0)) / 2, 4);
    const daily = await dailySeries(db, c.id, '2025-03-30', '2025-04-02', 'Europe/Zurich');
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
    const day = await readSeries(db, {
      ...q,
      from: new Date('2025-03-31T00:00:00Z'),
      to: new Date('2025-04-01T00:00:00Z'),
    });
    expect(day.resolution).toBe('raw');
    expect(day.points.filter((p) => p.channel === 2)).toHaveLength(48);

    const hourly = await readSeries(db, {
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

    const year = await readSeries(db, {
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
    const toMidnight = await readSeries(db, {
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
        await readSeries(db, {
          ...q,
          from: new Date('2025-03-31T00:00:00Z'),
          to: new Date('2025-03-31T00:00:00Z'),
        })
      ).points,
    ).toEqual([]);
  });

  it('columns of several channels in one read equal the full series, at every resolution', async () => {
    // the same points readSeries gives, as columns: t and only the asked fields, per channel key
    const asColumns = (points: SeriesPoint[], channel: number, resolution: Resolution): ChannelColumns => {
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
        const { points } = await readSeries(db, { controllerId: c.id, timeZone, ...range });
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
