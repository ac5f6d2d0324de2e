import {
  messageResponseSchema,
  shopConfigAdminSchema,
  shopConfigSaveAnswerSchema,
  shopMailPreviewSchema,
  shopOrderDetailSchema,
  shopOrderPageSchema,
  type ListParams,
  type MessageResponse,
  type ShopConfigAdmin,
  type ShopConfigSaveAnswer,
  type ShopMailPreview,
  type ShopOrderDetail,
  type ShopOrderEdit,
  type ShopOrderListSort,
  type ShopOrderPage,
  type ShopOrderState,
} from '@hivescope/contract';
import { useQuery } from '@tanstack/react-query';
import { get, post } from '../../../lib/api';
import { usePagedList } from '../../../lib/pages';

/** The order administration and the shop config versions (docs/shop.md "Order administration"), admins only. */

export type OrderListQuery = Omit<ListParams<ShopOrderListSort>, 'cursor' | 'limit'> & {
  state?: ShopOrderState;
};

export const shopAdminKeys = {
  all: ['shop', 'admin'] as const,
  orders: (params: OrderListQuery) => ['shop', 'admin', 'orders', params] as const,
  order: (id: number) => ['shop', 'admin', 'order', id] as const,
  config: (version: number | null) => ['shop', 'admin', 'config', version] as const,
};

/** GET shop/orders → one page of orders. */
export async function fetchOrders(params: OrderListQuery & { cursor?: string }): Promise<ShopOrderPage> {
  return shopOrderPageSchema.parse(await get<unknown>('shop/orders', { query: params }));
}

export function useOrders(params: OrderListQuery) {
  return usePagedList(shopAdminKeys.orders(params), (cursor) => fetchOrders({ ...params, cursor }));
}

/** GET shop/orders/{id} → the whole order with its events. */
export function useOrder(id: number | null) {
  return useQuery({
    queryKey: shopAdminKeys.order(id ?? -1),
    queryFn: async (): Promise<ShopOrderDetail> =>
      shopOrderDetailSchema.parse(await get<unknown>(`shop/orders/${id ?? -1}`)),
    enabled: id !== null,
  });
}

/** POST shop/orders/{id} with the changed fields → { message }. */
export async function saveOrder(id: number, edit: ShopOrderEdit): Promise<MessageResponse> {
  return messageResponseSchema.parse(await post<unknown>(`shop/orders/${id}`, edit));
}

export const ORDER_ACTIONS = [
  'resendConfirmation',
  'activatePrepay',
  'sendOffer',
  'sendTemplate',
  'clear',
  'requestAdvance',
  'releaseOrder',
] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];

/** What sendTemplate mails: a stored template of the shop config, the admin's text, or both. */
export type TemplateChoice = { templateId?: string | undefined; text?: string | undefined };

const templateBody = (opts: TemplateChoice) => ({
  ...(opts.templateId ? { templateId: opts.templateId } : {}),
  ...(opts.text ? { sendTemplate: opts.text } : {}),
});

/** POST shop/orders/{id}/{action}[?commissionerIndex] with the optional text (and template) → { message }. */
export async function runOrderAction(
  id: number,
  action: OrderAction,
  opts: TemplateChoice & { commissionerIndex?: number } = {},
): Promise<MessageResponse> {
  const body = templateBody(opts);
  const query =
    opts.commissionerIndex === undefined ? undefined : { commissionerIndex: opts.commissionerIndex };
  return messageResponseSchema.parse(
    await post<unknown>(`shop/orders/${id}/${action}`, body, query ? { query } : {}),
  );
}

/** POST shop/orders/{id}/sendTemplate/preview → the mail as it would go out (nothing is sent). */
export async function previewTemplate(id: number, choice: TemplateChoice): Promise<ShopMailPreview> {
  return shopMailPreviewSchema.parse(
    await post<unknown>(`shop/orders/${id}/sendTemplate/preview`, templateBody(choice)),
  );
}

/** GET shop/configAdmin[?version] → the YAML of a version (the active one without `version`) and all versions. */
export function useShopConfigAdmin(version: number | null) {
  return useQuery({
    queryKey: shopAdminKeys.config(version),
    queryFn: async (): Promise<ShopConfigAdmin> =>
      shopConfigAdminSchema.parse(
        await get<unknown>('shop/configAdmin', version === null ? {} : { query: { version } }),
      ),
  });
}

/** POST shop/config { config } → the new version, or 400 { message, errors: [{ path, line, message }] }. */
export async function saveShopConfig(config: string): Promise<ShopConfigSaveAnswer> {
  return shopConfigSaveAnswerSchema.parse(await post<unknown>('shop/config', { config }));
}
