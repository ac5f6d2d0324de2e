import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEATHER_SERIES } from '@hivescope/contract';
import { createTestDatabase } from '../../../test/db';
import type { WeatherHour } from './provider';
import { readWeather, upsertWeather } from './weather.repository';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.dispose());

const hour = (iso: string, values: Partial<Record<(typeof WEATHER_SERIES)[number], number>>): WeatherHour => {
  const h = { time: new Date(iso) } as WeatherHour;
  for (const s of WEATHER_SERIES) h[s] = values[s] ?? null;
  return h;
};
const range = [new Date('2024-05-01T00:00:00Z'), new Date('2024-05-01T23:00:00Z')] as const;

describe('weather_hourly upsert', () => {
  it('is idempotent: the same hours twice leave one row per hour', async () => {
    const hours = [
      hour('2024-05-01T00:00:00Z', { temperature: 9 }),
      hour('2024-05-01T01:00:00Z', { temperature: 8 }),
    ];
    await upsertWeather(database.db, 'a', hours, 'openMeteo');
    await upsertWeather(database.db, 'a', hours, 'openMeteo');
    expect((await readWeather(database.db, 'a', ...range)).map((r) => r.temperature)).toEqual([9, 8]);
  });

  it('keeps a provider value the next answer lacks, but never lets simulated hours replace provider hours', async () => {
    await upsertWeather(
      database.db,
      'b',
      [hour('2024-05-01T00:00:00Z', { temperature: 9, visibility: 20000 })],
      'openMeteo',
    );
    await upsertWeather(database.db, 'b', [hour('2024-05-01T00:00:00Z', { temperature: 9.5 })], 'openMeteo');
    await upsertWeather(database.db, 'b', [hour('2024-05-01T00:00:00Z', { temperature: 30 })], 'simulated');
    const [row] = await readWeather(database.db, 'b', ...range);
    expect(row).toMatchObject({ temperature: 9.5, visibility: 20000, source: 'openMeteo', humidity: null });
  });

  it('lets provider hours replace simulated ones entirely (no simulated value stays under the provider label)', async () => {
    await upsertWeather(
      database.db,
      'c',
      [hour('2024-05-01T00:00:00Z', { temperature: 12, humidity: 80 })],
      'simulated',
    );
    await upsertWeather(database.db, 'c', [hour('2024-05-01T00:00:00Z', { temperature: 10 })], 'openMeteo');
    const [row] = await readWeather(database.db, 'c', ...range);
    expect(row).toMatchObject({ temperature: 10, humidity: null, source: 'openMeteo' });
  });
});
