import { useQuery } from '@tanstack/react-query';
import { appConfigSchema, type AppConfig } from '@hivescope/contract';
import { get } from './api';

export type { AppConfig };

/** GET /api/app/config: the brand chosen from the request host, the build revision, demo mode, map tiles. */
export async function fetchAppConfig(): Promise<AppConfig> {
  return appConfigSchema.parse(await get<unknown>('app/config'));
}

export function useAppConfig() {
  return useQuery({
    queryKey: ['app', 'config'],
    queryFn: fetchAppConfig,
    staleTime: Infinity,
    meta: { silent: true },
  });
}
