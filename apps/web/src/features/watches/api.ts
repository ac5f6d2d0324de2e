import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  messageResponseSchema,
  watchCodeResponseSchema,
  watchSaveResponseSchema,
  watchSchema,
  type MessageResponse,
  type Watch,
  type WatchCreate,
} from '@hivescope/contract';
import { api, get, post } from '../../lib/api';
import { controllerKeys } from '../../lib/controllers';

const watchesSchema = z.array(watchSchema);
type WatchCodeResponse = z.infer<typeof watchCodeResponseSchema>;
type WatchSaveResponse = z.infer<typeof watchSaveResponseSchema>;

export const watchesKeys = { all: ['watches'] as const };

/** GET controller/watches → the controllers the caller watches (read-only). */
export async function fetchWatches(): Promise<Watch[]> {
  return watchesSchema.parse(await get<unknown>('controller/watches'));
}

/** POST controller/watches { code } → { message, watch }; unknown code → 404 "The transmitter was not found". */
export async function addWatch(body: WatchCreate): Promise<WatchSaveResponse> {
  return watchSaveResponseSchema.parse(await post<unknown>('controller/watches', body));
}

/** DELETE controller/watches/{code} → { message }. */
export async function removeWatch(code: string): Promise<MessageResponse> {
  const answer = await api<unknown>(`controller/watches/${encodeURIComponent(code)}`, { method: 'DELETE' });
  return messageResponseSchema.parse(answer);
}

/** POST controller/{id}/watchcode/renew (owner) → { message, watchCode }; earlier watchers lose the watch. */
export async function renewWatchCode(controllerId: number): Promise<WatchCodeResponse> {
  return watchCodeResponseSchema.parse(await post<unknown>(`controller/${controllerId}/watchcode/renew`));
}

export function useWatches() {
  return useQuery({ queryKey: watchesKeys.all, queryFn: fetchWatches });
}

/** Watches change what GET controller answers (watched controllers are listed read-only), so both refresh. */
function useWatchMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: watchesKeys.all }),
        queryClient.invalidateQueries({ queryKey: controllerKeys.all }),
      ]),
  });
}

export const useAddWatch = () => useWatchMutation(addWatch);
export const useRemoveWatch = () => useWatchMutation(removeWatch);
export const useRenewWatchCode = () => useWatchMutation(renewWatchCode);
