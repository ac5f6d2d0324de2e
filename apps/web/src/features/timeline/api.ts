import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  interventionSaveResponseSchema,
  messageResponseSchema,
  type InterventionCreateInput,
  type InterventionSaveResponse,
  type InterventionUpdate,
  type MessageResponse,
  type SeriesRequest,
} from '@hivescope/contract';
import { api, post } from '../../lib/api';
import { fetchInterventions, fetchSeries, type InterventionRange } from '../../lib/seriesApi';

// the reads live in lib/ (the shared views use them too); re-exported for the timeline's own modules
export { fetchInterventions, fetchSeries, type InterventionRange };

export const timelineKeys = {
  series: (req: SeriesRequest) => ['series', req] as const,
  interventions: ['interventions'] as const,
  interventionList: (q: InterventionRange) => ['interventions', q] as const,
};

/** The chart's data; the previous answer stays on screen while another range loads. */
export function useSeries(req: SeriesRequest | null) {
  return useQuery({
    queryKey: timelineKeys.series(req ?? { series: [], xmin: 0, xmax: 0 }),
    queryFn: ({ signal }) => fetchSeries(req as SeriesRequest, signal),
    enabled: req !== null,
    placeholderData: keepPreviousData,
  });
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
