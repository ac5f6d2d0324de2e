import {
  isScaleSeries,
  type ControllerSeriesName,
  type ScaleSeriesName,
  type SeriesQuery,
  type SeriesResponse,
} from '@hivescope/contract';
import type { AppContext } from '../../context';
import type { AuthContext } from '../../http/auth';
import { resolutionFor } from '../measurements/ranges';
import { controllerSeries } from './controller-series';
import { scaleSeries } from './scale-series';
import { controllerTargets, scaleTargets } from './targets';

/**
 * GET series (docs/timeline.md): every requested series of every listed scale and controller over
 * [xmin, xmax), at the resolution the span calls for and at most SERIES_MAX_POINTS points each.
 */
export async function getSeries(
  ctx: AppContext,
  auth: AuthContext,
  query: SeriesQuery,
): Promise<SeriesResponse> {
  const scales = await scaleTargets(ctx, auth, query.scales ?? []);
  const controllers = await controllerTargets(ctx, auth, query.controllers ?? []);
  const range = {
    xmin: query.xmin,
    xmax: query.xmax,
    from: new Date(query.xmin * 1000),
    to: new Date(query.xmax * 1000),
  };
  const scaleNames = query.series.filter(isScaleSeries) as ScaleSeriesName[];
  const controllerNames = query.series.filter((s) => !isScaleSeries(s)) as ControllerSeriesName[];
  return {
    xmin: query.xmin,
    xmax: query.xmax,
    resolution: resolutionFor(range.from, range.to),
    series: [
      ...(await scaleSeries(ctx.db, scales, scaleNames, range)),
      ...(await controllerSeries(ctx.db, controllers, controllerNames, range)),
    ],
  };
}
