import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  forwardingCreatedSchema,
  forwardingListSchema,
  messageResponseSchema,
  type Forwarding,
  type ForwardingCreate,
  type ForwardingCreated,
  type MessageResponse,
} from '@hivescope/contract';
import { api, get, post } from '../../../lib/api';

/** One list per controller channel; a write refreshes only that channel's list. */
export const forwardingKeys = {
  channel: (controllerId: number, channel: number) => ['forwardings', controllerId, channel] as const,
};

const channelPath = (controllerId: number, channel: number) =>
  `controller/${controllerId}/channel/${channel}/forwarding`;

/** GET controller/{id}/channel/{ch}/forwarding → the channel's forwardings (no passwords, no keys). */
export async function fetchForwardings(controllerId: number, channel: number): Promise<Forwarding[]> {
  return forwardingListSchema.parse(await get<unknown>(channelPath(controllerId, channel)));
}

/** POST the same path → { message, forwarding, signingKey }: an http forwarding's key is answered this once. */
export async function createForwarding(
  controllerId: number,
  channel: number,
  body: ForwardingCreate,
): Promise<ForwardingCreated> {
  return forwardingCreatedSchema.parse(await post<unknown>(channelPath(controllerId, channel), body));
}

/** DELETE controller/forwarding/{id} → { message } (toasted by the query client). */
export async function deleteForwarding(id: number): Promise<MessageResponse> {
  return messageResponseSchema.parse(await api<unknown>(`controller/forwarding/${id}`, { method: 'DELETE' }));
}

export function useForwardings(controllerId: number, channel: number) {
  return useQuery({
    queryKey: forwardingKeys.channel(controllerId, channel),
    queryFn: () => fetchForwardings(controllerId, channel),
  });
}

/**
 * A write on one channel's forwardings; the list is read again once it succeeded. `silent`: the screen shows
 * the error itself (the add form puts it under the field).
 */
export function useForwardingMutation<V, R>(
  controllerId: number,
  channel: number,
  mutationFn: (variables: V) => Promise<R>,
  silent = false,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    meta: { silent },
    onSuccess: () => client.invalidateQueries({ queryKey: forwardingKeys.channel(controllerId, channel) }),
  });
}
