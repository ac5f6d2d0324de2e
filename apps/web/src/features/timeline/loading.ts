import type { SeriesRequest, SeriesResponse } from '@hivescope/contract';

const sameSet = (a: number[] | string[], b: number[] | string[]) => {
  const x = new Set<number | string>(a);
  const y = new Set<number | string>(b);
  return x.size === y.size && [...x].every((v) => y.has(v));
};

/** Does the chart on screen show what is asked for now: the same scales, controllers and series names? */
function sameSeries(request: SeriesRequest, shown: SeriesResponse): boolean {
  const ids = (kind: 'scale' | 'controller') => shown.series.filter((s) => s.kind === kind).map((s) => s.id);
  return (
    sameSet(request.scales ?? [], ids('scale')) &&
    sameSet(request.controllers ?? [], ids('controller')) &&
    sameSet(
      request.series,
      shown.series.map((s) => s.series),
    )
  );
}

/**
 * Whether the loading overlay covers the chart (docs/timeline.md, "Web screen"): only while nothing is shown
 * yet, or the chart on screen belongs to other series or another range than the one loading. A reload of the
 * same view — live mode's window moving on by a minute (same span), a background refetch of the same call —
 * leaves the chart as it is; the screen shows a small non-blocking indicator instead.
 */
export function blocksChart(
  request: SeriesRequest,
  shown: SeriesResponse | undefined,
  fetching: boolean,
  live: boolean,
): boolean {
  if (!fetching) return false;
  if (!shown || !sameSeries(request, shown)) return true;
  if (live) return shown.xmax - shown.xmin !== request.xmax - request.xmin;
  return shown.xmin !== request.xmin || shown.xmax !== request.xmax;
}
