/**
 * Weather of one site (apiary) on the Swiss plateau, 47 °N: seasonal + diurnal ambient temperature
 * with smooth random weather anomalies, and rain events. A pure function of (site, time).
 */
import { chance, gaussian, rngFor, uniform } from './random';
import { HOUR_MS, calendarOf, clamp, solarDay, solarDayStart, solarHour } from './time';

export interface Site {
  /** Hives with the same weather seed share the weather (same apiary). */
  weatherSeed: number;
  /** Longitude in degrees east: sets local solar time. */
  lng: number;
}

export interface RainEvent {
  /** UTC ms. */
  start: number;
  end: number;
  /** 0..1: light drizzle to downpour. */
  intensity: number;
}

export interface DayWeather {
  day: number;
  rain: RainEvent[];
  /** Hours of rain between 08:00 and 18:00 solar time. */
  daytimeRainHours: number;
  maxTemperature: number;
  meanTemperature: number;
}

const TWO_PI = 2 * Math.PI;

/** Small bounded memo per (weather seed, longitude, day): the values are pure, it only saves time. */
function memo<T>(compute: (site: Site, day: number) => T): (site: Site, day: number) => T {
  const sites = new Map<number, Map<number, Map<number, T>>>();
  let size = 0;
  return (site, day) => {
    if (size > 200_000) {
      sites.clear();
      size = 0;
    }
    let byLng = sites.get(site.weatherSeed);
    if (!byLng) sites.set(site.weatherSeed, (byLng = new Map()));
    let byDay = byLng.get(site.lng);
    if (!byDay) byLng.set(site.lng, (byDay = new Map()));
    let value = byDay.get(day);
    if (value === undefined) {
      value = compute(site, day);
      byDay.set(day, value);
      size++;
    }
    return value;
  };
}

/** Seasonal mean: ≈ 0 °C around 19 January, ≈ 19 °C around 20 July (Zurich plateau). */
export function seasonalMean(dayOfYear: number): number {
  return 9.5 - 9.5 * Math.cos((TWO_PI * (dayOfYear - 19)) / 365.25);
}

/** Half the diurnal range: ≈ 2.5 °C in winter, ≈ 5.5 °C in summer. */
function diurnalHalfRange(dayOfYear: number): number {
  return 4 - 1.5 * Math.cos((TWO_PI * (dayOfYear - 10)) / 365.25);
}

/** -1 at 05:30 solar (around sunrise), +1 at 14:30 solar, asymmetric cosine. */
function diurnalShape(hour: number): number {
  const h = hour < 5.5 ? hour + 24 : hour;
  if (h <= 14.5) return -Math.cos((Math.PI * (h - 5.5)) / 9);
  return Math.cos((Math.PI * (h - 14.5)) / 15);
}

/** Random daily anomaly (°C) of the day containing solar-day number `day`, at its solar noon. */
const dailyAnomaly = memo((site: Site, day: number): number => {
  const week = Math.floor(day / 7);
  const weekly = (k: number): number => 2.5 * gaussian(rngFor(site.weatherSeed, 'week', k));
  const w = (day - week * 7) / 7;
  const slow = weekly(week) * (1 - w) + weekly(week + 1) * w;
  return slow + 2.5 * gaussian(rngFor(site.weatherSeed, 'anomaly', day));
});

function cosineBlend(a: number, b: number, x: number): number {
  const w = (1 - Math.cos(Math.PI * x)) / 2;
  return a * (1 - w) + b * w;
}

/** Rain events starting on solar day `day` (about 35 % of days, more in early summer). */
export function rainEvents(site: Site, day: number): RainEvent[] {
  const rng = rngFor(site.weatherSeed, 'rain', day);
  const { dayOfYear } = calendarOf(day);
  const probability = 0.33 + 0.1 * Math.sin((TWO_PI * (dayOfYear - 80)) / 365.25);
  const events: RainEvent[] = [];
  const start = solarDayStart(day, site.lng);
  for (let i = 0; i < 2 && chance(rng, i === 0 ? probability : probability * 0.3); i++) {
    const from = start + uniform(rng, 0, 24) * HOUR_MS;
    const duration = uniform(rng, 0.5, 5) * HOUR_MS;
    events.push({ start: from, end: from + duration, intensity: rng() ** 1.5 });
  }
  return events;
}

/** Hours of rain overlapping [fromHour, toHour) of the solar day. */
function overlapHours(
  events: readonly RainEvent[],
  dayStart: number,
  fromHour: number,
  toHour: number,
): number {
  const a = dayStart + fromHour * HOUR_MS;
  const b = dayStart + toHour * HOUR_MS;
  let hours = 0;
  for (const e of events) hours += Math.max(0, Math.min(b, e.end) - Math.max(a, e.start)) / HOUR_MS;
  return hours;
}

/** Rain on `day` and the day before (a late rain event may run past midnight). */
export function rainAround(site: Site, day: number): RainEvent[] {
  return [...rainEvents(site, day - 1), ...rainEvents(site, day)];
}

const daytimeRain = memo((site: Site, day: number): number =>
  overlapHours(rainAround(site, day), solarDayStart(day, site.lng), 8, 18),
);

/** Ambient air temperature (°C) at UTC ms `t`. */
export function ambientTemperature(site: Site, t: number): number {
  const day = solarDay(t, site.lng);
  const hour = solarHour(t, site.lng);
  const dayOfYear = calendarOf(day).dayOfYear + hour / 24;
  // anomaly: blend between the noons of the neighbouring days
  const [d0, x] = hour < 12 ? [day - 1, (hour + 12) / 24] : [day, (hour - 12) / 24];
  const anomaly = cosineBlend(dailyAnomaly(site, d0), dailyAnomaly(site, d0 + 1), x);
  // rain and clouds damp the diurnal cycle and cool the afternoon
  const wet = clamp(daytimeRain(site, day) / 5, 0, 1);
  const range = diurnalHalfRange(dayOfYear) * (1 - 0.5 * wet);
  return seasonalMean(dayOfYear) + anomaly - 1.5 * wet + range * diurnalShape(hour);
}

/** The weather summary of one solar day. */
export const dayWeather = memo((site: Site, day: number): DayWeather => {
  const start = solarDayStart(day, site.lng);
  let max = -Infinity;
  let sum = 0;
  for (let h = 0; h < 24; h += 2) {
    const temperature = ambientTemperature(site, start + h * HOUR_MS + HOUR_MS / 2);
    max = Math.max(max, temperature);
    sum += temperature;
  }
  return {
    day,
    rain: rainEvents(site, day),
    daytimeRainHours: daytimeRain(site, day),
    maxTemperature: Math.max(max, ambientTemperature(site, start + 14.5 * HOUR_MS)),
    meanTemperature: sum / 12,
  };
});
