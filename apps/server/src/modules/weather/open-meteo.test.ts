import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEATHER_SERIES } from '@hivescope/contract';
import { cellOf } from './grid';
import { openMeteoProvider, parseOpenMeteo, splitRange } from './open-meteo';
import { startFakeOpenMeteo, type FakeOpenMeteo } from './open-meteo.fake';
import { WeatherProviderError } from './provider';

const fixture: unknown = JSON.parse(
  fs.readFileSync(new URL('./fixtures/open-meteo-forecast.json', import.meta.url), 'utf8'),
);
const now = () => new Date('2025-06-15T03:00:00Z');

describe('Open-Meteo answer → our series', () => {
  it('maps every hourly variable of the documented answer to our series, times in UTC', () => {
    const hours = parseOpenMeteo(fixture, WEATHER_SERIES);
    expect(hours).toHaveLength(4);
    expect(hours[0]).toEqual({
      time: new Date('2024-05-01T00:00:00Z'),
      temperature: 9.8,
      humidity: 86,
      windSpeed: 5.4,
      windBearing: 236,
      precipitation: 0,
      apparentTemperature: 8.1,
      dewPoint: 7.6,
      visibility: 24140,
      cloudCover: 100,
      pressure: 1012.4,
    });
  });

  it('keeps a null the provider sent, and a series it did not send, as null — never a made-up value', () => {
    const hours = parseOpenMeteo(
      fixture,
      WEATHER_SERIES.filter((s) => s !== 'visibility'),
    );
    expect(hours[3]?.temperature).toBeNull();
    expect(hours.map((h) => h.visibility)).toEqual([null, null, null, null]);
    expect(hours[3]?.humidity).toBe(91);
  });

  it('refuses an answer in other units instead of storing wrong numbers', () => {
    const f = structuredClone(fixture) as { hourly_units: Record<string, string> };
    f.hourly_units.wind_speed_10m = 'mp/h';
    expect(() => parseOpenMeteo(f, WEATHER_SERIES)).toThrow(/wind_speed_10m in mp\/h/);
  });

  it('splits a range: old days from the archive, the last 60 from the forecast API', () => {
    expect(splitRange({ from: '2025-01-01', to: '2025-06-14' }, now())).toEqual({
      archive: { from: '2025-01-01', to: '2025-04-15' },
      forecast: { from: '2025-04-16', to: '2025-06-14' },
    });
    expect(splitRange({ from: '2020-01-01', to: '2020-01-31' }, now())).toEqual({
      archive: { from: '2020-01-01', to: '2020-01-31' },
    });
    expect(splitRange({ from: '2025-06-13', to: '2025-06-14' }, now())).toEqual({
      forecast: { from: '2025-06-13', to: '2025-06-14' },
    });
  });

  it('puts nearby locations into one 0.05° cell and distant ones into others', () => {
    expect(cellOf(46.9401, 7.4402).key).toBe(cellOf(46.951, 7.449).key);
    expect(cellOf(46.94, 7.44).key).not.toBe(cellOf(47.37, 8.54).key);
    expect(cellOf(46.9401, 7.4402)).toMatchObject({ lat: 46.95, lng: 7.45 });
  });
});

describe('Open-Meteo adapter against a local fake', () => {
  let fake: FakeOpenMeteo;
  beforeAll(async () => {
    fake = await startFakeOpenMeteo();
  });
  afterAll(() => fake.close());

  it('asks the archive without visibility and the forecast API with all ten series', async () => {
    const provider = openMeteoProvider({ baseUrl: fake.url, now });
    const hours = await provider.hourly({ lat: 46.95, lng: 7.45 }, { from: '2025-04-15', to: '2025-04-16' });
    expect(hours).toHaveLength(48);
    const [archive, forecast] = fake.requests.slice(-2);
    expect(archive).toMatchObject({ path: '/v1/archive', from: '2025-04-15', to: '2025-04-15', lat: 46.95 });
    expect(archive?.hourly).not.toContain('visibility');
    expect(forecast).toMatchObject({ path: '/v1/forecast', from: '2025-04-16', to: '2025-04-16' });
    expect(forecast?.hourly).toHaveLength(10);
    expect(hours[0]?.visibility).toBeNull();
    expect(hours[24]?.visibility).toBe(24140);
    expect(hours[24]?.time).toEqual(new Date('2025-04-16T00:00:00Z'));
  });

  it("reports the provider's reason when it answers with an error", async () => {
    fake.failNext(1, 400);
    const provider = openMeteoProvider({ baseUrl: fake.url, now });
    await expect(
      provider.hourly({ lat: 1, lng: 1 }, { from: '2025-06-10', to: '2025-06-10' }),
    ).rejects.toThrow('Open-Meteo answered 400: Simulated outage of the weather service');
  });

  it('gives up after its time-out and follows no redirect', async () => {
    const server = http.createServer((req, res) => {
      if (req.url?.startsWith('/v1/forecast') && req.url.includes('latitude=2')) {
        res.writeHead(302, { location: 'http://169.254.169.254/' });
        res.end();
      } // otherwise never answers
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const provider = openMeteoProvider({ baseUrl: url, now, timeoutMs: 300 });
    const days = { from: '2025-06-10', to: '2025-06-10' };
    const slow = provider.hourly({ lat: 1, lng: 1 }, days);
    await expect(slow).rejects.toThrow('Open-Meteo unreachable: no answer within 300 ms');
    await expect(slow).rejects.toBeInstanceOf(WeatherProviderError);
    await expect(provider.hourly({ lat: 2, lng: 1 }, days)).rejects.toThrow(/Open-Meteo unreachable/);
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });
});
