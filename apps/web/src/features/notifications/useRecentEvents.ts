import { useMemo } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { AlarmEvent } from '@hivescope/contract';
import { alarmEventKeys, fetchAlarmEvents } from '../../lib/alarmEvents';

/** The start of every range asked here: before any transmitter reported, so an event counts whatever its age. */
const SINCE = Date.UTC(2000, 0, 1) / 1000;

const ceilSeconds = (iso: string) => Math.ceil(Date.parse(iso) / 1000);

/**
 * The caller's alarm events, newest first, whatever their age, `pageSize` at a time (docs/alarms.md "Recent
 * events"). GET notification/events reads a range (inclusive), so each next page asks up to the oldest event
 * loaded, rounded up to its second: the events of that second come again and are dropped by id. A page that
 * reaches no further back (a full page within one second) ends the list rather than asking for it again.
 */
export function useRecentEvents(pageSize: number) {
  const query = useInfiniteQuery({
    queryKey: [...alarmEventKeys.all, 'recent', pageSize] as const,
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam }) => fetchAlarmEvents({ from: SINCE, to: pageParam, limit: pageSize }),
    getNextPageParam: (last: AlarmEvent[], _all, previous) => {
      if (last.length < pageSize) return undefined;
      const next = ceilSeconds(last.at(-1)!.time);
      return previous !== undefined && next >= previous ? undefined : next;
    },
  });
  const events = useMemo(() => {
    const seen = new Set<number>();
    return (query.data?.pages ?? []).flat().filter((e) => !seen.has(e.id) && seen.add(e.id));
  }, [query.data]);
  return { query, events };
}
