import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCellCount, type Controller, type SeriesResponse } from '@hivescope/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import { rollupMismatches } from '../device/rollups.repository';
import { DEMO_CONTROLLERS, DEMO_EMAIL, DEMO_PASSWORD } from './demo.constants';
import { demoFleet } from './demo.seed';
import { demoSpeed, localUrl, startDemo } from './demo.startup';
import { fillDemoWeather, simulatedHours } from './demo.weather';
import { cellOf } from '../weather/grid';

const silent = {
  debug: () => {},
  warn: () => {},
  info: () => {},
  error: () => {},
} as unknown as FastifyBaseLogger;

describe('demo seeding and live simulation', () => {
  let t: TestApp;
  let url: string;
  let stop: () => Promise<void> = async () => {};
  /** When the first test's seeding began and ended (the seeded weather ends at the full hour then). */
  const seeding = { started: 0, ended: 0 };
  beforeAll(async () => {
    t = await createTestApp({ DEMO: '1' });
    url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await stop();
    await t.close();
  });

  const q = async <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) =>
    (await t.db.execute<T>(query)).rows;

  const demoCookie = async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: {
        email: DEMO_EMAIL,
        password: crypto.createHash('sha256').update(DEMO_PASSWORD).digest('hex'),
      },
    });
    const cookie = res.cookies[0];
    if (!cookie) throw new Error('demo login failed');
    return `${cookie.name}=${cookie.value}`;
  };

  it(
    'seeds the demo beekeeper with controllers, scales and a year of history on an empty database',
    { timeout: 120_000 },
    async () => {
      await t.db.execute(
        sql`INSERT INTO users (email, password_hash, admin) VALUES ('admin@x.test', 'x', true)`,
      );
      const started = Date.now();
      const demo = await startDemo({ config: t.config, db: t.db, log: silent }, null);
      Object.assign(seeding, { started, ended: Date.now() });
      const seconds = (Date.now() - started) / 1000;
      expect(demo.banner.join('\n')).toContain(`Demo login: ${DEMO_EMAIL} / ${DEMO_PASSWORD}`);
      expect(seconds).toBeLessThan(60);

      const login = await t.app.inject({
        method: 'POST',
        url: '/api/user/login',
        payload: {
          email: DEMO_EMAIL,
          password: crypto.createHash('sha256').update(DEMO_PASSWORD).digest('hex'),
        },
      });
      expect(login.statusCode).toBe(200);
      expect(login.json()).toMatchObject({ userEmail: DEMO_EMAIL, profileComplete: true });

      const controllers = await q<{
        id: number;
        imei: string | null;
        scales: number;
        sensors: number;
        first: string;
        last: string;
      }>(sql`
      SELECT c.id, c.imei,
        (SELECT count(*)::int FROM scales s WHERE s.controller_id = c.id AND s.type = 'weight' AND s.state = 'active') AS scales,
        (SELECT count(*)::int FROM scales s WHERE s.controller_id = c.id AND s.type = 'sensor') AS sensors,
        (SELECT min(time) FROM readings r WHERE r.controller_id = c.id)::text AS first,
        (SELECT max(time) FROM readings r WHERE r.controller_id = c.id)::text AS last
      FROM controllers c JOIN users u ON u.id = c.owner_id WHERE u.email = ${DEMO_EMAIL} ORDER BY c.id`);
      expect(controllers).toHaveLength(DEMO_CONTROLLERS);
      for (const c of controllers) {
        expect(c.imei).toMatch(/^\d{15}$/); // learned from the first report
        expect(c.scales).toBeGreaterThanOrEqual(2);
        expect(c.sensors).toBe(1);
        expect(Date.now() - Date.parse(c.first)).toBeGreaterThan(360 * 86_400_000);
        expect(Date.now() - Date.parse(c.last)).toBeLessThan(2 * 3600_000);
        expect(await rollupMismatches(t.db, c.id)).toEqual([]);
      }
      // alarms reach the demo beekeeper's own address; the history is marked for the alarm detectors
      const channels = await q<{ address: string; status: string }>(sql`
        SELECT ch.address, ch.status FROM notification_channels ch JOIN users u ON u.id = ch.user_id
        WHERE u.email = ${DEMO_EMAIL}`);
      expect(channels).toEqual([{ address: DEMO_EMAIL, status: 'active' }]);
      const marks = await q<{ n: number; oldest: string }>(
        sql`SELECT count(*)::int AS n, min(since)::text AS oldest FROM alarm_dirty`,
      );
      expect(marks[0]?.n).toBe(DEMO_CONTROLLERS);
      expect(Date.now() - Date.parse(marks[0]?.oldest ?? '')).toBeGreaterThan(360 * 86_400_000);
      const [unassigned] = await q<{ n: number }>(
        sql`SELECT sum(unassigned_readings)::int AS n FROM controllers`,
      );
      expect(unassigned?.n).toBe(0);
    },
  );

  it('configures the channels of each demo controller as it reports them (Settings shows its load cells)', async () => {
    const cookie = await demoCookie();
    const res = await t.app.inject({ url: '/api/controller', headers: { cookie } });
    const controllers = res.json<Controller[]>();
    expect(controllers).toHaveLength(DEMO_CONTROLLERS);
    for (const c of controllers) {
      const reported = await q<{ channel: number; weighed: boolean }>(sql`
        SELECT channel, bool_or(weight IS NOT NULL) AS weighed FROM readings
        WHERE controller_id = ${c.id} GROUP BY channel ORDER BY channel`);
      const weighed = reported.filter((r) => r.weighed).map((r) => r.channel);
      const sensed = reported.filter((r) => !r.weighed).map((r) => r.channel);
      expect(weighed.length).toBeGreaterThanOrEqual(2);
      expect(sensed).toHaveLength(1);
      const kinds = Object.fromEntries(c.channelConfig.map((e) => [e.channel, e.kind]));
      for (const ch of weighed) expect(kinds[ch]).toBe('weight');
      for (const ch of sensed) expect(kinds[ch]).toBe('sensor');
      expect(c.channelConfig.filter((e) => e.kind !== 'none')).toHaveLength(weighed.length + 1);
      expect(loadCellCount(c.channelConfig)).toBe(weighed.length);
      for (const scale of c.scales)
        expect(kinds[scale.channel]).toBe(scale.type === 'weight' ? 'weight' : 'sensor');
    }
  });

  it('stores simulated weather for every demo cell over the whole history, shown by GET series', async () => {
    const cookie = await demoCookie();
    const controllers = (await t.app.inject({ url: '/api/controller', headers: { cookie } })).json<
      Controller[]
    >();
    expect(controllers).toHaveLength(DEMO_CONTROLLERS);
    const fleet = demoFleet();
    for (const c of controllers) {
      const def = fleet.find((d) => d.name === c.name);
      if (!def) throw new Error(`no demo definition for ${c.name}`);
      const cell = cellOf(def.location.lat, def.location.lng).key;
      const [w] = await q<{ n: number; first: number; last: number; sources: string[]; other: number }>(sql`
        SELECT count(*)::int AS n, extract(epoch from min(time))::float8 AS first,
          extract(epoch from max(time))::float8 AS last, array_agg(DISTINCT source) AS sources,
          count(*) FILTER (WHERE temperature IS NULL OR precipitation IS NULL OR humidity IS NOT NULL
            OR wind_speed IS NOT NULL OR pressure IS NOT NULL OR cloud_cover IS NOT NULL)::int AS other
        FROM weather_hourly WHERE cell = ${cell}`);
      expect(w?.sources).toEqual(['simulated']);
      expect(Date.now() / 1000 - (w?.first ?? 0)).toBeGreaterThan(364 * 86_400);
      // up to the last full hour at the seeding, whenever this test runs (an hour may have begun since)
      const fullHour = (ms: number) => Math.floor(ms / 3600_000) * 3600;
      expect([fullHour(seeding.started), fullHour(seeding.ended)]).toContain(w?.last);
      expect(w?.n).toBe(((w?.last ?? 0) - (w?.first ?? 0)) / 3600 + 1); // every hour, no gap
      expect(w?.other).toBe(0); // temperature and rain only: the climate model knows nothing else
      // the stored hours are the simulator's climate at those hours
      const last = (w?.last ?? 0) * 1000;
      const [expected] = simulatedHours(def, last, last);
      const [stored] = await q<{ temperature: number; precipitation: number }>(sql`
        SELECT temperature::float8 AS temperature, precipitation::float8 AS precipitation FROM weather_hourly
        WHERE cell = ${cell} AND time = ${new Date(last).toISOString()}::timestamptz`);
      expect(stored?.temperature).toBeCloseTo(expected?.temperature ?? NaN, 4);
      expect(stored?.precipitation).toBeCloseTo(expected?.precipitation ?? NaN, 4);
      const now = Math.floor(Date.now() / 1000);
      const res = await t.app.inject({
        url: `/api/series?controllers=${c.id}&series=weatherTemperature,precipitation,grasslandSumWeather,windSpeed&xmin=${now - 365 * 86_400}&xmax=${now}`,
        headers: { cookie },
      });
      const series = res.json<SeriesResponse>().series;
      const status = Object.fromEntries(series.map((e) => [e.series, e.status]));
      expect(status).toEqual({
        weatherTemperature: 'ok',
        precipitation: 'ok',
        grasslandSumWeather: 'ok',
        windSpeed: 'noWeatherData',
      });
      const temperature = series.find((e) => e.series === 'weatherTemperature');
      expect(temperature?.times.length).toBeGreaterThan(360);
    }
    // a provider hour is never replaced by the next fill; the fill continues after the newest hour
    const [def] = fleet;
    if (!def) throw new Error('no demo fleet');
    const cell = cellOf(def.location.lat, def.location.lng).key;
    const [newest] = await q<{ t: number }>(
      sql`SELECT extract(epoch from max(time))::float8 AS t FROM weather_hourly WHERE cell = ${cell}`,
    );
    const at = new Date((newest?.t ?? 0) * 1000);
    await t.db.execute(sql`UPDATE weather_hourly SET source = 'openMeteo', temperature = -40
      WHERE cell = ${cell} AND time = ${at.toISOString()}::timestamptz`);
    const written = await fillDemoWeather(
      t.db,
      [def],
      at.getTime() - 86_400_000,
      at.getTime() + 2 * 3600_000,
    );
    expect(written).toBe(2);
    const [kept] = await q<{ temperature: number }>(sql`SELECT temperature::float8 AS temperature
      FROM weather_hourly WHERE cell = ${cell} AND time = ${at.toISOString()}::timestamptz`);
    expect(kept?.temperature).toBe(-40);
  });

  it('resumes on the next start: no second seed, fresh device tokens, missing channel configuration set', async () => {
    const [before] = await q<{ n: number }>(sql`SELECT count(*)::int AS n FROM controllers`);
    const ids = (await q<{ id: number }>(sql`SELECT id FROM controllers ORDER BY id`)).map((r) => r.id);
    const [older, edited] = ids;
    const configOf = async (id: number | undefined) =>
      (await q<{ cfg: unknown }>(sql`SELECT channel_config AS cfg FROM controllers WHERE id = ${id}`))[0]
        ?.cfg;
    const seeded = await configOf(older);
    // a demo database of an earlier version (no configuration), and one the owner changed in Settings
    await t.db.execute(sql`UPDATE controllers SET channel_config = '[]'::jsonb WHERE id = ${older}`);
    const own = [{ channel: 1, kind: 'weight', cells: 4 }];
    await t.db.execute(
      sql`UPDATE controllers SET channel_config = ${JSON.stringify(own)}::jsonb WHERE id = ${edited}`,
    );
    const demo = await startDemo({ config: t.config, db: t.db, log: silent }, null);
    expect(demo.banner.join('\n')).toContain(
      `${DEMO_CONTROLLERS} of ${DEMO_CONTROLLERS} demo controllers resumed`,
    );
    const [after] = await q<{ n: number }>(sql`SELECT count(*)::int AS n FROM controllers`);
    expect(after?.n).toBe(before?.n);
    expect(seeded).not.toEqual([]);
    expect(await configOf(older)).toEqual(seeded);
    expect(await configOf(edited)).toEqual(own);
  });

  it(
    'live controllers report through the HTTP device protocol (fast demo speed)',
    { timeout: 60_000 },
    async () => {
      // a clock 1.5 s before the next whole minute, so the first 1-minute sample comes at once
      const t0 = Date.now();
      const base = Math.ceil(t0 / 60_000) * 60_000 - 1500;
      const clock = () => base + (Date.now() - t0);
      const since = new Date(base);
      const demo = await startDemo({ config: t.config, db: t.db, log: silent }, url, { speed: 3600, clock });
      stop = demo.stop;
      expect(demo.banner.join('\n')).toContain(`report live to ${url}/api/device/v1/report at 3600× speed`);
      let fresh = 0;
      for (let i = 0; i < 30 && fresh === 0; i++) {
        await new Promise((r) => setTimeout(r, 500));
        const [row] = await q<{ n: number }>(
          sql`SELECT count(*)::int AS n FROM readings WHERE time >= ${since.toISOString()}::timestamptz`,
        );
        fresh = row?.n ?? 0;
      }
      await stop();
      expect(fresh).toBeGreaterThan(0);
    },
  );

  it('does nothing when DEMO is off; validates DEMO_SPEED; finds the local URL', async () => {
    expect(
      await startDemo({ config: { ...t.config, demo: false }, db: t.db, log: silent }, null),
    ).toMatchObject({ banner: [] });
    expect(demoSpeed({})).toBe(1);
    expect(demoSpeed({ DEMO_SPEED: '60' })).toBe(60);
    expect(() => demoSpeed({ DEMO_SPEED: 'fast' })).toThrow(/DEMO_SPEED/);
    expect(localUrl({ ...t.config, port: 0 })).toBeNull();
    expect(localUrl({ ...t.config, host: '0.0.0.0', port: 3000 })).toBe('http://127.0.0.1:3000');
  });
});

describe('demo on a database that is not empty', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ DEMO: '1' });
  });
  afterAll(() => t.close());

  it('is not seeded when other users exist, and a failed setup does not stop the server', async () => {
    await t.db.execute(sql`INSERT INTO users (email, password_hash) VALUES ('beekeeper@x.test', 'x')`);
    expect((await startDemo({ config: t.config, db: t.db, log: silent }, null)).banner).toEqual([]);
    await t.db.execute(sql`DELETE FROM users`);
    const [def] = demoFleet();
    await t.db.execute(sql`INSERT INTO controllers (name, imsi, subscription_end, device_token_hash)
      VALUES ('taken', ${def?.imsi}, now(), 'x')`);
    const demo = await startDemo({ config: t.config, db: t.db, log: silent }, null);
    expect(demo.banner.join('\n')).toContain('Demo: setup failed');
  });
});
