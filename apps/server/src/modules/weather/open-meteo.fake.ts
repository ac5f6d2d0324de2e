import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Open-Meteo's forecast and archive APIs (tests only): same paths, parameters and
 * response shape as fixtures/open-meteo-forecast.json (captured from Open-Meteo's documentation). Values
 * are made up but plausible; the archive refuses `visibility` with a 400 like the real one.
 */
export type FakeRequest = {
  path: string;
  lat: number;
  lng: number;
  from: string;
  to: string;
  hourly: string[];
};

export type FakeOpenMeteo = {
  url: string;
  requests: FakeRequest[];
  /** The next n calls answer with this status and Open-Meteo's error body. */
  failNext: (n: number, status?: number) => void;
  /** Variables the fake leaves out of its answers (as if the model lacked them). */
  omit: Set<string>;
  /** Milliseconds each answer waits (to watch progress). */
  delay: { ms: number };
  close: () => Promise<void>;
};

const UNITS: Record<string, string> = {
  temperature_2m: '°C',
  relative_humidity_2m: '%',
  wind_speed_10m: 'km/h',
  wind_direction_10m: '°',
  precipitation: 'mm',
  apparent_temperature: '°C',
  dew_point_2m: '°C',
  visibility: 'm',
  cloud_cover: '%',
  pressure_msl: 'hPa',
};

function value(variable: string, hourIndex: number): number {
  const h = hourIndex % 24;
  const daily = Math.sin(((h - 9) / 24) * 2 * Math.PI);
  switch (variable) {
    case 'temperature_2m':
      return Math.round((12 + 6 * daily) * 10) / 10;
    case 'apparent_temperature':
      return Math.round((10 + 6 * daily) * 10) / 10;
    case 'dew_point_2m':
      return 6.5;
    case 'relative_humidity_2m':
      return Math.round(75 - 15 * daily);
    case 'precipitation':
      return h === 15 ? 0.4 : 0;
    case 'wind_speed_10m':
      return 7.2;
    case 'wind_direction_10m':
      return 240;
    case 'visibility':
      return 24140;
    case 'cloud_cover':
      return 60;
    default:
      return 1013.2;
  }
}

function hoursOf(from: string, to: string): string[] {
  const out: string[] = [];
  for (
    let t = Date.parse(`${from}T00:00:00Z`);
    t < Date.parse(`${to}T00:00:00Z`) + 86_400_000;
    t += 3_600_000
  )
    out.push(new Date(t).toISOString().slice(0, 16));
  return out;
}

export async function startFakeOpenMeteo(): Promise<FakeOpenMeteo> {
  let failures = 0;
  let failStatus = 500;
  const requests: FakeRequest[] = [];
  const omit = new Set<string>();
  const delay = { ms: 0 };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const send = (status: number, body: unknown) => setTimeout(() => reply(status, body), delay.ms);
    const reply = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify(body));
    };
    if (url.pathname !== '/v1/forecast' && url.pathname !== '/v1/archive')
      return send(404, { error: true, reason: 'Not Found' });
    const hourly = (url.searchParams.get('hourly') ?? '').split(',').filter(Boolean);
    const from = url.searchParams.get('start_date') ?? '';
    const to = url.searchParams.get('end_date') ?? '';
    const lat = Number(url.searchParams.get('latitude'));
    const lng = Number(url.searchParams.get('longitude'));
    requests.push({ path: url.pathname, lat, lng, from, to, hourly });
    if (failures > 0) {
      failures -= 1;
      return send(failStatus, { error: true, reason: 'Simulated outage of the weather service' });
    }
    const unknown = hourly.find(
      (v) => !(v in UNITS) || (url.pathname === '/v1/archive' && v === 'visibility'),
    );
    if (unknown)
      return send(400, {
        error: true,
        reason: `Cannot initialize WeatherVariable from invalid String value ${unknown}.`,
      });
    const time = hoursOf(from, to);
    const kept = hourly.filter((v) => !omit.has(v));
    send(200, {
      latitude: lat,
      longitude: lng,
      generationtime_ms: 0.4,
      utc_offset_seconds: 0,
      timezone: 'GMT',
      timezone_abbreviation: 'GMT',
      elevation: 542,
      hourly_units: Object.fromEntries([['time', 'iso8601'], ...kept.map((v) => [v, UNITS[v]])]),
      hourly: Object.fromEntries([['time', time], ...kept.map((v) => [v, time.map((_, i) => value(v, i))])]),
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    omit,
    delay,
    failNext: (n, status = 500) => {
      failures = n;
      failStatus = status;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
