import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  messageResponseSchema,
  muteListSchema,
  type MessageResponse,
  type Mute,
  type NotificationType,
} from '@hivescope/contract';
import { get, post } from './api';

/**
 * Mutes of a controller's alarm types (docs/alarms.md): read and changed from the dashboard tiles and from
 * Settings → Notifications, so the reads live here and both screens share one cache entry per controller.
 */
export const muteKeys = {
  all: ['mutes'] as const,
  controller: (controllerId: number) => ['mutes', controllerId] as const,
};

/** A mute ends by itself: the list is read again every minute so that an ended one disappears. */
const MUTE_REFRESH_MS = 60_000;

/** GET notification/mute?idcontroller → the running mutes. */
export async function fetchMutes(controllerId: number): Promise<Mute[]> {
  return muteListSchema.parse(
    await get<unknown>('notification/mute', { query: { idcontroller: controllerId } }),
  );
}

export function useMutes(controllerId: number, enabled = true) {
  return useQuery({
    queryKey: muteKeys.controller(controllerId),
    queryFn: () => fetchMutes(controllerId),
    enabled,
    refetchInterval: MUTE_REFRESH_MS,
    // read every minute on the dashboard: a failure shows no mutes rather than a toast each time
    meta: { silent: true },
  });
}

/** The running mute of a type (end still ahead of `now`), if any. */
export function activeMute(mutes: Mute[] | undefined, type: NotificationType, now: Date): Mute | null {
  return mutes?.find((m) => m.notificationType === type && Date.parse(m.endDate) > now.getTime()) ?? null;
}

export type MuteRequest = { controllerId: number; type: NotificationType; hours: number };

/** POST notification/mute?idcontroller&notificationType&enddate (end = now + hours). */
export async function muteAlarm({ controllerId, type, hours }: MuteRequest): Promise<MessageResponse> {
  const enddate = new Date(Date.now() + hours * 3_600_000).toISOString();
  const query = { idcontroller: controllerId, notificationType: type, enddate };
  return messageResponseSchema.parse(await post<unknown>('notification/mute', undefined, { query }));
}

/** POST notification/unmute?idcontroller&notificationType. */
export async function unmuteAlarm({
  controllerId,
  type,
}: Omit<MuteRequest, 'hours'>): Promise<MessageResponse> {
  const query = { idcontroller: controllerId, notificationType: type };
  return messageResponseSchema.parse(await post<unknown>('notification/unmute', undefined, { query }));
}

/** Mute and unmute; the controller's mutes are read again afterwards (the cache toasts the message). */
export function useMuteMutations() {
  const client = useQueryClient();
  const refresh = (v: { controllerId: number }) =>
    client.invalidateQueries({ queryKey: muteKeys.controller(v.controllerId) });
  const mute = useMutation({ mutationFn: muteAlarm, onSuccess: (_r, v) => refresh(v) });
  const unmute = useMutation({ mutationFn: unmuteAlarm, onSuccess: (_r, v) => refresh(v) });
  return { mute, unmute };
}
