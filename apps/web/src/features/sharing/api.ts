import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  messageResponseSchema,
  shareCreateResponseSchema,
  shareListSchema,
  shareViewSchema,
  type MessageResponse,
  type Share,
  type ShareCreateInput,
  type ShareCreateResponse,
  type ShareView,
} from '@hivescope/contract';
import { api, get, post } from '../../lib/api';

export const sharingKeys = { all: ['shares'] as const, view: ['share-view'] as const };

/** GET share → the caller's shares (their tokens are not stored, so not listed). */
export async function fetchShares(): Promise<Share[]> {
  return shareListSchema.parse(await get<unknown>('share', { shareToken: false }));
}

/** POST share → { message, share, token, url }: the link is answered once. */
export async function createShare(body: ShareCreateInput): Promise<ShareCreateResponse> {
  return shareCreateResponseSchema.parse(await post<unknown>('share', body, { shareToken: false }));
}

/** DELETE share/{id} → { message }; its link stops working at once. */
export async function deleteShare(id: number): Promise<MessageResponse> {
  return messageResponseSchema.parse(
    await api<unknown>(`share/${id}`, { method: 'DELETE', shareToken: false }),
  );
}

/** GET share/view with the page's token (X-Share-Token): what a shared page draws. */
export async function fetchShareView(): Promise<ShareView> {
  return shareViewSchema.parse(await get<unknown>('share/view'));
}

export function useShares() {
  return useQuery({ queryKey: sharingKeys.all, queryFn: fetchShares });
}

export function useShareMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sharingKeys.all }),
  });
}
