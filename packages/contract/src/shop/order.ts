import { z } from 'zod';
import {
  orderKeySchema,
  shopAddressSchema,
  shopCartSchema,
  promoCodeSchema,
  shopValidateAnswerSchema,
} from './cart';

/**
 * The shop's calls beyond validation (docs/shop.md): the public catalogue (`GET shop/config`), placing an
 * order (`POST shop/order`) and what the completion page reads (`GET shop/order/{key}`). Money in centimes.
 */

const centimes = z.number().int();
const plateRange = z.object({ min: z.number().int(), max: z.number().int(), default: z.number().int() });

/** A product of the catalogue, its texts in the request's language. */
export const shopProductSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  price: centimes,
});
export type ShopProduct = z.infer<typeof shopProductSchema>;

export const shopScaleProductSchema = shopProductSchema.extend({
  plate: z.object({ width: plateRange, length: plateRange }),
});
export type ShopScaleProductInfo = z.infer<typeof shopScaleProductSchema>;

/**
 * GET shop/config: the catalogue derived from the active shop config — never the raw YAML. Everyone may read
 * it (the shop is open to visitors without an account).
 */
export const shopCatalogueSchema = z.object({
  currency: z.string(),
  vatRatePercent: z.number(),
  provider: z.object({
    name: z.string(),
    email: z.string(),
    phone: z.string(),
    website: z.string().nullable(),
  }),
  transmitters: z.array(shopProductSchema),
  scales: z.array(shopScaleProductSchema),
  accessories: z.array(shopProductSchema),
  subscription: z.object({
    pricePerYear: centimes,
    years: z.array(z.number().int()),
    defaultYears: z.number().int(),
    quantityBonus: z.object({ daysPerAdditional: z.number().int(), maxDaysPerYear: z.number().int() }),
  }),
  shipping: z.object({
    provider: z.string(),
    parcel: centimes,
    freeFrom: centimes.nullable(),
    platePerScale: centimes,
  }),
  platePickup: z.array(z.object({ id: z.string(), name: z.string(), address: z.string(), price: centimes })),
  promo: z.object({ enabled: z.boolean() }),
});
export type ShopCatalogue = z.infer<typeof shopCatalogueSchema>;

export const SHOP_PAYMENT_METHODS = ['card', 'invoice'] as const;
export const shopPaymentMethodSchema = z.enum(SHOP_PAYMENT_METHODS);
export type ShopPaymentMethod = z.infer<typeof shopPaymentMethodSchema>;

/**
 * POST shop/order: the cart with a complete address, the promo code and how the customer pays. `card` opens
 * the payment provider's page (`paymentUrl`); `invoice` (prepay) waits until an admin activates it.
 */
export const shopOrderRequestSchema = shopCartSchema.extend({
  address: shopAddressSchema,
  promoCode: promoCodeSchema.nullish(),
  paymentMethod: shopPaymentMethodSchema.default('card'),
  /** Terms of online services and product terms accepted. */
  acceptTerms: z.literal(true, { message: 'shop:termsRequired' }),
});
export type ShopOrderRequest = z.infer<typeof shopOrderRequestSchema>;
export type ShopOrderRequestInput = z.input<typeof shopOrderRequestSchema>;

export const SHOP_ORDER_STATES = ['open', 'completed', 'cancelled'] as const;
export const shopOrderStateSchema = z.enum(SHOP_ORDER_STATES);
export type ShopOrderState = z.infer<typeof shopOrderStateSchema>;

/** Where a payment stands: `pending` until the provider reports, then `paid` or `failed`. */
export const SHOP_PAYMENT_STATES = ['pending', 'paid', 'failed', 'invoice'] as const;
export const shopPaymentStateSchema = z.enum(SHOP_PAYMENT_STATES);
export type ShopPaymentState = z.infer<typeof shopPaymentStateSchema>;

/** The answer of POST shop/order: the order's key and, for card payment, the provider's page. */
export const shopOrderAnswerSchema = z.object({
  key: orderKeySchema,
  total: centimes,
  paymentMethod: shopPaymentMethodSchema,
  /** The payment provider's page (card), null for an invoice. */
  paymentUrl: z.string().nullable(),
});
export type ShopOrderAnswer = z.infer<typeof shopOrderAnswerSchema>;

/**
 * GET shop/order/{key}: what the completion or transaction-failure page shows. The order key is the
 * customer's secret (it is in the confirmation mail): it reveals no address, only the order's figures.
 */
export const shopOrderStatusSchema = z.object({
  key: orderKeySchema,
  state: shopOrderStateSchema,
  payment: shopPaymentStateSchema,
  paymentMethod: shopPaymentMethodSchema,
  total: centimes,
  priced: shopValidateAnswerSchema,
  orderedAt: z.string(),
  /** Renewal codes bought (digital mode without a transmitter), once paid. Mailed as well. */
  renewalCodes: z.array(z.string()),
  /** The transmitter whose subscription was extended, and its new end (ISO date), once paid. */
  subscription: z.object({ controllerId: z.number().int(), endsAt: z.string() }).nullable(),
});
export type ShopOrderStatus = z.infer<typeof shopOrderStatusSchema>;

/** A stored version of the shop config (GET shop/configAdmin). */
export const shopConfigVersionSchema = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  /** Email of the admin who saved it; null once that account is gone. */
  createdBy: z.string().nullable(),
});
export type ShopConfigVersion = z.infer<typeof shopConfigVersionSchema>;

/**
 * GET shop/configAdmin[?version] (admins): `message` holds the YAML (spec §7) of the version asked for, else of
 * the active one (the shipped default when no stored version is valid: `version` null).
 */
export const shopConfigAdminSchema = z.object({
  message: z.string(),
  version: z.number().int().nullable(),
  activeVersion: z.number().int().nullable(),
  versions: z.array(shopConfigVersionSchema),
});
export type ShopConfigAdmin = z.infer<typeof shopConfigAdminSchema>;

/** POST shop/config (admins): the YAML to store as a new version. */
export const shopConfigSaveSchema = z.object({ config: z.string().max(256 * 1024) });
export type ShopConfigSave = z.infer<typeof shopConfigSaveSchema>;

/** One problem of a refused config: where in the config, the YAML line, the message (admin's language). */
export const shopConfigProblemSchema = z.object({
  path: z.string(),
  line: z.number().int().nullable(),
  message: z.string(),
});

/** The answer of POST shop/config: saved, with the new version (a refused one is 400 with `errors`). */
export const shopConfigSaveAnswerSchema = z.object({ message: z.string(), version: z.number().int() });
export type ShopConfigSaveAnswer = z.infer<typeof shopConfigSaveAnswerSchema>;

/**
 * The 400 answer of POST shop/config: every problem of the YAML in `errors`, nothing stored (a malformed
 * request body is answered like any other, with `fields`).
 */
export const shopConfigRefusedSchema = z.object({
  message: z.string(),
  errors: z.array(shopConfigProblemSchema).optional(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type ShopConfigRefused = z.infer<typeof shopConfigRefusedSchema>;
