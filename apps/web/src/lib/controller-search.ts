import { useQuery } from '@tanstack/react-query';
import { adminControllerPageSchema } from '@hivescope/contract';
import { get } from './api';

/**
 * Controllers matching a picker's search (GET admin/controllers?q, first page by name; admins): how a form
 * chooses among thousands of transmitters (docs/api-conventions.md "Lists and pagination").
 */
export function useControllerSearch(q: string, enabled = true) {
  return useQuery({
    queryKey: ['admin', 'controllers', 'search', q],
    queryFn: async () =>
      adminControllerPageSchema.parse(await get<unknown>('admin/controllers', { query: q ? { q } : {} }))
        .items,
    enabled,
  });
}
