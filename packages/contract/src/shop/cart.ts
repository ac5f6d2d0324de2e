import { z } from 'zod';
import {
  CART_SCHEMA_VERSION,
  COUNTRIES_OFFERED,
  DEFAULT_COUNTRY,
  DEFAULT_CURRENCY,
  DEFAULT_SUBSCRIPTION_YEARS,
} from '../constants';
import { emailSchema } from '../user';

/**
 * The shop (docs/shop.md): the cart the web app keeps (schema 6) and sends to `POST shop/validate` and
 * `POST shop/order`, the delivery address, order keys and the validate answer. Money is always an integer
 * number of centimes (Rappen); prices include VAT. The server prices every cart itself and never reads a
 * total the client sends.
 */

export const SHOP_MODES = ['digital', 'hardware+digital'] as const;
export const shopModeSchema = z.enum(SHOP_MODES);
export type ShopMode = z.infer<typeof shopModeSchema>;

/** Orders are delivered to Switzerland only; the other offered countries are told to contact the provider. */
export const SHOP_COUNTRY = 'CH';
export function isShopCountry(country: string): boolean {
  return country.trim().toUpperCase() === SHOP_COUNTRY;
}

/** Highest amount of one cart line (and of nofSubscriptions); larger orders go through the provider. */
export const SHOP_MAX_AMOUNT = 100;
/** Scale lines per cart. */
export const SHOP_MAX_SCALE_LINES = 50;
export const SHOP_COMMENT_MAX = 2000;
/** Custom plates are produced in 3 to 4 weeks (docs/product.md §9). */
export const PLATE_PRODUCTION_WEEKS = { min: 3, max: 4 } as const;

/** Product ids of the shop config: lower-case letters, digits and hyphens. */
export const SHOP_PRODUCT_ID = /^[a-z0-9][a-z0-9-]{0,39}$/;
const productId = z.string().regex(SHOP_PRODUCT_ID, { message: 'shop:unknownProduct' });
/** Keys of scale lines, chosen by the client (`addScaleLine` makes `s1`, `s2`, …). */
const lineId = z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, { message: 'errors:checkInputs' });

/** An amount in a cart: a whole number from 0 to SHOP_MAX_AMOUNT. */
export const shopAmountSchema = z
  .number({ message: 'shop:amountInvalid' })
  .int({ message: 'shop:amountInvalid' })
  .min(0, { message: 'shop:amountInvalid' })
  .max(SHOP_MAX_AMOUNT, { message: 'shop:amountTooLarge' });

/** product id → amount (controllers and accessories). */
export const shopAmountMapSchema = z
  .record(productId, shopAmountSchema)
  .refine((map) => Object.keys(map).length <= 100, { message: 'errors:checkInputs' });
export type ShopAmountMap = z.infer<typeof shopAmountMapSchema>;

/** A scale's plate in millimetres; each side must lie within the product's min and max (shop config). */
export const shopPlateSchema = z.object({
  width: z.number({ message: 'shop:plateInvalid' }).int({ message: 'shop:plateInvalid' }).min(1).max(10_000),
  length: z.number({ message: 'shop:plateInvalid' }).int({ message: 'shop:plateInvalid' }).min(1).max(10_000),
});
export type ShopPlate = z.infer<typeof shopPlateSchema>;

/** One scale line: a scale product with its custom plate. */
export const shopScaleLineSchema = z.object({
  product: productId,
  amount: shopAmountSchema,
  plate: shopPlateSchema,
});
export type ShopScaleLine = z.infer<typeof shopScaleLineSchema>;

export const shopScaleMapSchema = z
  .record(lineId, shopScaleLineSchema)
  .refine((map) => Object.keys(map).length <= SHOP_MAX_SCALE_LINES, { message: 'shop:tooManyScaleLines' });

const text = (max: number) => z.string().trim().max(max, { message: 'shop:textTooLong' });
const required = (max: number) => text(max).min(1, { message: 'errors:fieldRequired' });

/** A country of the address form (spec §9 "Countries offered"), upper case. */
export const shopCountrySchema = z
  .string()
  .trim()
  .toUpperCase()
  .pipe(z.enum(COUNTRIES_OFFERED, { message: 'shop:countryNotOffered' }));

/** A Swiss postcode has four digits (1000–9658). */
const SWISS_ZIP = /^[1-9]\d{3}$/;

/**
 * The address of an order, complete (POST shop/order). Field names as in the spec's Shop order.
 * A Swiss address needs a four-digit postcode.
 */
export const shopAddressSchema = z
  .object({
    email: emailSchema,
    firstname: required(100),
    lastname: required(100),
    company: text(200).default(''),
    street: required(200),
    zip: required(20),
    city: required(100),
    country: shopCountrySchema,
    phone: text(40).default(''),
  })
  .superRefine((address, ctx) => {
    if (address.country === SHOP_COUNTRY && !SWISS_ZIP.test(address.zip))
      ctx.addIssue({ code: 'custom', path: ['zip'], message: 'shop:zipInvalid' });
  });
export type ShopAddress = z.infer<typeof shopAddressSchema>;

/** The address as the cart keeps it while the customer types: every field may still be empty. */
export const shopAddressDraftSchema = z.object({
  email: text(254).default(''),
  firstname: text(100).default(''),
  lastname: text(100).default(''),
  company: text(200).default(''),
  street: text(200).default(''),
  zip: text(20).default(''),
  city: text(100).default(''),
  country: shopCountrySchema.default(DEFAULT_COUNTRY.toUpperCase() as 'CH'),
  phone: text(40).default(''),
});
export type ShopAddressDraft = z.infer<typeof shopAddressDraftSchema>;

/**
 * The shop cart, schema 6 (spec §3). What is sent to POST shop/validate and POST shop/order, and what the
 * web app persists. Fields the client adds for itself (its request state `checkout` and `validate`, a total)
 * are dropped when parsing: the server never reads them.
 * - `nofSubscriptions`: subscriptions bought in digital mode (renewal codes, or 1 for
 *   `subscriptionControllerId`); in hardware+digital mode each transmitter brings its subscription.
 * - `controllers`, `accessories`: product id → amount; `scales`: line id → scale product, amount, plate.
 * - `platePickup`: the id of the place where the plates are picked up, or null to have them shipped.
 */
export const shopCartSchema = z.object({
  schemaVersion: z.literal(CART_SCHEMA_VERSION).default(CART_SCHEMA_VERSION),
  nofSubscriptions: shopAmountSchema.default(0),
  mode: shopModeSchema.default('hardware+digital'),
  subscriptionYears: z
    .number({ message: 'shop:yearsInvalid' })
    .int({ message: 'shop:yearsInvalid' })
    .min(1, { message: 'shop:yearsInvalid' })
    .max(10, { message: 'shop:yearsInvalid' })
    .default(DEFAULT_SUBSCRIPTION_YEARS),
  currency: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z]{3}$/, { message: 'shop:currencyUnsupported' })
    .default(DEFAULT_CURRENCY),
  subscriptionControllerId: z.number().int().positive().nullable().default(null),
  controllers: shopAmountMapSchema.default(() => ({})),
  scales: shopScaleMapSchema.default(() => ({})),
  accessories: shopAmountMapSchema.default(() => ({})),
  address: shopAddressDraftSchema.default(() => shopAddressDraftSchema.parse({})),
  platePickup: productId.nullable().default(null),
  comment: text(SHOP_COMMENT_MAX).default(''),
});
export type ShopCart = z.infer<typeof shopCartSchema>;
export type ShopCartInput = z.input<typeof shopCartSchema>;

/** Order keys and renewal codes: four groups of four letters or digits, e.g. `K7QD-4MXZ-92HT-PWAE`. */
export const ORDER_KEY_PATTERN = /^[A-Z0-9]{4}(-[A-Z0-9]{4}){3}$/;
/** What the server draws order keys from: no 0/O or 1/I/L, which are mistaken for each other. */
export const ORDER_KEY_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const orderKeySchema = z
  .string({ message: 'errors:invalidOrderKey' })
  .trim()
  .toUpperCase()
  .regex(ORDER_KEY_PATTERN, { message: 'errors:invalidOrderKey' });
export function isOrderKey(value: string): boolean {
  return orderKeySchema.safeParse(value).success;
}

/** A promo code as typed: letters, digits and hyphens, 3 to 32 characters, compared in upper case. */
export const promoCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9-]{3,32}$/, { message: 'errors:promoCodeInvalid' });

/** POST shop/validate: the cart, and the promo code the customer typed, if any. */
export const shopValidateRequestSchema = shopCartSchema.extend({
  promoCode: promoCodeSchema.nullish(),
});
export type ShopValidateRequest = z.infer<typeof shopValidateRequestSchema>;

export const SHOP_ITEM_KINDS = [
  'transmitter',
  'scale',
  'accessory',
  'subscription',
  'shipping',
  'plateFreight',
  'platePickup',
] as const;
export const shopItemKindSchema = z.enum(SHOP_ITEM_KINDS);
export type ShopItemKind = z.infer<typeof shopItemKindSchema>;

const centimes = z.number().int();

/** One line of a priced cart: amount = quantity × unitPrice, in centimes, VAT included. */
export const shopItemSchema = z.object({
  kind: shopItemKindSchema,
  /** The product or plate pick-up id, the scale line id for scales, `subscription`, `parcel`. */
  id: z.string(),
  /** In the request's language. */
  name: z.string(),
  quantity: z.number().int().min(0),
  unitPrice: centimes,
  amount: centimes,
  plate: shopPlateSchema.optional(),
});
export type ShopItem = z.infer<typeof shopItemSchema>;

/**
 * The answer of POST shop/validate (docs/shop.md "Pricing"): total and items, and how the total is made up.
 * total = max(0, subtotal − discount + shipping) rounded to 5 centimes; `rounding` is that last step
 * (−2 to +2); `vat.amount` is the VAT included in the total.
 */
export const shopValidateAnswerSchema = z.object({
  currency: z.string(),
  items: z.array(shopItemSchema),
  subtotal: centimes,
  discount: centimes,
  shipping: centimes,
  rounding: centimes,
  total: centimes,
  vat: z.object({ ratePercent: z.number(), amount: centimes }),
  /** The subscriptions in the cart; additional ones (2nd, 3rd, …) run `bonusDays` longer. */
  subscription: z
    .object({ count: z.number().int(), years: z.number().int(), bonusDays: z.number().int() })
    .nullable(),
});
export type ShopValidateAnswer = z.infer<typeof shopValidateAnswerSchema>;
