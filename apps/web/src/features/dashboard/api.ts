import { useQueries } from '@tanstack/react-query';
import {
  seriesResponseSchema,
  seriesSearchParams,
  type MidnightValues,
  type SeriesResponse,
} from '@hivescope/contract';
import { get } from '../../lib/api';
import { controllerKeys, fetchMidnightValues, useControllers } from '../../lib/controllers';
import { DASHBOARD_REFRESH_MS, MIDNIGHT_REFRESH_MS } from './dashboard';
import { batches, SPARKLINE_SPAN_S, weightsByScale, type SparklineData } from './sparkline';

/** GET controller, reloaded every minute while the dashboard is open (simulated controllers keep reporting). */
export function useDashboardControllers() {
  return useControllers(DASHBOARD_REFRESH_MS);
}

function byController(results: { data?: MidnightValues }[]): Map<number, MidnightValues> {
  const map = new Map<number, MidnightValues>();
  for (const result of results) if (result.data) map.set(result.data.controllerId, result.data);
  return map;
}

/**
 * GET controller/{id}/midnightvalues for every controller shown, by controller id. Failures are silent:
 * the tiles then show no change for today instead of an error.
 */
export function useMidnightValues(controllerIds: number[]): Map<number, MidnightValues> {
  return useQueries({
    queries: controllerIds.map((id) => ({
      queryKey: controllerKeys.midnight(id),
      queryFn: () => fetchMidnightValues(id),
      refetchInterval: MIDNIGHT_REFRESH_MS,
      meta: { silent: true },
    })),
    combine: byController,
  });
}

/** GET series: the weights of `scales` over the last 7 days, the range taken when the call is made. */
async function fetchSparklines(scales: number[], signal: AbortSignal): Promise<SeriesResponse> {
  const xmax = Math.floor(Date.now() / 1000);
  const query = seriesSearchParams({ scales, series: ['weight'], xmin: xmax - SPARKLINE_SPAN_S, xmax });
  return seriesResponseSchema.parse(await get<unknown>(`series?${query}`, { signal }));
}

export type Sparklines = {
  range: { xmin: number; xmax: number } | null;
  byScale: Map<number, SparklineData>;
};

function combineSparklines(results: { data?: SeriesResponse | undefined }[]): Sparklines {
  const byScale = new Map<number, SparklineData>();
  let range: Sparklines['range'] = null;
  for (const { data } of results) {
    if (!data) continue;
    range ??= { xmin: data.xmin, xmax: data.xmax };
    for (const [id, line] of weightsByScale(data)) byScale.set(id, line);
  }
  return { range, byScale };
}

/**
 * The 7-day weights of the dashboard's weight tiles: one series call for all of them (batches of
 * SERIES_MAX_TARGETS), reloaded with the tiles. Failures are silent: the tiles then show no sparkline.
 */
export function useSparklines(scaleIds: number[]): Sparklines {
  return useQueries({
    queries: batches(scaleIds).map((scales) => ({
      queryKey: ['dashboard', 'sparklines', scales] as const,
      queryFn: ({ signal }: { signal: AbortSignal }) => fetchSparklines(scales, signal),
      refetchInterval: DASHBOARD_REFRESH_MS,
      meta: { silent: true },
    })),
    combine: combineSparklines,
  });
}
