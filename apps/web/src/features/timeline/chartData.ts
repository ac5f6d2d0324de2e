import type { Controller, SeriesData, SeriesName, SeriesRequest, SeriesStatus } from '@hivescope/contract';
import type { ChartLine } from '../../components/chart/lines';
import {
  seriesKeyString,
  shownControllers,
  shownScales,
  type ChartState,
  type SeriesKey,
} from './chartState';
import type { Range } from './range';

/** The series call for the visible series over a range; null when nothing is shown. */
export function seriesRequest(state: ChartState, range: Range): SeriesRequest | null {
  if (state.series.length === 0) return null;
  const series = [...new Set(state.series.map((k) => k.series))] as SeriesName[];
  return {
    scales: shownScales(state),
    controllers: shownControllers(state),
    series,
    xmin: range.xmin,
    xmax: range.xmax,
  };
}

export type Naming = {
  scale: (id: number) => string;
  controller: (id: number) => string;
  series: (name: SeriesName) => string;
};

/**
 * The label of every scale: its name, with its controller's name (the apiary) in front where two of the
 * user's scales share a name, so "Hive 1 · Weight" of two apiaries cannot be told apart in the legend.
 */
export function scaleLabels(controllers: Controller[]): Map<number, string> {
  const uses = new Map<string, number>();
  for (const c of controllers) for (const s of c.scales) uses.set(s.name, (uses.get(s.name) ?? 0) + 1);
  return new Map(
    controllers.flatMap((c) =>
      c.scales.map(
        (s) => [s.idscale, (uses.get(s.name) ?? 0) > 1 ? `${c.name} · ${s.name}` : s.name] as const,
      ),
    ),
  );
}

/** A visible series without points, with the reason (status of the series call). */
export type SeriesNote = { id: string; label: string; status: Exclude<SeriesStatus, 'ok'> };

const matches = (data: SeriesData, key: SeriesKey) =>
  data.kind === key.kind && data.id === key.id && data.series === key.series;

/**
 * The chart's lines, in the order the series were made visible. The call answers every requested series
 * for every listed scale, so series that are not visible for a scale are left out here.
 */
export function chartLines(
  answered: SeriesData[],
  visible: SeriesKey[],
  naming: Naming,
): { lines: ChartLine[]; notes: SeriesNote[] } {
  const lines: ChartLine[] = [];
  const notes: SeriesNote[] = [];
  for (const key of visible) {
    const data = answered.find((d) => matches(d, key));
    if (!data) continue;
    const owner = key.kind === 'scale' ? naming.scale(key.id) : naming.controller(key.id);
    const label = `${owner} · ${naming.series(key.series)}`;
    const id = seriesKeyString(key);
    if (data.status !== 'ok' || data.times.length === 0)
      notes.push({ id, label, status: data.status === 'ok' ? 'noData' : data.status });
    else lines.push({ id, label, unit: data.unit, times: data.times, values: data.values });
  }
  return { lines, notes };
}

const epoch = (iso: string | null) => (iso ? Math.floor(Date.parse(iso) / 1000) : null);
const latest = (values: (number | null)[]) =>
  values.reduce<number | null>((max, v) => (v !== null && (max === null || v > max) ? v : max), null);

/** The newest weight time among a controller's scales (else its last report): for the default range. */
export function controllerLastTime(controller: Controller): number | null {
  return latest([...controller.scales.map((s) => epoch(s.weightTime)), epoch(controller.lastUpdate)]);
}

/** The newest last-weight time among the shown scales and controllers (null: none known). */
export function lastWeightTime(controllers: Controller[], state: ChartState): number | null {
  const scales = new Set(shownScales(state));
  const owners = new Set(shownControllers(state));
  return latest(
    controllers.flatMap((c) => [
      ...c.scales.filter((s) => scales.has(s.idscale)).map((s) => epoch(s.weightTime)),
      owners.has(c.id) ? controllerLastTime(c) : null,
    ]),
  );
}

/** The first setup time among the shown scales (start of the "all" preset). */
export function earliestSetup(controllers: Controller[], state: ChartState): number | null {
  const scales = new Set(shownScales(state));
  const owners = new Set(shownControllers(state));
  const times = controllers.flatMap((c) =>
    c.scales.filter((s) => scales.has(s.idscale) || owners.has(c.id)).map((s) => epoch(s.setupAt)),
  );
  return times.reduce<number | null>((min, v) => (v !== null && (min === null || v < min) ? v : min), null);
}

/** The value of a line at a time: the first point at or after it, else the last one before it. */
function valueAt(line: ChartLine, time: number): number | null {
  let before: number | null = null;
  for (let i = 0; i < line.times.length; i++) {
    const v = line.values[i] ?? null;
    if (v === null) continue;
    if ((line.times[i] ?? 0) >= time) return v;
    before = v;
  }
  return before;
}

/**
 * Compare mode: every weight line (kg) becomes its change since the reference time, so that hives of
 * different weights compare on one axis; other units stay as they are.
 */
export function compareLines(lines: ChartLine[], reference: number): ChartLine[] {
  return lines.map((line) => {
    if (line.unit !== 'kg') return line;
    const base = valueAt(line, reference);
    if (base === null) return line;
    return {
      ...line,
      values: line.values.map((v) => (v === null ? null : Math.round((v - base) * 1000) / 1000)),
    };
  });
}
