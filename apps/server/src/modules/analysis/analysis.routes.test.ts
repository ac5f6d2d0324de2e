import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  analysisResponseSchema,
  heatmapHoursResponseSchema,
  heatmapResponseSchema,
  type AnalysisResponse,
  type HeatmapHoursResponse,
  type HeatmapResponse,
} from '@hivescope/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import { createCast, type TestUser } from '../../../test/users';
import {
  caller,
  seedController,
  seedReadings,
  seedScale,
  seedWatch,
} from '../controllers/controllers.fixtures';
import { rebuildRollups } from '../device/rollups.repository';

/**
 * A hand-made week on a controller in Europe/Zurich (UTC+2 in this season). Net weight = measured − 15 kg
 * (empty weight 10 + reserves 5). The scale was set up on 28 September at 10:00 UTC: that day is not whole in
 * its window, so its readings (and the previous hive's 99 kg) never enter a daily change.
 *
 * Last weight per local day: 29 Sep 52 · 30 Sep 53 (+1) · 1 Oct 52.6 (−0.4) · 2 Oct 55.6 (+3) ·
 * 3 Oct 55.9 (+0.3) · 4 Oct none · 5 Oct 55 (no change: the day before is unknown).
 */
const readings = [
  { time: '2025-09-28T09:30:00Z', weight: 99 }, // the channel's previous hive
  { time: '2025-09-28T10:30:00Z', weight: 50 },
  { time: '2025-09-28T11:00:00Z', weight: 50.5 },
  { time: '2025-09-29T12:00:00Z', weight: 51 },
  { time: '2025-09-29T20:00:00Z', weight: 52 },
  { time: '2025-09-30T19:00:00Z', weight: 52.8 },
  { time: '2025-09-30T20:00:00Z', weight: 53 },
  { time: '2025-10-01T20:00:00Z', weight: 52.6 },
  { time: '2025-10-02T06:00:00Z', weight: 53 },
  { time: '2025-10-02T07:00:00Z', weight: 54 },
  { time: '2025-10-02T08:00:00Z', weight: 54.5 },
  { time: '2025-10-02T19:00:00Z', weight: 55 },
  { time: '2025-10-02T20:00:00Z', weight: 55.6 },
  { time: '2025-10-03T20:00:00Z', weight: 55.9 },
  { time: '2025-10-05T20:00:00Z', weight: 55 },
];

describe('GET analysis, GET heatmap, GET heatmap/hours', () => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let owner: TestUser, other: TestUser, watcher: TestUser, manager: TestUser, admin: TestUser;
  let hive: number, foreign: number;

  const get = <T>(
    user: TestUser | undefined,
    path: string,
    q: Record<string, string | number>,
    lang = 'en',
  ) =>
    call<T>(
      'GET',
      `/api/${path}?${new URLSearchParams(Object.entries(q).map(([k, v]): [string, string] => [k, String(v)])).toString()}`,
      { ...(user ? { user } : {}), lang },
    );

  beforeAll(async () => {
    t = await createTestApp();
    call = caller(t.app);
    const { aff, ...cast } = await createCast(t.db);
    ({ owner, other, watcher, manager, admin } = cast);
    const c = await seedController(t.db, {
      ownerId: owner.id,
      affiliationId: aff,
      timeZone: 'Europe/Zurich',
    });
    hive = await seedScale(t.db, c.id, 1, {
      emptyWeight: 10,
      reserves: 5,
      setupAt: new Date('2025-09-28T10:00:00Z'),
    });
    await seedWatch(t.db, watcher.id, c.id);
    await seedReadings(t.db, c.id, 1, readings);
    await rebuildRollups(t.db, c.id);
    const elsewhere = await seedController(t.db, { ownerId: other.id });
    foreign = await seedScale(t.db, elsewhere.id, 1, {});
  });
  afterAll(() => t.close());

  const period = { from: '2025-09-30', to: '2025-10-05' };

  it('analysis: net gain, start and end weight, flow days, best day, winter consumption', async () => {
    const res = await get<AnalysisResponse>(owner, 'analysis', { scales: hive, ...period });
    expect(res.status).toBe(200);
    const body = analysisResponseSchema.parse(res.body);
    expect(body).toEqual({
      ...period,
      scales: [
        {
          idscale: hive,
          controllerId: expect.any(Number),
          name: expect.any(String),
          startWeight: 37, // 52 − 15 at the end of 29 September
          endWeight: 40, // 55 − 15 on 5 October
          netGain: 3,
          flowDays: 2, // +1 and +3; +0.3 is no flow day
          bestDay: { date: '2025-10-02', kg: 3 },
          winterConsumption: -2.9, // October: −0.4 + 3 + 0.3 gained, so negative
          days: 4,
        },
      ],
    });
  });

  it('analysis: the setup day and the previous hive stay out; no winter day gives null', async () => {
    const res = await get<AnalysisResponse>(owner, 'analysis', {
      scales: hive,
      from: '2025-09-27',
      to: '2025-09-30',
    });
    expect(res.status).toBe(200);
    const [scale] = res.body.scales;
    expect(scale).toMatchObject({
      startWeight: 37,
      endWeight: 38,
      netGain: 1,
      flowDays: 1,
      bestDay: { date: '2025-09-30', kg: 1 },
      winterConsumption: null,
      days: 1,
    });
    const empty = await get<AnalysisResponse>(owner, 'analysis', {
      scales: hive,
      from: '2024-01-01',
      to: '2024-12-31',
    });
    expect(empty.body.scales[0]).toMatchObject({
      startWeight: null,
      netGain: null,
      flowDays: 0,
      bestDay: null,
      days: 0,
    });
  });

  it('heat map: scales × days of daily net weight change, null where unknown', async () => {
    const res = await get<HeatmapResponse>(owner, 'heatmap', {
      scales: hive,
      from: '2025-09-28',
      to: '2025-10-05',
    });
    expect(res.status).toBe(200);
    const body = heatmapResponseSchema.parse(res.body);
    expect(body.days).toEqual([
      '2025-09-28',
      '2025-09-29',
      '2025-09-30',
      '2025-10-01',
      '2025-10-02',
      '2025-10-03',
      '2025-10-04',
      '2025-10-05',
    ]);
    expect(body.rows.map((r) => r.idscale)).toEqual([hive]);
    expect(body.rows[0]?.values).toEqual([null, null, 1, -0.4, 3, 0.3, null, null]);
  });

  it('heat map by hour: days × 24 local hours; the hour before the setup stays out', async () => {
    const res = await get<HeatmapHoursResponse>(owner, 'heatmap/hours', {
      scale: hive,
      from: '2025-09-28',
      to: '2025-10-02',
    });
    expect(res.status).toBe(200);
    const body = heatmapHoursResponseSchema.parse(res.body);
    expect(body.days).toHaveLength(5);
    expect(body.values.every((row) => row.length === 24)).toBe(true);
    const [sep28, , sep30, , oct2] = body.values;
    // 10:30Z → 11:00Z is the hour 11Z = 13:00 local (+0.5); 99 → 50 would be hour 12 local and is excluded
    expect(sep28?.[12]).toBeNull();
    expect(sep28?.[13]).toBe(0.5);
    // hours are taken in time order (not by hour of the day): 19Z → 20Z on 30 September
    expect(sep30?.[22]).toBe(0.2);
    expect(oct2?.[9]).toBe(1); // 07Z
    expect(oct2?.[10]).toBe(0.5); // 08Z
    expect(oct2?.[22]).toBe(0.6); // 20Z
    const known = body.values.flat().filter((v) => v !== null);
    expect(known).toHaveLength(5);
  });

  it('401 for anonymous callers', async () => {
    expect((await get(undefined, 'analysis', { scales: hive, ...period })).status).toBe(401);
    expect((await get(undefined, 'heatmap', { scales: hive, ...period })).status).toBe(401);
    expect((await get(undefined, 'heatmap/hours', { scale: hive, ...period })).status).toBe(401);
  });

  it('watcher, manager of the affiliation and admin read; another user and foreign ids get 404', async () => {
    for (const user of [watcher, manager, admin]) {
      const res = await get<AnalysisResponse>(user, 'analysis', { scales: hive, ...period });
      expect(res.status).toBe(200);
      expect(res.body.scales[0]?.netGain).toBe(3);
      expect((await get(user, 'heatmap', { scales: hive, ...period })).status).toBe(200);
      expect((await get(user, 'heatmap/hours', { scale: hive, ...period })).status).toBe(200);
    }
    for (const [path, q] of [
      ['analysis', { scales: hive }],
      ['heatmap', { scales: hive }],
      ['heatmap/hours', { scale: hive }],
    ] as const) {
      const res = await get(other, path, { ...q, ...period });
      expect(res.status).toBe(404);
      expect(res.message).toBe('The scale was not found');
    }
    // one foreign id in the list fails the whole call
    expect((await get(owner, 'analysis', { scales: `${hive},${foreign}`, ...period })).status).toBe(404);
    expect((await get(admin, 'analysis', { scales: `${hive},${foreign}`, ...period })).status).toBe(200);
    expect((await get(owner, 'heatmap', { scales: 2_000_000_000, ...period })).status).toBe(404);
  });

  it('bad input: a clear localised message', async () => {
    const cases: [string, Record<string, string | number>, string][] = [
      ['analysis', { from: period.from, to: period.to }, 'Please select some scales first'],
      ['analysis', { scales: 'x', ...period }, 'Invalid list of scales or transmitters'],
      [
        'analysis',
        { scales: hive, from: '2025-10-05', to: '2025-10-01' },
        'The start of the period must lie before its end',
      ],
      ['analysis', { scales: hive, from: '2025-02-30', to: '2025-10-01' }, 'Invalid date'],
      ['analysis', { scales: hive, from: '2015-12-31', to: '2025-10-01' }, 'Invalid date'],
      [
        'analysis',
        { scales: hive, from: '2016-01-01', to: '2026-12-31' },
        'The end must not lie before the start, and the period may span at most ten years',
      ],
      [
        'heatmap',
        { scales: hive, from: '2024-01-01', to: '2025-01-01' },
        'A heat map spans at most 366 days',
      ],
      ['heatmap/hours', { scale: 'abc', ...period }, 'Invalid list of scales or transmitters'],
      [
        'heatmap/hours',
        { scale: hive, from: '2024-01-01', to: '2025-06-01' },
        'A heat map spans at most 366 days',
      ],
    ];
    for (const [path, q, message] of cases) {
      const res = await get(owner, path, q);
      expect(res.status, `${path} ${JSON.stringify(q)}`).toBe(400);
      expect(res.message, `${path} ${JSON.stringify(q)}`).toBe(message);
    }
    const unknown = await get(owner, 'analysis', { scales: hive, ...period, extra: 1 });
    expect(unknown.status).toBe(400);
    const de = await get(owner, 'heatmap', { scales: hive, from: '2024-01-01', to: '2025-01-01' }, 'de');
    expect(de.message).toBe('Eine Heatmap umfasst höchstens 366 Tage');
  });
});
