import type uPlot from 'uplot';

/** One line of a time chart: columnar like the series call (epoch seconds, values; null = gap). */
export type ChartLine = {
  id: string;
  label: string;
  unit: string;
  times: number[];
  values: (number | null)[];
};

/**
 * A vertical marker at a time, with its text: an intervention (the default), an alarm, or the reference
 * line of the comparison. `detail` is shown in the crosshair tooltip while the cursor is near the marker.
 */
export type ChartMarker = {
  id: string;
  time: number;
  label: string;
  kind?: 'intervention' | 'alarm' | 'reference';
  detail?: string;
};

/** The markers near the cursor (`near(time)` in pixels), for the tooltip. */
export function markersNear(markers: ChartMarker[], near: (time: number) => boolean): ChartMarker[] {
  return markers.filter((m) => m.detail !== undefined && near(m.time));
}

/** Distinguishable line colours (Mantine's palette, readable on white and dark). */
export const LINE_COLORS = [
  '#1c7ed6',
  '#e8590c',
  '#2f9e44',
  '#ae3ec9',
  '#f08c00',
  '#0c8599',
  '#e03131',
  '#5f3dc4',
  '#66a80f',
  '#c2255c',
];

/** The units in order of first use: one y axis (and one uPlot scale) per unit. */
export function unitsOf(lines: ChartLine[]): string[] {
  return [...new Set(lines.map((l) => l.unit))];
}

const sameTimes = (a: number[], b: number[]) =>
  a === b || (a.length === b.length && a.every((t, i) => t === b[i]));

/**
 * Aligns the lines on one time axis (uPlot's data layout). Points that only another line has are left
 * undefined, so a line is drawn through them; a null of the line itself stays a gap. Lines of one series
 * call at one resolution usually share their times: then they are used as they are (a linear check instead
 * of uPlot.join's sort and lookups: bench/chart-render.ts).
 */
export function alignLines(lines: ChartLine[], join: typeof uPlot.join): uPlot.AlignedData {
  const [first] = lines;
  if (!first) return [[]];
  if (lines.every((l) => sameTimes(l.times, first.times)))
    return [first.times, ...lines.map((l) => l.values)] as uPlot.AlignedData;
  return join(lines.map((l) => [l.times, l.values] as uPlot.AlignedData));
}

/** The y axes: the first unit on the left, the next on the right, and so on alternately. */
export function axesFor(units: string[], format: (value: number) => string): uPlot.Axis[] {
  return units.map((unit, i) => ({
    scale: unit,
    side: i % 2 === 0 ? 3 : 1,
    label: unit,
    labelSize: 18,
    size: 60,
    grid: { show: i === 0 },
    values: (_u, splits) => splits.map(format),
  }));
}
