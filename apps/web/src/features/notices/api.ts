import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  noticePageSchema,
  noticeReachSchema,
  noticeRegionListSchema,
  noticeSentSchema,
  type ChannelType,
  type NoticeCreate,
  type NoticePage,
  type NoticeReach,
  type NoticeRegion,
  type NoticeSent,
} from '@hivescope/contract';
import { get, post } from '../../lib/api';

export const noticeKeys = {
  regions: ['admin', 'affiliateNotification', 'regions'] as const,
  history: (affiliationId: number | null) =>
    ['admin', 'affiliateNotification', 'history', affiliationId] as const,
  historyAll: ['admin', 'affiliateNotification', 'history'] as const,
};

/** While deliveries are pending the history is read again this often (the progress of a sending). */
const PROGRESS_POLL_MS = 3000;

/** GET admin/affiliateNotification/regions → the regions the caller may choose (global and own). */
export async function fetchNoticeRegions(): Promise<NoticeRegion[]> {
  return noticeRegionListSchema.parse(await get<unknown>('admin/affiliateNotification/regions'));
}

export function useNoticeRegions() {
  return useQuery({ queryKey: noticeKeys.regions, queryFn: fetchNoticeRegions });
}

/** GET admin/affiliateNotification/recipients → how many a notice would reach (nothing is sent). */
export async function fetchReach(regionIds: number[], channelTypes: ChannelType[]): Promise<NoticeReach> {
  const query = { regionIds: regionIds.join(','), channelTypes: channelTypes.join(',') };
  return noticeReachSchema.parse(await get<unknown>('admin/affiliateNotification/recipients', { query }));
}

/** GET admin/affiliateNotification → one page of the history, newest first. */
export async function fetchHistory(affiliationId: number | null, before?: number): Promise<NoticePage> {
  const query = { affiliationId: affiliationId ?? undefined, before };
  return noticePageSchema.parse(await get<unknown>('admin/affiliateNotification', { query }));
}

/** The history of one affiliation (null: all, admins), page by page; polled while anything is pending. */
export function useNoticeHistory(affiliationId: number | null, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: noticeKeys.history(affiliationId),
    queryFn: ({ pageParam }) => fetchHistory(affiliationId, pageParam),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.next ?? undefined,
    enabled,
    refetchInterval: (query) =>
      query.state.data?.pages.some((p) => p.notices.some((n) => n.deliveries.pending > 0))
        ? PROGRESS_POLL_MS
        : false,
  });
}

/** POST admin/affiliateNotification → { id, reach, message }; the history is read again. */
export async function sendNotice(body: NoticeCreate): Promise<NoticeSent> {
  return noticeSentSchema.parse(await post<unknown>('admin/affiliateNotification', body));
}

export function useSendNotice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendNotice,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: noticeKeys.historyAll }),
  });
}
