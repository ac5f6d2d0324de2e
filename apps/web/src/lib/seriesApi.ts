import {
  interventionListSchema,
  interventionSearchParams,
  seriesResponseSchema,
  seriesSearchParams,
  type Intervention,
  type SeriesRequest,
  type SeriesResponse,
} from '@hivescope/contract';
import { get } from './api';

/**
 * The chart reads shared by the timeline and the shared views (docs/timeline.md, docs/shares.md). On a
 * shared page the client adds the page's token as X-Share-Token (lib/api.ts).
 */

/** GET series?scales&controllers&series&xmin&xmax → columnar series at the resolution the span calls for. */
export async function fetchSeries(req: SeriesRequest, signal?: AbortSignal): Promise<SeriesResponse> {
  const options = signal ? { signal } : {};
  return seriesResponseSchema.parse(await get<unknown>(`series?${seriesSearchParams(req)}`, options));
}

export type InterventionRange = { scales: number[]; xmin: number; xmax: number };

/** GET intervention?scales&xmin&xmax → the interventions of the shown scales, by time. */
export async function fetchInterventions(q: InterventionRange): Promise<Intervention[]> {
  return interventionListSchema.parse(await get<unknown>(`intervention?${interventionSearchParams(q)}`));
}
