import { z } from 'zod';
import { WEATHER_SERIES, type WeatherSeries } from '@hivescope/contract';
import type { DayRange, WeatherHour, WeatherProvider } from './provider';
import { WeatherProviderError } from './provider';

/** Open-Meteo's hourly variable for each of our series, and the unit we ask for (its defaults). */
const VARIABLES: Record<WeatherSeries, { name: string; unit: string }> = {
  temperature: { name: 'temperature_2m', unit: '°C' },
  humidity: { name: 'relative_humidity_2m', unit: '%' },
  windSpeed: { name: 'wind_speed_10m', unit: 'km/h' },
  windBearing: { name: 'wind_direction_10m', unit: '°' },
  precipitation: { name: 'precipitation', unit: 'mm' },
  apparentTemperature: { name: 'apparent_temperature', unit: '°C' },
  dewPoint: { name: 'dew_point_2m', unit: '°C' },
  visibility: { name: 'visibility', unit: 'm' },
  cloudCover: { name: 'cloud_cover', unit: '%' },
  pressure: { name: 'pressure_msl', unit: 'hPa' },
};

/** The archive (reanalysis) has no visibility: asking for it fails the whole call, so it is not asked. */
const ARCHIVE_SERIES = WEATHER_SERIES.filter((s) => s !== 'visibility');

/**
 * Days younger than this come from the forecast API (it keeps about three months of past hours with all
 * ten series); older days from the archive, which lags about five days behind.
 */
export const ARCHIVE_AFTER_DAYS = 60;

const DEFAULT_FORECAST_URL = 'https://api.open-meteo.com';
const DEFAULT_ARCHIVE_URL = 'https://archive-api.open-meteo.com';

const responseSchema = z.object({
  hourly_units: z.record(z.string(), z.string()).optional(),
  hourly: z.object({ time: z.array(z.string()) }).catchall(z.array(z.number().nullable()).optional()),
});
const errorSchema = z.object({ error: z.literal(true), reason: z.string() });

export type OpenMeteoOptions = {
  /** WEATHER_URL: one base for both APIs (a self-hosted Open-Meteo or a test fake); unset: the public hosts. */
  baseUrl?: string;
  timeoutMs?: number;
  now?: () => Date;
};

const dayMs = 86_400_000;
const dayOf = (d: Date) => d.toISOString().slice(0, 10);
const addDays = (day: string, n: number) => dayOf(new Date(Date.parse(day) + n * dayMs));

/** Splits a range at the archive/forecast boundary: [archive part, forecast part], either may be absent. */
export function splitRange(days: DayRange, now: Date): { archive?: DayRange; forecast?: DayRange } {
  const firstForecastDay = dayOf(new Date(now.getTime() - ARCHIVE_AFTER_DAYS * dayMs));
  if (days.to < firstForecastDay) return { archive: days };
  if (days.from >= firstForecastDay) return { forecast: days };
  return {
    archive: { from: days.from, to: addDays(firstForecastDay, -1) },
    forecast: { from: firstForecastDay, to: days.to },
  };
}

/** Reads one Open-Meteo answer into hours; a variable absent from the answer, or a null in it, stays null. */
export function parseOpenMeteo(body: unknown, series: readonly WeatherSeries[]): WeatherHour[] {
  const parsed = responseSchema.safeParse(body);
  if (!parsed.success) throw new WeatherProviderError('Open-Meteo answered in an unexpected shape');
  const { hourly, hourly_units: units } = parsed.data;
  for (const s of series) {
    const { name, unit } = VARIABLES[s];
    const got = units?.[name];
    if (got !== undefined && got !== unit)
      throw new WeatherProviderError(`Open-Meteo sent ${name} in ${got}, expected ${unit}`);
  }
  return hourly.time.map((t, i) => {
    const time = new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(t) ? t : `${t}:00Z`);
    if (Number.isNaN(time.getTime())) throw new WeatherProviderError(`Open-Meteo sent a bad time: ${t}`);
    const hour = { time } as WeatherHour;
    for (const s of WEATHER_SERIES) {
      const value = series.includes(s) ? hourly[VARIABLES[s].name]?.[i] : undefined;
      hour[s] = typeof value === 'number' && Number.isFinite(value) ? value : null;
    }
    return hour;
  });
}

async function describeFailure(res: Response): Promise<string> {
  const text = await res.text().catch(() => '');
  try {
    const parsed = errorSchema.safeParse(JSON.parse(text));
    if (parsed.success) return `Open-Meteo answered ${res.status}: ${parsed.data.reason}`;
  } catch {
    // not JSON: the status line says enough
  }
  return `Open-Meteo answered ${res.status} ${res.statusText}`.trim();
}

/**
 * The Open-Meteo adapter (docs/weather.md "Provider"): hourly values in UTC, default units (°C, km/h, mm,
 * hPa, m). Each call has a time-out and follows no redirect (WEATHER_URL is set by the operator, so it is
 * trusted; a redirect would only hide a misconfiguration).
 */
export function openMeteoProvider(opts: OpenMeteoOptions = {}): WeatherProvider {
  const base = opts.baseUrl?.replace(/\/+$/, '');
  const forecastUrl = `${base ?? DEFAULT_FORECAST_URL}/v1/forecast`;
  const archiveUrl = `${base ?? DEFAULT_ARCHIVE_URL}/v1/archive`;
  const timeoutMs = opts.timeoutMs ?? 30_000;

  async function call(
    url: string,
    point: { lat: number; lng: number },
    days: DayRange,
    series: readonly WeatherSeries[],
  ) {
    const query = new URLSearchParams({
      latitude: String(point.lat),
      longitude: String(point.lng),
      hourly: series.map((s) => VARIABLES[s].name).join(','),
      start_date: days.from,
      end_date: days.to,
      timezone: 'GMT',
    });
    let res: Response;
    try {
      res = await fetch(`${url}?${query}`, {
        redirect: 'error',
        signal: AbortSignal.timeout(timeoutMs),
        headers: { accept: 'application/json' },
      });
    } catch (err) {
      const reason =
        err instanceof Error && err.name === 'TimeoutError'
          ? `no answer within ${timeoutMs} ms`
          : errorMessage(err);
      throw new WeatherProviderError(`Open-Meteo unreachable: ${reason}`);
    }
    if (!res.ok) throw new WeatherProviderError(await describeFailure(res));
    let body: unknown;
    try {
      body = await res.json();
    } catch {
      throw new WeatherProviderError('Open-Meteo answered with invalid JSON');
    }
    return parseOpenMeteo(body, series);
  }

  return {
    source: 'openMeteo',
    async hourly(point, days) {
      const parts = splitRange(days, opts.now?.() ?? new Date());
      const hours: WeatherHour[] = [];
      if (parts.archive) hours.push(...(await call(archiveUrl, point, parts.archive, ARCHIVE_SERIES)));
      if (parts.forecast) hours.push(...(await call(forecastUrl, point, parts.forecast, WEATHER_SERIES)));
      return hours;
    },
  };
}

function errorMessage(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const cause = err.cause instanceof Error ? `: ${err.cause.message}` : '';
  return `${err.message}${cause}`;
}
