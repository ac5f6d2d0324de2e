import { z } from 'zod';
import { useQuery } from '@tanstack/react-query';
import { get } from './api';

/** GET /api/app/config: the brand chosen from the request host, the build revision, demo mode. */
export const appConfigSchema = z.object({
  brand: z.union([z.literal(1), z.literal(2)]),
  buildRevision: z.string(),
  demo: z.boolean(),
});
export type AppConfig = z.infer<typeof appConfigSchema>;

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
