import type { WeatherSeries, WeatherSource } from '@hivescope/contract';

/** One hour of weather at a point; a series the provider did not deliver is null. */
export type WeatherHour = { time: Date } & Record<WeatherSeries, number | null>;

/** Days as YYYY-MM-DD (UTC), both included. */
export type DayRange = { from: string; to: string };

/**
 * A source of hourly weather (docs/weather.md "Provider"). Implementations throw WeatherProviderError when
 * the service cannot answer; the job records the message and retries.
 */
export interface WeatherProvider {
  readonly source: WeatherSource;
  hourly(point: { lat: number; lng: number }, days: DayRange): Promise<WeatherHour[]>;
}

export class WeatherProviderError extends Error {}
