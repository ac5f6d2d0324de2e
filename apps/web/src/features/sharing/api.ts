import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  messageResponseSchema,
  shareCreateResponseSchema,
  sharePageSchema,
  shareViewSchema,
  type ListParams,
  type MessageResponse,
  type ShareCreateInput,
  type ShareCreateResponse,
  type ShareListSort,
  type SharePage,
  type ShareType,
  type ShareView,
} from '@hivescope/contract';
import { api, get, post } from '../../lib/api';
import { usePagedList } from '../../lib/pages';

/** Search, sort and type filter of the shares table (docs/api-conventions.md "Lists and pagination"). */
export type ShareListQuery = Omit<ListParams<ShareListSort>, 'cursor' | 'limit'> & { type?: ShareType };

export const sharingKeys = {
  all: ['shares'] as const,
  list: (params: ShareListQuery) => ['shares', 'list', params] as const,
  view: ['share-view'] as const,
};

/** GET share → one page of the caller's shares (their tokens are not stored, so not listed). */
export async function fetchShares(params: ShareListQuery & { cursor?: string }): Promise<SharePage> {
  return sharePageSchema.parse(await get<unknown>('share', { query: params, shareToken: false }));
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

/** The pages of the caller's shares loaded so far, for this search, sort and type. */
export function useShares(params: ShareListQuery) {
  return usePagedList(sharingKeys.list(params), (cursor) => fetchShares({ ...params, cursor }));
}

export function useShareMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sharingKeys.all }),
  });
}
