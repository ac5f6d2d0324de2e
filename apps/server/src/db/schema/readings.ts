import {
  doublePrecision,
  integer,
  pgTable,
  primaryKey,
  real,
  smallint,
  timestamp,
  date,
} from 'drizzle-orm/pg-core';

/**
 * Raw channel values as reported (docs/device-protocol.md): the key (controller, channel, time) makes ingest idempotent.
 * Stored whether or not a scale is set up on the channel; a scale shows rows from its setup time on.
 */
export const readings = pgTable(
  'readings',
  {
    controllerId: integer('controller_id').notNull(),
    channel: smallint('channel').notNull(),
    time: timestamp('time', { withTimezone: true }).notNull(),
    weight: real('weight'),
    temperature: real('temperature'),
    humidity: real('humidity'),
  },
  (t) => [primaryKey({ columns: [t.controllerId, t.channel, t.time] })],
);

/** The value columns both rollups keep: counts and sums (so late readings add up), weight extremes and last. */
function rollupColumns() {
  return {
    n: integer('n').notNull(),
    weightN: integer('weight_n').notNull().default(0),
    weightSum: doublePrecision('weight_sum').notNull().default(0),
    weightMin: real('weight_min'),
    weightMax: real('weight_max'),
    weightLast: real('weight_last'),
    weightLastTime: timestamp('weight_last_time', { withTimezone: true }),
    temperatureN: integer('temperature_n').notNull().default(0),
    temperatureSum: doublePrecision('temperature_sum').notNull().default(0),
    humidityN: integer('humidity_n').notNull().default(0),
    humiditySum: doublePrecision('humidity_sum').notNull().default(0),
  };
}

/** Hourly rollup per channel, maintained on ingest (sums, so late and out-of-order readings add up). */
export const readingsHourly = pgTable(
  'readings_hourly',
  {
    controllerId: integer('controller_id').notNull(),
    channel: smallint('channel').notNull(),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    ...rollupColumns(),
  },
  (t) => [primaryKey({ columns: [t.controllerId, t.channel, t.hour] })],
);

/** Daily rollup per channel; `day` is the local date in the controller's time zone. */
export const readingsDaily = pgTable(
  'readings_daily',
  {
    controllerId: integer('controller_id').notNull(),
    channel: smallint('channel').notNull(),
    day: date('day').notNull(),
    ...rollupColumns(),
    weightFirst: real('weight_first'),
    weightFirstTime: timestamp('weight_first_time', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.controllerId, t.channel, t.day] })],
);

/** Controller status as reported with each batch (battery, signal, chip temperature series). */
export const controllerStatus = pgTable(
  'controller_status',
  {
    controllerId: integer('controller_id').notNull(),
    time: timestamp('time', { withTimezone: true }).notNull(),
    temperature: real('temperature'),
    voltage: real('voltage'),
    signal: smallint('signal'),
  },
  (t) => [primaryKey({ columns: [t.controllerId, t.time] })],
);
