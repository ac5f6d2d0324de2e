import { renewalRedeemAnswerSchema, type Controller, type RenewalRedeemAnswer } from '@hivescope/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from './api';
import { controllerKeys } from './controllers';

/**
 * What the code field shows while typing: letters and digits in upper case, grouped XXXX-XXXX-XXXX-XXXX
 * (spec §5 order key). Anything else typed or pasted (spaces, dashes) is dropped; the server checks the rest.
 */
export function formatRenewalCode(input: string): string {
  const chars = input
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .slice(0, 16);
  return (chars.match(/.{1,4}/g) ?? []).join('-');
}

/** Only the owner redeems a code on a controller (the server refuses admins and watchers too). */
export function canRenew(controller: Pick<Controller, 'owner'>, userId: number | undefined): boolean {
  return userId !== undefined && controller.owner?.userId === userId;
}

/** POST controller/{id}/renew { code } → { message, subscriptionEnd, usesRemaining } (docs/shop.md). */
export async function redeemRenewalCode(id: number, code: string): Promise<RenewalRedeemAnswer> {
  return renewalRedeemAnswerSchema.parse(await post<unknown>(`controller/${id}/renew`, { code }));
}

/**
 * The redemption as a mutation, and `refresh` to reload the controllers afterwards. The dialog refreshes when it
 * closes rather than on success: on the dashboard a renewed controller is no longer expired, and reloading at
 * once would remove the tile's dialog before it shows the new end.
 */
export function useRenewal(controllerId: number) {
  const queryClient = useQueryClient();
  const mutation = useMutation({ mutationFn: (code: string) => redeemRenewalCode(controllerId, code) });
  const refresh = () => queryClient.invalidateQueries({ queryKey: controllerKeys.all });
  return { mutation, refresh };
}
