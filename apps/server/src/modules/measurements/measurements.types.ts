/**
 * The measurements module reads what the device ingest writes: raw readings and the hourly/daily rollups
 * (docs/ARCHITECTURE.md, "Server modules"). Other modules ask it for values; none of them reads the
 * readings tables themselves.
 */

/**
 * One scale's stretch of a controller channel: its readings are those of (controllerId, channel) from its
 * setup to its archiving (to = null: still live). `id` is the caller's key (the scale id).
 */
export type ChannelWindow = {
  id: number;
  controllerId: number;
  channel: number;
  from: Date;
  to: Date | null;
};

/** The newest reading inside a window. */
export type LatestValue = {
  id: number;
  time: Date;
  weight: number | null;
  temperature: number | null;
  humidity: number | null;
};

/** A window's weight at local midnight (time null when it has none). */
export type MidnightWeight = { id: number; time: Date | null; weight: number | null };

export type Resolution = 'raw' | 'hourly' | 'daily';

/**
 * One point of a series. Raw readings are points of n = 1 (avg = min = max = last); hourly points start at the
 * full UTC hour, daily points at the controller's local day.
 */
export type RangePoint = {
  channel: number;
  /** ISO instant (raw, hourly) or local day YYYY-MM-DD (daily) */
  at: string;
  /** epoch seconds of `at` (daily: the local midnight starting the day) */
  t: number;
  n: number;
  weightAvg: number | null;
  weightMin: number | null;
  weightMax: number | null;
  weightLast: number | null;
  temperatureAvg: number | null;
  humidityAvg: number | null;
};

/**
 * One point of a controller's status series (chip temperature, battery voltage, signal). Raw status rows are
 * points of n = 1; hourly points start at the full UTC hour, daily points at the controller's local midnight.
 */
export type StatusPoint = {
  /** epoch seconds */
  t: number;
  /** local day YYYY-MM-DD of the point (the day it falls on in the controller's time zone) */
  day: string;
  n: number;
  temperatureAvg: number | null;
  temperatureMin: number | null;
  temperatureMax: number | null;
  voltageAvg: number | null;
  voltageMin: number | null;
  voltageMax: number | null;
  signalAvg: number | null;
  signalMin: number | null;
  signalMax: number | null;
};

/** A status field of the device: `${field}Avg`, `${field}Min` and `${field}Max` in a StatusPoint. */
export type StatusField = {
  [K in keyof StatusPoint]: K extends `${infer F}Avg` ? F : never;
}[keyof StatusPoint];

/**
 * A scale channel's last weight of one local day or one UTC hour (the base of daily / hourly changes):
 * `t`..`end` is the period (epoch seconds), `day` and `hour` its local day and local hour of the day
 * (daily: hour 0).
 */
export type WeightStep = { day: string; hour: number; t: number; end: number; weight: number };

/** A channel a caller reads in columns (series.ts `readChannelColumns`); `key` is the caller's. */
export type ChannelRef = { key: number; controllerId: number; channel: number; timeZone: string };

/** The values a columns read returns: weight also gives min/max when aggregated. */
export type ChannelField = 'weight' | 'temperature' | 'humidity';

/**
 * One channel's points as columns, only the fields asked for, oldest first: `t` in epoch seconds (raw: the
 * reading's time, hourly: the UTC hour's start, daily: the local midnight starting the day), values the
 * reading or the interval's mean (null where the point has none), weight extremes only when aggregated.
 * Daily points also name their local day.
 */
export type ChannelColumns = {
  t: number[];
  /** daily only: each point's local day (YYYY-MM-DD) */
  day?: string[];
  weight?: (number | null)[];
  weightMin?: (number | null)[];
  weightMax?: (number | null)[];
  temperature?: (number | null)[];
  humidity?: (number | null)[];
};
