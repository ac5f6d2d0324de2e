import { useState } from 'react';
import { useDebouncedValue } from '@mantine/hooks';
import type { SortOrder } from '@hivescope/contract';

/** Typing pauses this long before the server is asked (docs/api-conventions.md "Lists and pagination"). */
export const SEARCH_DEBOUNCE_MS = 300;

export type ListState<S extends string> = {
  search: string;
  setSearch: (text: string) => void;
  /** the debounced, trimmed search text that goes to the server */
  q: string;
  sort: S;
  order: SortOrder;
  /** a header click: sorts by the column, or flips the order when it is sorted by it already */
  toggleSort: (column: S) => void;
};

/**
 * Search box text and sort of a server-paged table; the query key changes (and paging restarts) with them.
 * `defaultOrder`: the list's first order (`desc` for the newest-first lists of events, jobs and shares).
 */
export function useListState<S extends string>(
  defaultSort: S,
  defaultOrder: SortOrder = 'asc',
): ListState<S> {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const [sort, setSort] = useState<S>(defaultSort);
  const [order, setOrder] = useState<SortOrder>(defaultOrder);
  const toggleSort = (column: S) => {
    if (column === sort) setOrder(order === 'asc' ? 'desc' : 'asc');
    else {
      setSort(column);
      setOrder('asc');
    }
  };
  return { search, setSearch, q: debounced.trim(), sort, order, toggleSort };
}

/** The query of a list state (no `q` when the box is empty). */
export const listParams = <S extends string>({ q, sort, order }: ListState<S>) => ({
  sort,
  order,
  ...(q ? { q } : {}),
});
