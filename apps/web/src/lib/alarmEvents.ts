import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { alarmEventListSchema, type AlarmEvent, type AlarmEventQuery } from '@hivescope/contract';
import { get } from './api';

/**
 * GET notification/events — the alarm events the caller may see (docs/alarms.md). Read by Settings →
 * Notifications (recent events) and by the timeline (markers), hence here.
 *
 * The screens ask with the contract's query (AlarmEventQuery: one controller or all, the newest `limit` of
 * the range), every field optional, but the range in epoch seconds as the charts hold it; without a range the
 * server's default (the last 30 days).
 */
export type EpochAlarmEventQuery = Partial<Omit<AlarmEventQuery, 'from' | 'to'>> & {
  [K in keyof Pick<AlarmEventQuery, 'from' | 'to'>]?: number;
};

export const alarmEventKeys = {
  all: ['alarmEvents'] as const,
  list: (q: EpochAlarmEventQuery) => ['alarmEvents', q] as const,
};

const iso = (epoch: number | undefined) =>
  epoch === undefined ? undefined : new Date(epoch * 1000).toISOString();

/**
 * The events newest first (at most 500, the server's limit: a range read, not a paged list;
 * docs/api-conventions.md "Lists and pagination").
 */
export async function fetchAlarmEvents(q: EpochAlarmEventQuery): Promise<AlarmEvent[]> {
  // every field of the contract's query: one it adds or renames does not compile until it is passed on here
  const query: Record<keyof AlarmEventQuery, string | number | undefined> = {
    idcontroller: q.idcontroller,
    from: iso(q.from),
    to: iso(q.to),
    limit: q.limit,
  };
  return alarmEventListSchema.parse(await get<unknown>('notification/events', { query }));
}

/**
 * The events of `q`; null: none asked for. The previous answer stays while another range loads. `silent`:
 * a failure shows no toast (the chart's markers are an extra; the chart itself still shows).
 */
export function useAlarmEvents(q: EpochAlarmEventQuery | null, silent = false) {
  return useQuery({
    queryKey: alarmEventKeys.list(q ?? {}),
    queryFn: () => fetchAlarmEvents(q ?? {}),
    enabled: q !== null,
    placeholderData: keepPreviousData,
    meta: { silent },
  });
}
