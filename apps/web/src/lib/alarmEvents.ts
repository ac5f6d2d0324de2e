import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { alarmEventListSchema, type AlarmEvent } from '@hivescope/contract';
import { get } from './api';

/**
 * GET notification/events — the alarm events the caller may see (docs/alarms.md). Read by Settings →
 * Notifications (recent events) and by the timeline (markers), hence here.
 */
export type AlarmEventQuery = {
  /** one controller; without it every controller the caller may see */
  idcontroller?: number;
  /** epoch seconds; without them the server's default (the last 30 days) */
  from?: number;
  to?: number;
  /** the newest this many of the range (server default and maximum: 500) */
  limit?: number;
};

export const alarmEventKeys = {
  all: ['alarmEvents'] as const,
  list: (q: AlarmEventQuery) => ['alarmEvents', q] as const,
};

const iso = (epoch: number | undefined) =>
  epoch === undefined ? undefined : new Date(epoch * 1000).toISOString();

/**
 * The events newest first (at most 500, the server's limit: a range read, not a paged list;
 * docs/api-conventions.md "Lists and pagination").
 */
export async function fetchAlarmEvents(q: AlarmEventQuery): Promise<AlarmEvent[]> {
  const query = { idcontroller: q.idcontroller, from: iso(q.from), to: iso(q.to), limit: q.limit };
  return alarmEventListSchema.parse(await get<unknown>('notification/events', { query }));
}

/**
 * The events of `q`; null: none asked for. The previous answer stays while another range loads. `silent`:
 * a failure shows no toast (the chart's markers are an extra; the chart itself still shows).
 */
export function useAlarmEvents(q: AlarmEventQuery | null, silent = false) {
  return useQuery({
    queryKey: alarmEventKeys.list(q ?? {}),
    queryFn: () => fetchAlarmEvents(q ?? {}),
    enabled: q !== null,
    placeholderData: keepPreviousData,
    meta: { silent },
  });
}
