import { SERIES_MAX_POINTS } from '@hivescope/contract';

/**
 * A series in columns (uPlot's layout): epoch seconds and values, with per-point extremes when the points
 * are aggregates. Built by the series service, thinned here when a range holds too many points.
 */
export type Columns = {
  times: number[];
  values: (number | null)[];
  min?: (number | null)[];
  max?: (number | null)[];
};

type Bin = { time: number; sum: number; count: number; min: number | null; max: number | null };

const lower = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.min(a, b));
const upper = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.max(a, b));

function addTo(bin: Bin, value: number | null, min: number | null, max: number | null) {
  if (value !== null) {
    bin.sum += value;
    bin.count += 1;
  }
  bin.min = lower(bin.min, min ?? value);
  bin.max = upper(bin.max, max ?? value);
}

/**
 * At most `maxPoints` points: when there are more, the points are merged into equal time bins over
 * [xmin, xmax) — a bin's time is its first point's, its value the mean of the values, its min/max the
 * extremes of its points' min/max (or values). Fewer points are returned unchanged. Points slightly before
 * xmin (an hour or day that starts before the range) fall into one extra bin, so the bin width leaves room
 * for it.
 */
export function downsample(
  columns: Columns,
  xmin: number,
  xmax: number,
  maxPoints = SERIES_MAX_POINTS,
): Columns {
  const n = columns.times.length;
  if (n <= maxPoints) return columns;
  const width = (xmax - xmin) / (maxPoints - 2);
  const bins: Bin[] = [];
  let current: Bin | undefined;
  let currentIndex = Number.NaN;
  for (let i = 0; i < n; i++) {
    const t = columns.times[i] ?? 0;
    const index = Math.floor((t - xmin) / width);
    if (!current || index !== currentIndex) {
      current = { time: t, sum: 0, count: 0, min: null, max: null };
      currentIndex = index;
      bins.push(current);
    }
    addTo(current, columns.values[i] ?? null, columns.min?.[i] ?? null, columns.max?.[i] ?? null);
  }
  return {
    times: bins.map((b) => b.time),
    values: bins.map((b) => (b.count === 0 ? null : b.sum / b.count)),
    min: bins.map((b) => b.min),
    max: bins.map((b) => b.max),
  };
}

/** Rounds every number (values and extremes) with `round`. */
export function roundColumns(columns: Columns, round: (x: number) => number): Columns {
  const r = (xs: (number | null)[]) => xs.map((x) => (x === null ? null : round(x)));
  return {
    times: columns.times,
    values: r(columns.values),
    ...(columns.min ? { min: r(columns.min) } : {}),
    ...(columns.max ? { max: r(columns.max) } : {}),
  };
}
