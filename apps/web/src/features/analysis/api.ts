import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  analysisResponseSchema,
  controllerSchema,
  heatmapHoursResponseSchema,
  heatmapResponseSchema,
  periodSearchParams,
  type AnalysisResponse,
  type Controller,
  type HeatmapHoursResponse,
  type HeatmapResponse,
  type PeriodRequest,
} from '@hivescope/contract';
import { get } from '../../lib/api';

/** GET analysis?scales&from&to → per scale: net gain, flow days, best day, winter consumption, weights. */
export async function fetchAnalysis(req: PeriodRequest): Promise<AnalysisResponse> {
  return analysisResponseSchema.parse(await get<unknown>(`analysis?${periodSearchParams(req)}`));
}

/** GET heatmap?scales&from&to → scales × days of daily net weight change. */
export async function fetchHeatmap(req: PeriodRequest): Promise<HeatmapResponse> {
  return heatmapResponseSchema.parse(await get<unknown>(`heatmap?${periodSearchParams(req)}`));
}

/** GET heatmap/hours?scale&from&to → one scale, days × hours of the day. */
export async function fetchHeatmapHours(
  scale: number,
  from: string,
  to: string,
): Promise<HeatmapHoursResponse> {
  const query = new URLSearchParams({ scale: String(scale), from, to });
  return heatmapHoursResponseSchema.parse(await get<unknown>(`heatmap/hours?${query}`));
}

/** GET controller/{id}: admins and managers add a controller they can see by its id. */
export async function fetchController(id: number): Promise<Controller> {
  return controllerSchema.parse(await get<unknown>(`controller/${id}`));
}

const enabled = (req: PeriodRequest | null): req is PeriodRequest => req !== null && req.scales.length > 0;

export function useAnalysis(req: PeriodRequest | null) {
  return useQuery({
    queryKey: ['analysis', req],
    queryFn: () => fetchAnalysis(req as PeriodRequest),
    enabled: enabled(req),
    placeholderData: keepPreviousData,
  });
}

export function useHeatmap(req: PeriodRequest | null) {
  return useQuery({
    queryKey: ['heatmap', req],
    queryFn: () => fetchHeatmap(req as PeriodRequest),
    enabled: enabled(req),
    placeholderData: keepPreviousData,
  });
}

export function useHeatmapHours(scale: number | null, from: string, to: string) {
  return useQuery({
    queryKey: ['heatmap', 'hours', scale, from, to],
    queryFn: () => fetchHeatmapHours(scale as number, from, to),
    enabled: scale !== null,
    placeholderData: keepPreviousData,
  });
}
