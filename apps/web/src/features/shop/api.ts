import {
  shopCatalogueSchema,
  shopOrderAnswerSchema,
  shopOrderStatusSchema,
  shopValidateAnswerSchema,
  type ShopCatalogue,
  type ShopOrderAnswer,
  type ShopOrderRequestInput,
  type ShopOrderStatus,
  type ShopValidateAnswer,
  type ShopValidateRequest,
} from '@hivescope/contract';
import { useQuery } from '@tanstack/react-query';
import { get, post } from '../../lib/api';

/** The shop's calls (docs/shop.md); every answer is parsed with its contract schema. */
export const shopKeys = {
  catalogue: (locale: string) => ['shop', 'catalogue', locale] as const,
  validate: (body: ShopValidateRequest, locale: string) => ['shop', 'validate', locale, body] as const,
  order: (key: string) => ['shop', 'order', key] as const,
};

/** GET shop/config → the public catalogue (names in the request language, prices in centimes). */
export async function fetchCatalogue(): Promise<ShopCatalogue> {
  return shopCatalogueSchema.parse(await get<unknown>('shop/config'));
}

/** POST shop/validate → the server's items and total, or 400 { message, fields } for the cart's problems. */
export async function validateCart(
  body: ShopValidateRequest,
  signal?: AbortSignal,
): Promise<ShopValidateAnswer> {
  return shopValidateAnswerSchema.parse(await post<unknown>('shop/validate', body, signal ? { signal } : {}));
}

/** POST shop/order → the order key and, for card payment, the provider's page. */
export async function placeOrder(body: ShopOrderRequestInput): Promise<ShopOrderAnswer> {
  return shopOrderAnswerSchema.parse(await post<unknown>('shop/order', body));
}

/** GET shop/order/{key} → what the completion page shows. */
export async function fetchOrderStatus(key: string): Promise<ShopOrderStatus> {
  return shopOrderStatusSchema.parse(await get<unknown>(`shop/order/${encodeURIComponent(key)}`));
}

export function useCatalogue(locale: string) {
  return useQuery({ queryKey: shopKeys.catalogue(locale), queryFn: fetchCatalogue });
}

/** The order's status; polled while the provider's report is still outstanding. */
export function useOrderStatus(key: string | null) {
  return useQuery({
    queryKey: shopKeys.order(key ?? ''),
    queryFn: () => fetchOrderStatus(key ?? ''),
    enabled: Boolean(key),
    refetchInterval: (query) => (query.state.data?.payment === 'pending' ? 2000 : false),
  });
}
