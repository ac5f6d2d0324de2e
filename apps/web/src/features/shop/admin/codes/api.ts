import {
  messageResponseSchema,
  promoCodeDetailSchema,
  promoCodePageSchema,
  renewalCodeDetailSchema,
  renewalCodePageSchema,
  shopCodeCreatedSchema,
  type ListParams,
  type MessageResponse,
  type PromoCodeCreate,
  type PromoCodeDetail,
  type PromoCodeEdit,
  type RenewalCodeCreateInput,
  type RenewalCodeDetail,
  type RenewalCodeEdit,
  type ShopCodeCreated,
  type ShopCodeListSort,
} from '@hivescope/contract';
import { useQuery } from '@tanstack/react-query';
import { get, post } from '../../../../lib/api';
import { usePagedList } from '../../../../lib/pages';

/** The codes administration (docs/shop.md "Codes"), admins only: promo codes and renewal codes. */

export type CodeKind = 'promo' | 'renewal';
export type CodeListQuery = Omit<ListParams<ShopCodeListSort>, 'cursor' | 'limit'>;

const PATH: Record<CodeKind, string> = { promo: 'shop/promoCodes', renewal: 'shop/renewalCodes' };

export const codeKeys = {
  all: ['shop', 'admin', 'codes'] as const,
  list: (kind: CodeKind, params: CodeListQuery) => ['shop', 'admin', 'codes', kind, 'list', params] as const,
  one: (kind: CodeKind, id: number) => ['shop', 'admin', 'codes', kind, id] as const,
};

/** GET shop/promoCodes → pages of promo codes. */
export function usePromoCodes(params: CodeListQuery) {
  return usePagedList(codeKeys.list('promo', params), async (cursor) =>
    promoCodePageSchema.parse(await get<unknown>(PATH.promo, { query: { ...params, cursor } })),
  );
}

/** GET shop/renewalCodes → pages of renewal codes. */
export function useRenewalCodes(params: CodeListQuery) {
  return usePagedList(codeKeys.list('renewal', params), async (cursor) =>
    renewalCodePageSchema.parse(await get<unknown>(PATH.renewal, { query: { ...params, cursor } })),
  );
}

/**
 * One code, read anew each time it is opened (staleTime 0): customers use and redeem codes outside this
 * screen, so a cached copy would hide their latest uses and redemptions.
 */
export function usePromoCode(id: number) {
  return useQuery({
    staleTime: 0,
    queryKey: codeKeys.one('promo', id),
    queryFn: async (): Promise<PromoCodeDetail> =>
      promoCodeDetailSchema.parse(await get<unknown>(`${PATH.promo}/${id}`)),
  });
}

export function useRenewalCode(id: number) {
  return useQuery({
    staleTime: 0,
    queryKey: codeKeys.one('renewal', id),
    queryFn: async (): Promise<RenewalCodeDetail> =>
      renewalCodeDetailSchema.parse(await get<unknown>(`${PATH.renewal}/${id}`)),
  });
}

export async function createPromoCode(body: PromoCodeCreate): Promise<ShopCodeCreated> {
  return shopCodeCreatedSchema.parse(await post<unknown>(PATH.promo, body));
}

export async function createRenewalCode(body: RenewalCodeCreateInput): Promise<ShopCodeCreated> {
  return shopCodeCreatedSchema.parse(await post<unknown>(PATH.renewal, body));
}

export async function editCode(
  kind: CodeKind,
  id: number,
  edit: PromoCodeEdit | RenewalCodeEdit,
): Promise<MessageResponse> {
  return messageResponseSchema.parse(await post<unknown>(`${PATH[kind]}/${id}`, edit));
}

export async function deactivateCode(kind: CodeKind, id: number): Promise<MessageResponse> {
  return messageResponseSchema.parse(await post<unknown>(`${PATH[kind]}/${id}/deactivate`, {}));
}
