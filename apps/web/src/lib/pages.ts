import { keepPreviousData, useInfiniteQuery, type QueryKey } from '@tanstack/react-query';
import type { Page } from '@hivescope/contract';

/**
 * A server-paged list (docs/api-conventions.md "Lists and pagination"): the pages loaded so far, flattened;
 * "load more" asks for the page after the last one's `nextCursor`. A new key (search, sort) starts over.
 * `poll`: how often to read the loaded pages again, given their rows (false: not now; the jobs lists poll
 * while a job runs).
 */
export function usePagedList<T>(
  queryKey: QueryKey,
  fetchPage: (cursor: string | undefined) => Promise<Page<T>>,
  enabled = true,
  poll?: (rows: T[]) => number | false,
) {
  const query = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam }) => fetchPage(pageParam ?? undefined),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled,
    refetchInterval: poll ? (q) => poll(q.state.data?.pages.flatMap((p) => p.items) ?? []) : false,
    // a new search or sort keeps the old rows on screen until its first page arrives (no flicker)
    placeholderData: keepPreviousData,
  });
  const rows = query.data?.pages.flatMap((p) => p.items) ?? [];
  return { query, rows };
}

/** Every page of a list, for the rare caller that needs all of it (e.g. an affiliation's members). */
export async function fetchAllPages<T>(fetchPage: (cursor: string | undefined) => Promise<Page<T>>) {
  const rows: T[] = [];
  let cursor: string | undefined;
  do {
    const page = await fetchPage(cursor);
    rows.push(...page.items);
    cursor = page.nextCursor ?? undefined;
  } while (cursor !== undefined);
  return rows;
}
