import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TIMELINE_WEATHER_SERIES,
  WEATHER_SERIES,
  seriesResponseSchema,
  type SeriesData,
  type SeriesResponse,
  type WeatherSeries,
} from '@hivescope/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import { createUser, type TestUser } from '../../../test/users';
import { caller, seedController, seedWatch } from '../controllers/controllers.fixtures';
import { cellOf } from '../weather/grid';
import type { WeatherHour } from '../weather/provider';
import { upsertWeather } from '../weather/weather.repository';

const s = (iso: string) => Date.parse(iso) / 1000;
const HOUR_S = 3600;
const BERN = { lat: 46.948, lng: 7.447 };

/** An hour with the given values, every other series null (not delivered). */
const hour = (iso: string, values: Partial<Record<WeatherSeries, number | null>>): WeatherHour => ({
  time: new Date(iso),
  ...(Object.fromEntries(WEATHER_SERIES.map((k) => [k, null])) as Record<WeatherSeries, null>),
  ...values,
});

/** Hours from `fromIso` (inclusive) to `toIso` (exclusive), each with `values(time)`. */
function hours(
  fromIso: string,
  toIso: string,
  values: (at: Date) => Partial<Record<WeatherSeries, number | null>>,
): WeatherHour[] {
  const out: WeatherHour[] = [];
  for (let t = Date.parse(fromIso); t < Date.parse(toIso); t += HOUR_S * 1000)
    out.push(hour(new Date(t).toISOString(), values(new Date(t))));
  return out;
}

describe('GET series: weather series', () => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let owner: TestUser, watcher: TestUser;
  let located: number, elsewhere: number, noLocation: number;

  const url = (q: Record<string, string | number>) =>
    `/api/series?${new URLSearchParams(Object.fromEntries(Object.entries(q).map(([k, v]) => [k, String(v)]))).toString()}`;
  const get = (user: TestUser, q: Record<string, string | number>) =>
    call<SeriesResponse>('GET', url(q), { user });
  const find = (res: SeriesResponse, id: number, series: string): SeriesData => {
    const found = res.series.find((e) => e.kind === 'controller' && e.id === id && e.series === series);
    if (!found) throw new Error(`no controller ${id} ${series}`);
    return found;
  };

  beforeAll(async () => {
    t = await createTestApp();
    call = caller(t.app);
    owner = await createUser(t.db);
    watcher = await createUser(t.db);
    located = (await seedController(t.db, { ownerId: owner.id, location: BERN })).id;
    // another controller in the same grid cell shares the weather; one far away has none stored
    elsewhere = (await seedController(t.db, { ownerId: owner.id, location: { lat: 47.5, lng: 9.4 } })).id;
    noLocation = (await seedController(t.db, { ownerId: owner.id })).id;
    await seedWatch(t.db, watcher.id, located);
    const cell = cellOf(BERN.lat, BERN.lng).key;
    // 10 June 2025: hours 00–05 UTC, 03:00 never fetched, 01:00 fetched without temperature
    await upsertWeather(
      t.db,
      cell,
      [
        hour('2025-06-10T00:00:00Z', { temperature: 15.5, humidity: 80, windSpeed: 5, pressure: 1013.25 }),
        hour('2025-06-10T01:00:00Z', { temperature: null, humidity: 82, windSpeed: 6, pressure: 1013 }),
        hour('2025-06-10T02:00:00Z', { temperature: 16.25, humidity: 84, windSpeed: 7, pressure: 1012.5 }),
        hour('2025-06-10T04:00:00Z', { temperature: 17, humidity: 86, windSpeed: 8, pressure: 1012 }),
        hour('2025-06-10T05:00:00Z', { temperature: 18.75, humidity: 88, windSpeed: 9, pressure: 1011.5 }),
      ],
      'openMeteo',
    );
    // 20 June 2025 (local day in Zurich, UTC+2: 19 June 22:00Z – 20 June 22:00Z): three hours for the daily test
    await upsertWeather(
      t.db,
      cell,
      [
        hour('2025-06-19T22:00:00Z', { temperature: 10, precipitation: 0.5, windBearing: 80 }),
        hour('2025-06-20T10:00:00Z', { temperature: 20, precipitation: null, windBearing: 100 }),
        hour('2025-06-20T21:00:00Z', { temperature: 30, precipitation: 1.5, windBearing: null }),
      ],
      'openMeteo',
    );
    // a winter for the grassland sum: 31 Dec 2024 at 20 °C (last year), local January at 4 °C, February at
    // 2 °C, 1 March at 10 °C (Zurich is UTC+1 in winter)
    const monthly = (at: Date) => {
      const local = new Date(at.getTime() + HOUR_S * 1000).toISOString();
      const temperature = local.startsWith('2024-12')
        ? 20
        : local.startsWith('2025-01')
          ? 4
          : local.startsWith('2025-02')
            ? 2
            : 10;
      return { temperature };
    };
    await upsertWeather(
      t.db,
      cell,
      hours('2024-12-30T23:00:00Z', '2025-03-01T23:00:00Z', monthly),
      'openMeteo',
    );
  }, 60_000);
  afterAll(() => t.close());

  it('raw: the stored hours with their values; a missing value stays null, a missing hour stays absent', async () => {
    const res = await get(owner, {
      controllers: `${located},${elsewhere}`,
      series: TIMELINE_WEATHER_SERIES.join(','),
      xmin: s('2025-06-10T00:00:00Z'),
      xmax: s('2025-06-11T00:00:00Z'),
    });
    expect(res.status).toBe(200);
    expect(() => seriesResponseSchema.parse(res.body)).not.toThrow();
    expect(res.body.series).toHaveLength(2 * TIMELINE_WEATHER_SERIES.length);
    const times = ['00', '01', '02', '04', '05'].map((h) => s(`2025-06-10T${h}:00:00Z`));
    const temperature = find(res.body, located, 'weatherTemperature');
    expect(temperature).toMatchObject({ status: 'ok', unit: '°C', resolution: 'raw', times });
    expect(temperature.values).toEqual([15.5, null, 16.25, 17, 18.75]);
    expect(temperature.min).toBeUndefined();
    expect(find(res.body, located, 'weatherHumidity')).toMatchObject({
      unit: '%',
      values: [80, 82, 84, 86, 88],
    });
    expect(find(res.body, located, 'windSpeed')).toMatchObject({ unit: 'km/h', values: [5, 6, 7, 8, 9] });
    expect(find(res.body, located, 'pressure').values).toEqual([1013.25, 1013, 1012.5, 1012, 1011.5]);
    // stored hours without a value of that series: every value null → "No weather data"
    expect(find(res.body, located, 'visibility')).toMatchObject({
      status: 'noWeatherData',
      values: [null, null, null, null, null],
    });
    for (const name of TIMELINE_WEATHER_SERIES)
      expect(find(res.body, elsewhere, name)).toMatchObject({ status: 'noWeatherData', times: [] });
  });

  it('hourly (a 30-day span): the same stored values; the watcher reads them too', async () => {
    const res = await get(watcher, {
      controllers: located,
      series: 'weatherTemperature',
      xmin: s('2025-06-01T00:00:00Z'),
      xmax: s('2025-07-01T00:00:00Z'),
    });
    expect(res.status).toBe(200);
    const temperature = find(res.body, located, 'weatherTemperature');
    expect(temperature.resolution).toBe('hourly');
    expect(temperature.values.slice(0, 5)).toEqual([15.5, null, 16.25, 17, 18.75]);
    expect(temperature.times.slice(0, 5)).toEqual(
      ['00', '01', '02', '04', '05'].map((h) => s(`2025-06-10T${h}:00:00Z`)),
    );
    expect(temperature.values.slice(5)).toEqual([10, 20, 30]);
  });

  it('daily: local-day mean, min and max; precipitation summed; wind bearing as a circular mean', async () => {
    const res = await get(owner, {
      controllers: located,
      series: 'weatherTemperature,precipitation,windBearing',
      xmin: s('2025-06-15T00:00:00Z'),
      xmax: s('2025-09-15T00:00:00Z'),
    });
    const temperature = find(res.body, located, 'weatherTemperature');
    expect(temperature).toMatchObject({
      resolution: 'daily',
      times: [s('2025-06-19T22:00:00Z')], // local midnight of 20 June in Zurich
      values: [20],
      min: [10],
      max: [30],
    });
    expect(find(res.body, located, 'precipitation')).toMatchObject({ unit: 'mm', values: [2] });
    expect(find(res.body, located, 'precipitation').min).toBeUndefined();
    expect(find(res.body, located, 'windBearing')).toMatchObject({ unit: '°', values: [90] });
  });

  it('noWeatherData: nothing stored in the range, or no location', async () => {
    const empty = await get(owner, {
      controllers: `${located},${noLocation}`,
      series: 'weatherTemperature,cloudCover,grasslandSumWeather',
      xmin: s('2023-06-01T00:00:00Z'),
      xmax: s('2023-06-02T00:00:00Z'),
    });
    expect(empty.status).toBe(200);
    for (const id of [located, noLocation])
      for (const name of ['weatherTemperature', 'cloudCover', 'grasslandSumWeather'])
        expect(find(empty.body, id, name)).toMatchObject({ status: 'noWeatherData', values: [] });
    const noPlace = await get(owner, {
      controllers: noLocation,
      series: 'weatherTemperature',
      xmin: s('2025-06-10T00:00:00Z'),
      xmax: s('2025-06-11T00:00:00Z'),
    });
    expect(find(noPlace.body, noLocation, 'weatherTemperature')).toMatchObject({
      status: 'noWeatherData',
      times: [],
    });
  });

  it('grasslandSumWeather: from 1 January, January × 0.5, February × 0.75, March × 1', async () => {
    const march = await get(owner, {
      controllers: located,
      series: 'grasslandSumWeather',
      xmin: s('2025-03-01T00:00:00Z'),
      xmax: s('2025-03-02T00:00:00Z'),
    });
    // 31 × 4 × 0.5 + 28 × 2 × 0.75 + 10 = 62 + 42 + 10; the 20 °C of 31 December belong to 2024
    expect(find(march.body, located, 'grasslandSumWeather')).toMatchObject({
      status: 'ok',
      unit: '°Cd',
      resolution: 'daily',
      times: [s('2025-02-28T23:00:00Z')],
      values: [114],
    });
    const winter = await get(owner, {
      controllers: located,
      series: 'grasslandSumWeather',
      xmin: s('2025-01-01T00:00:00Z'),
      xmax: s('2025-02-28T23:00:00Z'), // local midnight of 1 March
    });
    const sum = find(winter.body, located, 'grasslandSumWeather');
    expect(sum.values).toHaveLength(59);
    expect(sum.values[0]).toBe(2); // 1 January: 4 × 0.5
    expect(sum.values[30]).toBe(62); // 31 January
    expect(sum.values[58]).toBe(104); // 28 February
  });
});
