import { z } from 'zod';
import { listQuerySchema, pageSchema } from '../list';
import { SHOP_COMMENT_MAX, shopAddressSchema, shopValidateAnswerSchema } from './cart';
import { shopOrderStateSchema, shopPaymentMethodSchema, shopPaymentStateSchema } from './order';

/**
 * Order administration at /shop/admin (admins; docs/shop.md "Order administration"): the paged list, one
 * order with its audit trail, the edit and the seven actions of spec §4. Money in centimes.
 */

/** Sorts of GET shop/orders (docs/api-conventions.md "Lists and pagination"). */
export const SHOP_ORDER_LIST_SORTS = ['createdAt', 'total'] as const;
export type ShopOrderListSort = (typeof SHOP_ORDER_LIST_SORTS)[number];

/** GET shop/orders: a page of orders, filtered by state, searched by key, email, first and last name, company. */
export const shopOrdersQuerySchema = listQuerySchema(SHOP_ORDER_LIST_SORTS)
  .extend({ state: shopOrderStateSchema.optional() })
  .strict();
export type ShopOrdersQuery = z.infer<typeof shopOrdersQuerySchema>;

/** The flags of spec §3 "Shop order": what has happened to the order. */
export const SHOP_ORDER_FLAGS = [
  'confirmationSent',
  'offerSent',
  'invoiceSent',
  'controllerShipped',
  'cleared',
  'advanceRequested',
] as const;
export type ShopOrderFlag = (typeof SHOP_ORDER_FLAGS)[number];
export const shopOrderFlagsSchema = z.object({
  confirmationSent: z.boolean(),
  offerSent: z.boolean(),
  invoiceSent: z.boolean(),
  controllerShipped: z.boolean(),
  cleared: z.boolean(),
  advanceRequested: z.boolean(),
});

const centimes = z.number().int();

export const shopOrderListItemSchema = z.object({
  id: z.number().int(),
  key: z.string(),
  state: shopOrderStateSchema,
  paymentMethod: shopPaymentMethodSchema,
  paymentState: shopPaymentStateSchema,
  total: centimes,
  email: z.string(),
  name: z.string(),
  createdAt: z.string(),
  flags: shopOrderFlagsSchema,
});
export type ShopOrderListItem = z.infer<typeof shopOrderListItemSchema>;
export const shopOrderPageSchema = pageSchema(shopOrderListItemSchema);
export type ShopOrderPage = z.infer<typeof shopOrderPageSchema>;

/** One entry of the audit trail: who (actor and the admin's or customer's email), what, when. */
export const shopOrderEventSchema = z.object({
  id: z.number().int(),
  actor: z.enum(['customer', 'provider', 'system', 'admin']),
  userEmail: z.string().nullable(),
  action: z.string(),
  detail: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.string(),
});
export type ShopOrderEvent = z.infer<typeof shopOrderEventSchema>;

/**
 * GET shop/orders/{id}: the whole order, its events (oldest first), the commissioners it can go to and the
 * mail templates it can be sent.
 */
export const shopOrderDetailSchema = shopOrderListItemSchema.extend({
  locale: z.string(),
  address: shopAddressSchema,
  discount: centimes,
  paidAmount: centimes,
  receivedAmount: centimes,
  paidAt: z.string().nullable(),
  comment: z.string(),
  userComment: z.string(),
  priced: shopValidateAnswerSchema,
  subscriptionControllerId: z.number().int().nullable(),
  subscriptionEndsAt: z.string().nullable(),
  renewalCodes: z.array(z.string()),
  events: z.array(shopOrderEventSchema),
  commissioners: z.array(z.object({ index: z.number().int(), name: z.string() })),
  /** the shop config's mail templates, named in the admin's language */
  templates: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type ShopOrderDetail = z.infer<typeof shopOrderDetailSchema>;

const amount = z
  .number({ message: 'shop-admin:amountInvalid' })
  .int({ message: 'shop-admin:amountInvalid' })
  .min(0, { message: 'shop-admin:amountInvalid' })
  .max(100_000_000, { message: 'shop-admin:amountInvalid' });

/**
 * POST shop/orders/{id}: what an admin may change by hand — the address, the admins' comment, the amounts
 * received and paid (centimes), the state and whether the hardware has shipped. Everything else (items,
 * totals, payment state, the other flags) changes only through the order's flow and actions.
 */
export const shopOrderEditSchema = z
  .object({
    address: shopAddressSchema,
    comment: z.string().max(SHOP_COMMENT_MAX, { message: 'shop:textTooLong' }),
    receivedAmount: amount,
    paidAmount: amount,
    state: shopOrderStateSchema,
    controllerShipped: z.boolean(),
  })
  .partial()
  .strict();
export type ShopOrderEdit = z.infer<typeof shopOrderEditSchema>;

export const SHOP_TEMPLATE_MAX = 5000;
const templateText = z.string().trim().max(SHOP_TEMPLATE_MAX, { message: 'shop:textTooLong' });

/** Ids of the shop config's `mailTemplates` (docs/shop.md "Order administration"). */
export const shopTemplateIdSchema = z
  .string({ message: 'shop-admin:noTemplate' })
  .regex(/^[a-z0-9][a-z0-9-]{0,39}$/, { message: 'shop-admin:noTemplate' });

/**
 * POST shop/orders/{id}/sendTemplate (and its `/preview`): a stored template of the shop config
 * (`templateId`), the admin's own text (`sendTemplate`), or both — then the text is added to the template.
 */
export const shopSendTemplateSchema = z
  .object({ templateId: shopTemplateIdSchema.optional(), sendTemplate: templateText.optional() })
  .strict()
  .superRefine((v, ctx) => {
    if (!v.templateId && !v.sendTemplate)
      ctx.addIssue({ code: 'custom', path: ['sendTemplate'], message: 'errors:fieldRequired' });
  });
export type ShopSendTemplateBody = z.infer<typeof shopSendTemplateSchema>;

/** POST shop/orders/{id}/sendTemplate/preview: the mail exactly as it would go out; nothing is sent. */
export const shopMailPreviewSchema = z.object({ to: z.string(), subject: z.string(), text: z.string() });
export type ShopMailPreview = z.infer<typeof shopMailPreviewSchema>;
/** POST shop/orders/{id}/sendOffer and releaseOrder: an optional note added to the mail (the body may be absent). */
export const shopOptionalTemplateSchema = z
  .object({ sendTemplate: templateText.optional() })
  .strict()
  .nullish();
export type ShopSendTemplate = z.infer<typeof shopOptionalTemplateSchema>;

/** POST shop/orders/{id}/releaseOrder?commissionerIndex=N: the commissioner of the shop config's list. */
export const shopReleaseQuerySchema = z
  .object({
    commissionerIndex: z.coerce
      .number({ message: 'shop-admin:noCommissioner' })
      .int({ message: 'shop-admin:noCommissioner' })
      .min(0, { message: 'shop-admin:noCommissioner' })
      .max(99, { message: 'shop-admin:noCommissioner' }),
  })
  .strict();
