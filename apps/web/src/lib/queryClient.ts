import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import {
  QUERY_CACHE_MS,
  QUERY_RETRIES,
  QUERY_RETRY_BASE_MS,
  QUERY_RETRY_MAX_MS,
  messageResponseSchema,
} from '@hivescope/contract';
import { isApiError } from './api';

/** Extra per-query/mutation options: `meta: { silent: true }` when the screen shows the outcome itself. */
export type RequestMeta = { silent?: boolean };

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: RequestMeta;
    mutationMeta: RequestMeta;
  }
}

/** Backoff doubling from 1 s up to 30 s (docs/product.md §9). `attempt` counts from 0. */
export function retryDelay(attempt: number): number {
  return Math.min(QUERY_RETRY_BASE_MS * 2 ** attempt, QUERY_RETRY_MAX_MS);
}

/** Up to 3 retries; a 4xx answer (bad input, not allowed, not found) is never retried. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < QUERY_RETRIES;
}

export type Toasts = { error: (message: string) => void; success: (message: string) => void };

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** One client per app: 5 min cache, retries as above, server messages shown as toasts. */
export function createQueryClient(toasts: Toasts): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (!query.meta?.silent) toasts.error(messageOf(error));
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _vars, _ctx, mutation) => {
        if (!mutation.meta?.silent) toasts.error(messageOf(error));
      },
      onSuccess: (data, _vars, _ctx, mutation) => {
        const parsed = messageResponseSchema.safeParse(data);
        if (parsed.success && !mutation.meta?.silent) toasts.success(parsed.data.message);
      },
    }),
    defaultOptions: {
      queries: { staleTime: QUERY_CACHE_MS, gcTime: QUERY_CACHE_MS, retry: shouldRetry, retryDelay },
      mutations: { retry: false },
    },
  });
}
