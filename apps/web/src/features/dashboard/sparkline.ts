import { SERIES_MAX_TARGETS, type SeriesResponse } from '@hivescope/contract';

/** The span of a tile's sparkline. */
export const SPARKLINE_DAYS = 7;
export const SPARKLINE_SPAN_S = SPARKLINE_DAYS * 86_400;

/** The weights of one scale over the sparkline span (net kg; null: a gap). */
export type SparklineData = { times: number[]; values: (number | null)[] };

/** The scale ids in batches of at most SERIES_MAX_TARGETS (one series call each). */
export function batches(ids: number[], size = SERIES_MAX_TARGETS): number[][] {
  const out: number[][] = [];
  for (let i = 0; i < ids.length; i += size) out.push(ids.slice(i, i + size));
  return out;
}

/** The weight series of a series answer, by idscale. */
export function weightsByScale(response: SeriesResponse): Map<number, SparklineData> {
  const map = new Map<number, SparklineData>();
  for (const s of response.series)
    if (s.kind === 'scale' && s.series === 'weight') map.set(s.id, { times: s.times, values: s.values });
  return map;
}

/**
 * The polyline(s) of a sparkline in a `width` × `height` box: x by time over [xmin, xmax], y from the
 * lowest (bottom) to the highest weight (top), 1 unit of padding. A null value breaks the line, so each
 * run of values is its own polyline ("x,y x,y …"); a flat series is drawn in the middle.
 */
export function sparklinePaths(
  data: SparklineData,
  range: { xmin: number; xmax: number },
  width: number,
  height: number,
): string[] {
  const known = data.values.filter((v): v is number => v !== null);
  if (known.length === 0) return [];
  const low = Math.min(...known);
  const high = Math.max(...known);
  const span = range.xmax - range.xmin || 1;
  const x = (t: number) => ((t - range.xmin) / span) * width;
  const y = (v: number) => (high === low ? height / 2 : 1 + ((high - v) / (high - low)) * (height - 2));
  const round = (n: number) => Math.round(n * 10) / 10;
  const paths: string[] = [];
  let run: string[] = [];
  data.values.forEach((v, i) => {
    if (v === null) {
      if (run.length) paths.push(run.join(' '));
      run = [];
    } else run.push(`${round(x(data.times[i] ?? range.xmin))},${round(y(v))}`);
  });
  if (run.length) paths.push(run.join(' '));
  return paths;
}

/** First and last known weight of the span and the change between them (for the accessible summary). */
export function sparklineTrend(data: SparklineData): { first: number; last: number; change: number } | null {
  const known = data.values.filter((v): v is number => v !== null);
  const first = known[0];
  const last = known[known.length - 1];
  if (first === undefined || last === undefined) return null;
  return { first, last, change: Math.round((last - first) * 1000) / 1000 };
}
