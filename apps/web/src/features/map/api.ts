import { useQuery } from '@tanstack/react-query';
import { adminMapSchema, publicMapSchema, type AdminMap, type PublicMap } from '@hivescope/contract';
import { get } from '../../lib/api';

/** The server builds the public map at most once a minute; asking more often brings nothing new. */
export const PUBLIC_MAP_REFRESH_MS = 60_000;
export const ADMIN_MAP_REFRESH_MS = 60_000;

/** GET map/public (anonymous): shifted positions, names, today's change. */
export async function fetchPublicMap(): Promise<PublicMap> {
  return publicMapSchema.parse(await get<unknown>('map/public'));
}

/** GET admin/map (admins): every controller at its true position with its state; filtered in the browser. */
export async function fetchAdminMap(): Promise<AdminMap> {
  return adminMapSchema.parse(await get<unknown>('admin/map'));
}

export function usePublicMap() {
  return useQuery({
    queryKey: ['map', 'public'],
    queryFn: fetchPublicMap,
    refetchInterval: PUBLIC_MAP_REFRESH_MS,
    // asked again whenever the map opens: an opt-in made a moment ago shows (docs/maps.md "Caching")
    staleTime: 0,
  });
}

export function useAdminMap() {
  return useQuery({
    queryKey: ['admin', 'map'],
    queryFn: fetchAdminMap,
    refetchInterval: ADMIN_MAP_REFRESH_MS,
  });
}
