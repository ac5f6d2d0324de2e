import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  interventionListSchema,
  interventionSaveResponseSchema,
  interventionSearchParams,
  messageResponseSchema,
  seriesResponseSchema,
  seriesSearchParams,
  type Intervention,
  type InterventionCreateInput,
  type InterventionSaveResponse,
  type InterventionUpdate,
  type MessageResponse,
  type SeriesRequest,
  type SeriesResponse,
} from '@hivescope/contract';
import { api, get, post } from '../../lib/api';

export const timelineKeys = {
  series: (req: SeriesRequest) => ['series', req] as const,
  interventions: ['interventions'] as const,
  interventionList: (q: InterventionRange) => ['interventions', q] as const,
};

/** GET series?scales&controllers&series&xmin&xmax → columnar series at the resolution the span calls for. */
export async function fetchSeries(req: SeriesRequest, signal?: AbortSignal): Promise<SeriesResponse> {
  const options = signal ? { signal } : {};
  return seriesResponseSchema.parse(await get<unknown>(`series?${seriesSearchParams(req)}`, options));
}

/** The chart's data; the previous answer stays on screen while another range loads. */
export function useSeries(req: SeriesRequest | null) {
  return useQuery({
    queryKey: timelineKeys.series(req ?? { series: [], xmin: 0, xmax: 0 }),
    queryFn: ({ signal }) => fetchSeries(req as SeriesRequest, signal),
    enabled: req !== null,
    placeholderData: keepPreviousData,
  });
}

export type InterventionRange = { scales: number[]; xmin: number; xmax: number };

/** GET intervention?scales&xmin&xmax → the interventions of the shown scales, by time. */
export async function fetchInterventions(q: InterventionRange): Promise<Intervention[]> {
  return interventionListSchema.parse(await get<unknown>(`intervention?${interventionSearchParams(q)}`));
}

export function useInterventions(q: InterventionRange | null) {
  return useQuery({
    queryKey: timelineKeys.interventionList(q ?? { scales: [], xmin: 0, xmax: 0 }),
    queryFn: () => fetchInterventions(q as InterventionRange),
    enabled: q !== null && q.scales.length > 0,
    placeholderData: keepPreviousData,
  });
}

export async function createIntervention(body: InterventionCreateInput): Promise<InterventionSaveResponse> {
  return interventionSaveResponseSchema.parse(await post<unknown>('intervention', body));
}

export async function updateIntervention(
  id: number,
  body: InterventionUpdate,
): Promise<InterventionSaveResponse> {
  return interventionSaveResponseSchema.parse(await post<unknown>(`intervention/${id}`, body));
}

export async function deleteIntervention(id: number): Promise<MessageResponse> {
  return messageResponseSchema.parse(await api<unknown>(`intervention/${id}`, { method: 'DELETE' }));
}

/** A write on interventions: the lists are reloaded once it succeeded (the cache toasts the message). */
export function useInterventionMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: timelineKeys.interventions }),
  });
}
