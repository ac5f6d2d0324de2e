import { useQueries } from '@tanstack/react-query';
import type { MidnightValues } from '@hivescope/contract';
import { controllerKeys, fetchMidnightValues, useControllers } from '../../lib/controllers';
import { DASHBOARD_REFRESH_MS, MIDNIGHT_REFRESH_MS } from './dashboard';

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
