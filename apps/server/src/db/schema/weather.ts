import { pgTable, primaryKey, real, text, timestamp } from 'drizzle-orm/pg-core';
import type { WeatherSource } from '@hivescope/contract';

/**
 * Hourly weather per grid cell of 0.05° (docs/weather.md): controllers in one cell share the rows. `cell` is
 * "<row>,<col>" = round(lat / 0.05), round(lng / 0.05) (modules/weather/grid.ts). A value the provider did
 * not deliver stays null ("No weather data"), never invented. Upserts on (cell, time) make fetches idempotent.
 */
export const weatherHourly = pgTable(
  'weather_hourly',
  {
    cell: text('cell').notNull(),
    /** Start of the hour, UTC. */
    time: timestamp('time', { withTimezone: true }).notNull(),
    /** °C */
    temperature: real('temperature'),
    /** % */
    humidity: real('humidity'),
    /** km/h at 10 m */
    windSpeed: real('wind_speed'),
    /** degrees from north, where the wind comes from */
    windBearing: real('wind_bearing'),
    /** mm in the hour before `time` */
    precipitation: real('precipitation'),
    /** °C */
    apparentTemperature: real('apparent_temperature'),
    /** °C */
    dewPoint: real('dew_point'),
    /** m */
    visibility: real('visibility'),
    /** % */
    cloudCover: real('cloud_cover'),
    /** hPa, reduced to sea level */
    pressure: real('pressure'),
    source: text('source').$type<WeatherSource>().notNull(),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.cell, t.time] })],
);
