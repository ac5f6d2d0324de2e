import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  alarmEventPageSchema,
  alarmEventSchema,
  controllerAlarmSettingsSchema,
  globalSettingsSchema,
  messageResponseSchema,
  notificationChannelCreatedSchema,
  notificationChannelListSchema,
  type AdminEventListSort,
  type AlarmDelivery,
  type AlarmEvent,
  type AlarmEventPage,
  type AlarmType,
  type ControllerAlarmSettings,
  type GlobalSettings,
  type MessageResponse,
  type NotificationChannel,
  type NotificationChannelCreate,
  type NotificationType,
  type ListParams,
} from '@hivescope/contract';
import { api, get, post } from '../../lib/api';
import { alarmEventKeys } from '../../lib/alarmEvents';
import { usePagedList } from '../../lib/pages';

export const notificationKeys = {
  channels: ['notification', 'channels'] as const,
  settings: (controllerId: number) => ['notification', 'settings', controllerId] as const,
  adminEvents: (query: AdminEventQuery) => ['admin', 'notifications', query] as const,
  adminEventsAll: ['admin', 'notifications'] as const,
  globalSettings: ['admin', 'settings'] as const,
};

const parseMessage = async (answer: Promise<unknown>): Promise<MessageResponse> =>
  messageResponseSchema.parse(await answer);

// ---------- channels ----------

/** GET notification → the caller's channels. */
export async function fetchChannels(): Promise<NotificationChannel[]> {
  return notificationChannelListSchema.parse(await get<unknown>('notification'));
}

export function useChannels() {
  return useQuery({ queryKey: notificationKeys.channels, queryFn: fetchChannels });
}

/** POST notification { type, address } → { id, message }; a confirmation mail or SMS goes out. */
export async function createChannel(body: NotificationChannelCreate) {
  return notificationChannelCreatedSchema.parse(await post<unknown>('notification', body));
}

export const removeChannel = (id: number) => parseMessage(post<unknown>(`notification/${id}/remove`));
export const testChannel = (id: number) => parseMessage(post<unknown>(`notification/${id}/test`));
export const resendConfirmation = (id: number) => parseMessage(post<unknown>(`notification/${id}/resend`));
export const confirmCode = ({ id, code }: { id: number; code: string }) =>
  parseMessage(post<unknown>(`notification/${id}/confirm`, { code }));

/** POST notification/confirm { token }: the link of the confirmation mail; works without a session. */
export const confirmToken = (token: string) =>
  parseMessage(
    post<unknown>('notification/confirm', { token }, { shareToken: false, handleUnauthorized: true }),
  );

/** A change of a channel: the list is read again (the cache toasts the message). */
export function useChannelMutation<V, R>(mutationFn: (variables: V) => Promise<R>, silent = false) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    meta: { silent },
    onSuccess: () => client.invalidateQueries({ queryKey: notificationKeys.channels }),
  });
}

// ---------- per controller ----------

/** GET notification/settings?idcontroller → types chosen, alarm window, remaining notifications. */
export async function fetchAlarmSettings(controllerId: number): Promise<ControllerAlarmSettings> {
  const answer = await get<unknown>('notification/settings', { query: { idcontroller: controllerId } });
  return controllerAlarmSettingsSchema.parse(answer);
}

export function useAlarmSettings(controllerId: number) {
  return useQuery({
    queryKey: notificationKeys.settings(controllerId),
    queryFn: () => fetchAlarmSettings(controllerId),
  });
}

/** POST notification/settings?idcontroller { types } → { message } ("Erfolgreich gespeichert."). */
export function useSaveAlarmTypes(controllerId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (types: NotificationType[]) =>
      parseMessage(
        post<unknown>('notification/settings', { types }, { query: { idcontroller: controllerId } }),
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: notificationKeys.settings(controllerId) }),
  });
}

/** GET notification/event/{id}: one event the caller may read (the SMS's short link `/alarm/{id}`). */
export function useAlarmEvent(id: number) {
  return useQuery({
    queryKey: ['alarmEvents', 'one', id] as const,
    queryFn: async (): Promise<AlarmEvent> =>
      alarmEventSchema.parse(await get<unknown>(`notification/event/${id}`)),
    enabled: Number.isInteger(id) && id > 0,
    meta: { silent: true },
  });
}

// ---------- admin: all events ----------

/** Search, sort and filters of /a/notifications (docs/api-conventions.md "Lists and pagination"). */
export type AdminEventQuery = Omit<ListParams<AdminEventListSort>, 'cursor' | 'limit'> & {
  type?: AlarmType;
  idcontroller?: number;
  delivery?: AlarmDelivery;
};

/** GET admin/notifications → one page, newest reading first unless sorted otherwise. */
export async function fetchAdminEvents(
  query: AdminEventQuery & { cursor?: string },
): Promise<AlarmEventPage> {
  return alarmEventPageSchema.parse(await get<unknown>('admin/notifications', { query }));
}

/** The pages loaded so far for this search, sort and filter; "Load more" asks for the next. */
export function useAdminEvents(query: AdminEventQuery) {
  return usePagedList(notificationKeys.adminEvents(query), (cursor) =>
    fetchAdminEvents({ ...query, cursor }),
  );
}

/** DELETE notifications/{id} → { message }; every list of events is read again. */
export function useDeleteEvent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => parseMessage(api<unknown>(`notifications/${id}`, { method: 'DELETE' })),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: notificationKeys.adminEventsAll }),
        client.invalidateQueries({ queryKey: alarmEventKeys.all }),
      ]),
  });
}

// ---------- admin: global settings ----------

/** GET admin/settings → the activity alarm's global settings. */
export function useGlobalSettings() {
  return useQuery({
    queryKey: notificationKeys.globalSettings,
    queryFn: async () => globalSettingsSchema.parse(await get<unknown>('admin/settings')),
  });
}

/** POST admin/settings (all six) → { message }. */
export function useSaveGlobalSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: GlobalSettings) => parseMessage(post<unknown>('admin/settings', body)),
    onSuccess: () => client.invalidateQueries({ queryKey: notificationKeys.globalSettings }),
  });
}
