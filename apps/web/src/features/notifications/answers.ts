import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  alarmAnswerSavedSchema,
  alarmAnswerViewSchema,
  alarmPrecisionSchema,
  type AlarmAnswer,
  type AlarmAnswerView,
  type AlarmPrecision,
} from '@hivescope/contract';
import { get, post } from '../../lib/api';
import { alarmEventKeys } from '../../lib/alarmEvents';
import { notificationKeys } from './api';

/** Answers to alarms (docs/alarms.md "Answers"): the owner's in the app, the mail link's page, the admin's precision. */

const precisionKey = ['admin', 'notifications', 'precision'] as const;

/** POST notification/events/{id}/answer { answer }: the owner's answer; every list of events is read again. */
export function useAnswerEvent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, answer }: { id: number; answer: AlarmAnswer }) =>
      alarmAnswerSavedSchema.parse(await post<unknown>(`notification/events/${id}/answer`, { answer })),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: alarmEventKeys.all }),
        client.invalidateQueries({ queryKey: notificationKeys.adminEventsAll }),
      ]),
  });
}

/** GET alarm-answer?token: the event behind a mail's link (no session; records nothing). */
export function useAnswerView(token: string, enabled: boolean) {
  return useQuery({
    queryKey: ['alarmAnswer', token] as const,
    queryFn: async (): Promise<AlarmAnswerView> =>
      alarmAnswerViewSchema.parse(
        await get<unknown>('alarm-answer', {
          query: { token },
          shareToken: false,
          handleUnauthorized: true,
        }),
      ),
    enabled,
    retry: false,
    meta: { silent: true },
  });
}

/** POST alarm-answer { token, answer }: the page's button; the page shows the outcome itself. */
export function useAnswerByToken() {
  return useMutation({
    mutationFn: async (body: { token: string; answer: AlarmAnswer }) =>
      alarmAnswerSavedSchema.parse(
        await post<unknown>('alarm-answer', body, { shareToken: false, handleUnauthorized: true }),
      ),
    meta: { silent: true },
  });
}

/** GET admin/notifications/precision: answered yes / no and precision per type. */
export function useAlarmPrecision() {
  return useQuery({
    queryKey: precisionKey,
    queryFn: async (): Promise<AlarmPrecision> =>
      alarmPrecisionSchema.parse(await get<unknown>('admin/notifications/precision')),
  });
}
