import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  cantonsImportResponseSchema,
  messageResponseSchema,
  regionListSchema,
  regionSaveResponseSchema,
  type CantonsImportResponse,
  type MessageResponse,
  type Region,
  type RegionSaveInput,
  type RegionSaveResponse,
} from '@hivescope/contract';
import { api, get, post } from '../../lib/api';
import { controllerKeys } from '../../lib/controllers';

/** Regions live in the query cache only (never in the persisted store: spec §4 drops region geojson). */
export const regionKeys = { own: ['regions'] as const, global: ['regions', 'global'] as const };

/** GET region: the caller's own regions and the global ones (read-only unless admin). */
export async function fetchRegions(): Promise<Region[]> {
  return regionListSchema.parse(await get<unknown>('region'));
}

/** GET admin/region: the global regions (admins). */
export async function fetchGlobalRegions(): Promise<Region[]> {
  return regionListSchema.parse(await get<unknown>('admin/region'));
}

/** POST region (new) or POST region/{id} (change); the geojson travels stringified. */
export async function saveRegion({
  id,
  unchangedShape,
  ...body
}: RegionSaveInput & { id?: number; unchangedShape?: boolean }): Promise<RegionSaveResponse> {
  if (id === undefined) return regionSaveResponseSchema.parse(await post<unknown>('region', body));
  // an unchanged shape is not sent again (large, and imported shapes are not checked again)
  const { global: _global, geojson, ...update } = body;
  const changes = unchangedShape ? update : { ...update, geojson };
  return regionSaveResponseSchema.parse(await post<unknown>(`region/${id}`, changes));
}

/** DELETE region/{id}. */
export async function deleteRegion(id: number): Promise<MessageResponse> {
  return messageResponseSchema.parse(await api<unknown>(`region/${id}`, { method: 'DELETE' }));
}

/** POST admin/region/cantons: the 26 Swiss cantons as global regions (idempotent). */
export async function importCantons(): Promise<CantonsImportResponse> {
  return cantonsImportResponseSchema.parse(await post<unknown>('admin/region/cantons'));
}

export const useRegions = (scope: 'own' | 'global') =>
  useQuery({
    queryKey: scope === 'own' ? regionKeys.own : regionKeys.global,
    queryFn: scope === 'own' ? fetchRegions : fetchGlobalRegions,
  });

/** Region changes move controllers between regions, so controllers refresh too. */
function useRegionMutation<V, R>(mutationFn: (variables: V) => Promise<R>, silent = false) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    meta: { silent },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: regionKeys.own }),
        queryClient.invalidateQueries({ queryKey: controllerKeys.all }),
      ]),
  });
}

/** The form shows a refused save itself (field messages). */
export const useSaveRegion = () => useRegionMutation(saveRegion, true);
export const useDeleteRegion = () => useRegionMutation(deleteRegion);
export const useImportCantons = () => useRegionMutation(importCantons);
