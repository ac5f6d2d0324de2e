import { SERIES_UNITS, WEATHER_FIELD_OF, roundToGrams } from '@hivescope/contract';
import type { Queryable } from '../../db/queryable';
import { translate } from '../../i18n';
import type { ChannelColumns, ChannelRef, StatusPoint } from '../measurements/measurements.types';
import { STATUS_FIELD_OF, readChannelColumns, readStatusRange } from '../measurements/ranges';
import type { ScaleTarget } from '../series/targets';
import { readWeatherSeries } from '../weather/weather.series';
import type { ControllerInfo, ExportPlan } from './export.plan';
import { addDays, dayCount, startOfDay, wallClock } from './zone';

/** A row: the time (a wall-clock Date of the plan's zone, or a local day YYYY-MM-DD), then the values. */
export type ExportRow = [time: Date | string, ...values: (number | null)[]];
type Key = number | string;
type Chunk = Map<Key, (number | null)[]>;

/**
 * Windows read at once (docs/export.md "Streaming"): a week of raw readings (≤ 5,400 rows per controller),
 * two months of hours, a year of days. Only one window's rows are in memory at any time.
 */
const RAW_WINDOW_DAYS = 7;
const HOURLY_WINDOW_DAYS = 60;
const DAILY_WINDOW_DAYS = 366;
const HOUR_S = 3600;
const DAY_S = 86_400;

const round2 = (x: number | null) => (x === null ? null : Math.round(x * 100) / 100);

/** The header row: time, then each scale's series, then each controller's series (names with units). */
export function exportHeader(plan: ExportPlan): string[] {
  const t = (key: string, params?: Record<string, unknown>) => translate(plan.locale, key, params);
  const label = (name: keyof typeof SERIES_UNITS) =>
    `${t(`timeline:series.${name}`)} (${SERIES_UNITS[name]})`;
  const time =
    plan.query.resolution === 'daily' ? t('export:file.day') : t('export:file.time', { zone: plan.zone });
  return [
    time,
    ...plan.scales.flatMap((s) => plan.scaleSeries.map((n) => `${s.scale.name} – ${label(n)}`)),
    ...plan.controllers.flatMap((c) =>
      [...plan.deviceSeries, ...plan.weatherSeries].map((n) => `${c.name} – ${label(n)}`),
    ),
  ];
}

class ChunkBuilder {
  readonly rows: Chunk = new Map();
  constructor(private readonly width: number) {}
  set(key: Key, column: number, value: number | null) {
    if (value === null) return;
    let row = this.rows.get(key);
    if (!row) {
      row = new Array<number | null>(this.width).fill(null);
      this.rows.set(key, row);
    }
    row[column] = value;
  }
}

type Window = { from: Date; to: Date; day: (c: ControllerInfo) => { from: Date; to: Date } };

function scaleValue(name: ExportPlan['scaleSeries'][number], c: ChannelColumns, i: number, s: ScaleTarget) {
  if (name === 'weight') {
    const weight = c.weight?.[i] ?? null;
    return weight === null ? null : roundToGrams(weight - s.scale.empty_weight - s.scale.reserves);
  }
  return round2((name === 'temperature' ? c.temperature?.[i] : c.humidity?.[i]) ?? null);
}

const channelId = (s: ScaleTarget) => `${s.controllerId}/${s.scale.channel}`;

/**
 * The window's scale series: only the chosen series of the scales' channels, in one read per period (daily
 * windows are each controller's local days, so controllers of different zones read different periods).
 */
async function readScaleColumns(db: Queryable, plan: ExportPlan, w: Window) {
  const { resolution } = plan.query;
  const periods = new Map<string, { from: Date; to: Date; channels: ChannelRef[] }>();
  const keys = new Map<string, number>();
  for (const s of plan.scales) {
    if (keys.has(channelId(s))) continue;
    const controller = plan.controllers.find((c) => c.controllerId === s.controllerId);
    const range = resolution === 'daily' && controller ? w.day(controller) : { from: w.from, to: w.to };
    const id = `${range.from.getTime()}/${range.to.getTime()}`;
    const period = periods.get(id) ?? { ...range, channels: [] };
    periods.set(id, period);
    keys.set(channelId(s), keys.size);
    period.channels.push({
      key: keys.size - 1,
      controllerId: s.controllerId,
      channel: s.scale.channel,
      timeZone: s.timeZone,
    });
  }
  const columns = new Map<number, ChannelColumns>();
  for (const { from, to, channels } of periods.values()) {
    const read = await readChannelColumns(db, { channels, fields: plan.scaleSeries, from, to, resolution });
    for (const [key, c] of read.columns) columns.set(key, c);
  }
  return (s: ScaleTarget): ChannelColumns => columns.get(keys.get(channelId(s)) ?? -1) ?? { t: [] };
}

/**
 * Each scale's own points (docs/export.md): its channel from its setup to its archiving, hours and days only
 * when they lie wholly inside (as the timeline), at the scale's columns.
 */
async function addScaleValues(db: Queryable, plan: ExportPlan, w: Window, chunk: ChunkBuilder) {
  const { resolution } = plan.query;
  const length = resolution === 'raw' ? 0 : resolution === 'hourly' ? HOUR_S : DAY_S;
  const columnsOf = await readScaleColumns(db, plan, w);
  const perScale = plan.scaleSeries.length;
  for (const [si, s] of plan.scales.entries()) {
    const c = columnsOf(s);
    const from = new Date(s.scale.setup_at).getTime() / 1000;
    const to = s.scale.archived_at === null ? Infinity : new Date(s.scale.archived_at).getTime() / 1000;
    for (let i = 0; i < c.t.length; i++) {
      const t = c.t[i] ?? Number.NaN;
      if (!(t >= from && t + length <= to)) continue;
      const key = resolution === 'daily' ? (c.day?.[i] ?? '') : t;
      for (const [ni, name] of plan.scaleSeries.entries())
        chunk.set(key, 1 + si * perScale + ni, scaleValue(name, c, i, s));
    }
  }
}

async function readChunk(db: Queryable, plan: ExportPlan, w: Window): Promise<Chunk> {
  const { resolution } = plan.query;
  const daily = resolution === 'daily';
  const width =
    plan.scales.length * plan.scaleSeries.length +
    plan.controllers.length * (plan.deviceSeries.length + plan.weatherSeries.length);
  const chunk = new ChunkBuilder(width + 1);
  if (plan.scaleSeries.length > 0) await addScaleValues(db, plan, w, chunk);
  const controllerColumns = plan.deviceSeries.length + plan.weatherSeries.length;
  const controllerBase = 1 + plan.scales.length * plan.scaleSeries.length;
  for (const [ci, c] of plan.controllers.entries()) {
    const range = daily ? w.day(c) : { from: w.from, to: w.to };
    const q = { controllerId: c.controllerId, timeZone: c.timeZone, ...range, resolution };
    const base = controllerBase + ci * controllerColumns;
    if (plan.deviceSeries.length > 0) {
      const { points } = await readStatusRange(db, q);
      for (const p of points as StatusPoint[])
        for (const [ni, name] of plan.deviceSeries.entries())
          chunk.set(daily ? p.day : p.t, base + ni, round2(p[`${STATUS_FIELD_OF[name]}Avg`]));
    }
    if (plan.weatherSeries.length > 0) {
      // stored hours of the controller's grid cell, or their local-day aggregates (docs/weather.md "Grid cells and the table", Readers)
      const weather = await readWeatherSeries(db, {
        location: c.location,
        timeZone: c.timeZone,
        ...range,
        resolution: daily ? 'daily' : 'hourly',
      });
      for (const p of weather)
        for (const [ni, name] of plan.weatherSeries.entries())
          chunk.set(
            daily ? p.day : p.t,
            base + plan.deviceSeries.length + ni,
            round2(p[WEATHER_FIELD_OF[name]]),
          );
    }
  }
  return chunk.rows;
}

/** The windows of the period, in order. */
function* windows(plan: ExportPlan): Generator<Window> {
  const { resolution, from, to } = plan.query;
  if (resolution === 'daily') {
    for (let d = from; d <= to; d = addDays(d, DAILY_WINDOW_DAYS)) {
      const last = addDays(d, DAILY_WINDOW_DAYS) > to ? addDays(to, 1) : addDays(d, DAILY_WINDOW_DAYS);
      const day = (c: ControllerInfo) => ({
        from: startOfDay(d, c.timeZone),
        to: startOfDay(last, c.timeZone),
      });
      yield { from: plan.start, to: plan.end, day };
    }
    return;
  }
  const step = (resolution === 'raw' ? RAW_WINDOW_DAYS : HOURLY_WINDOW_DAYS) * DAY_S * 1000;
  for (let t = plan.start.getTime(); t < plan.end.getTime(); t += step) {
    const window = { from: new Date(t), to: new Date(Math.min(t + step, plan.end.getTime())) };
    yield { ...window, day: () => window };
  }
}

/** Number of windows (for progress). */
export function windowCount(plan: ExportPlan): number {
  const { resolution, from, to } = plan.query;
  if (resolution === 'daily') return Math.ceil(dayCount(from, to) / DAILY_WINDOW_DAYS);
  const step = (resolution === 'raw' ? RAW_WINDOW_DAYS : HOURLY_WINDOW_DAYS) * DAY_S * 1000;
  return Math.ceil((plan.end.getTime() - plan.start.getTime()) / step);
}

/**
 * The export's rows, time ascending, one window read at a time. A time that two windows both answer (an
 * hour overlapping a window edge) is written once. `onWindow` reports each finished window (progress).
 */
export async function* exportRows(
  db: Queryable,
  plan: ExportPlan,
  onWindow: (done: number) => Promise<void> = async () => {},
): AsyncGenerator<ExportRow> {
  const wall = wallClock(plan.zone);
  let last: Key | undefined;
  let done = 0;
  for (const w of windows(plan)) {
    const chunk = await readChunk(db, plan, w);
    const keys = [...chunk.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    for (const key of keys) {
      if (last !== undefined && key <= last) continue;
      last = key;
      const values = (chunk.get(key) ?? []).slice(1);
      yield [typeof key === 'number' ? wall(key) : key, ...values];
    }
    done += 1;
    await onWindow(done);
  }
}
