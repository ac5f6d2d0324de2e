import { z } from 'zod';

/**
 * The ten weather series of a controller's location (docs/weather.md), with their units. Each is an hourly
 * value of the grid cell the controller lies in; a value the provider did not deliver stays missing (null)
 * and the chart shows "No weather data" there — values are never invented or interpolated.
 */
export const WEATHER_SERIES = [
  'temperature',
  'humidity',
  'windSpeed',
  'windBearing',
  'precipitation',
  'apparentTemperature',
  'dewPoint',
  'visibility',
  'cloudCover',
  'pressure',
] as const;
export const weatherSeriesSchema = z.enum(WEATHER_SERIES);
export type WeatherSeries = z.infer<typeof weatherSeriesSchema>;

/** Units of the stored values (°C, %, km/h, ° from north, mm per hour, m, hPa at sea level). */
export const WEATHER_UNITS: Record<WeatherSeries, string> = {
  temperature: '°C',
  humidity: '%',
  windSpeed: 'km/h',
  windBearing: '°',
  precipitation: 'mm',
  apparentTemperature: '°C',
  dewPoint: '°C',
  visibility: 'm',
  cloudCover: '%',
  pressure: 'hPa',
};

/** Where an hour came from: the online provider, or the simulator's climate (demo only). */
export const WEATHER_SOURCES = ['openMeteo', 'simulated'] as const;
export const weatherSourceSchema = z.enum(WEATHER_SOURCES);
export type WeatherSource = z.infer<typeof weatherSourceSchema>;

/** Size of a weather grid cell in degrees: controllers in one cell share one fetch and one series. */
export const WEATHER_CELL_DEGREES = 0.05;
