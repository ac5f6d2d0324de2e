import { z } from 'zod';
import { DEFAULT_SUBSCRIPTION_YEARS, SHOP_PRODUCT_ID, emailSchema } from '@hivescope/contract';
import { MONEY_MAX_CHF, hasAtMostTwoDecimals, toCentimes } from '../money';
import { invoiceConfigSchema } from './invoice-config.schema';

/**
 * The shop configuration (docs/shop.md "Configuration"), written by an admin as YAML. Prices are CHF with at
 * most two decimals in the file and integer centimes in the parsed config; percentages stay percentages. Messages are i18n keys of the `shop` namespace (`shop:config.*`) or zod's own, localised when
 * the config is parsed (shop-config.ts).
 */

const name = z.string().trim().min(1).max(200);
/** A text in every interface language. */
const localized = z.strictObject({ de: name, en: name, fr: name, es: name });
const localizedLong = z.strictObject({
  de: z.string().trim().max(2000),
  en: z.string().trim().max(2000),
  fr: z.string().trim().max(2000),
  es: z.string().trim().max(2000),
});
const id = z.string().regex(SHOP_PRODUCT_ID, { message: 'shop:config.id' });

/** Stripe's usual ceiling of one charge, CHF 999,999.99, in centimes. */
const MAX_ORDER_TOTAL_DEFAULT = 99_999_999;

/** CHF with at most two decimals → centimes. */
const money = z
  .number()
  .min(0)
  .max(MONEY_MAX_CHF)
  .refine(hasAtMostTwoDecimals, { message: 'shop:config.moneyPrecision' })
  .transform(toCentimes);

/** A percentage from 0 to 100 with at most two decimals (kept as written; pricing works in hundredths). */
const percent = z
  .number()
  .min(0)
  .max(100)
  .refine(hasAtMostTwoDecimals, { message: 'shop:config.percentPrecision' });

/** One side of a scale's plate in millimetres: what may be ordered and what the form starts with. */
const plateRange = z
  .strictObject({
    min: z.number().int().min(1).max(10_000),
    max: z.number().int().min(1).max(10_000),
    default: z.number().int().min(1).max(10_000),
  })
  .superRefine((range, ctx) => {
    if (range.min > range.max)
      ctx.addIssue({ code: 'custom', path: ['min'], message: 'shop:config.rangeInverted', params: range });
    else if (range.default < range.min || range.default > range.max)
      ctx.addIssue({
        code: 'custom',
        path: ['default'],
        message: 'shop:config.defaultOutside',
        params: range,
      });
  });

const product = {
  id,
  name: localized,
  description: localizedLong.optional(),
  price: money,
};

const transmitter = z.strictObject(product);
const accessory = z.strictObject(product);
const scale = z.strictObject({
  ...product,
  plate: z.strictObject({ width: plateRange, length: plateRange }),
});

const subscription = z
  .strictObject({
    /** Price of one subscription (one transmitter) per year. */
    pricePerYear: money,
    /** The terms offered, in years. */
    years: z.array(z.number().int().min(1).max(10)).min(1),
    /** Quantity discount (spec §9): the 2nd and later subscriptions of an order run longer. */
    quantityBonus: z
      .strictObject({
        daysPerAdditional: z.number().int().min(0).max(365),
        maxDaysPerYear: z.number().int().min(0).max(365),
      })
      .default({ daysPerAdditional: 0, maxDaysPerYear: 0 }),
  })
  .superRefine((s, ctx) => {
    if (new Set(s.years).size !== s.years.length)
      ctx.addIssue({ code: 'custom', path: ['years'], message: 'shop:config.yearsDuplicate' });
    if (!s.years.includes(DEFAULT_SUBSCRIPTION_YEARS))
      ctx.addIssue({
        code: 'custom',
        path: ['years'],
        message: 'shop:config.defaultYearsMissing',
        params: { years: DEFAULT_SUBSCRIPTION_YEARS },
      });
  });

const shipping = z.strictObject({
  /** The carrier, shown on the shipping step. */
  provider: name,
  /** Charged once per order with hardware. */
  parcel: money,
  /** Hardware (before discounts) worth at least this ships free; omitted = never free. */
  freeFrom: money.nullable().default(null),
  /** Freight per scale plate when no plate pick-up place is chosen. */
  platePerScale: money,
});

const platePickup = z.strictObject({
  id,
  name,
  address: z.string().trim().min(1).max(500),
  /** Handling fee per order, often 0. */
  price: money,
});

const promo = z.strictObject({
  /** Whether promo codes are accepted at all. */
  enabled: z.boolean(),
  /** What a promo discount reduces: subscriptions only, or all products (never shipping). */
  appliesTo: z.enum(['subscription', 'all']),
  /** Upper bound of any promo discount, as a percentage of what it applies to. */
  maxPercent: percent,
});

/**
 * Placeholders of mail templates, written `{{name}}` and filled from the order when it is sent (docs/shop.md
 * "Mail templates"); any other name is refused when the config is saved, so a typo never reaches a customer.
 */
export const TEMPLATE_PLACEHOLDERS = [
  'key',
  'firstname',
  'lastname',
  'company',
  'email',
  'total',
  'orderDate',
] as const;
export type TemplatePlaceholder = (typeof TEMPLATE_PLACEHOLDERS)[number];
export const PLACEHOLDER = /\{\{\s*([^{}\s]*)\s*\}\}/g;

const templateText = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .superRefine((text, ctx) => {
      for (const [, found = ''] of text.matchAll(PLACEHOLDER))
        if (!(TEMPLATE_PLACEHOLDERS as readonly string[]).includes(found))
          ctx.addIssue({
            code: 'custom',
            message: 'shop:config.unknownPlaceholder',
            params: { name: found, allowed: TEMPLATE_PLACEHOLDERS.join(', ') },
          });
    });
const localizedTemplate = (max: number) =>
  z.strictObject({
    de: templateText(max),
    en: templateText(max),
    fr: templateText(max),
    es: templateText(max),
  });

/** A stored mail an admin sends about an order ("send template"): subject and text in every language. */
const mailTemplate = z.strictObject({
  id,
  name: localized,
  subject: localizedTemplate(200),
  body: localizedTemplate(5000),
});

/** A commissioner (who packs and ships orders), mailed by `releaseOrder`. */
const commissioner = z.strictObject({ name, email: emailSchema });

/** Who sells: the contact given to customers outside Switzerland and on documents. */
const provider = z.strictObject({
  name,
  email: emailSchema,
  phone: z.string().trim().max(40).default(''),
  website: z.url().max(500).optional(),
});

export const shopConfigSchema = z
  .strictObject({
    currency: z.literal('CHF', { message: 'shop:config.currency' }),
    /** Swiss VAT rate in percent (standard rate 8.1 since 2024); prices include it. */
    vatRatePercent: percent,
    provider,
    products: z.strictObject({
      transmitters: z.array(transmitter).min(1, { message: 'shop:config.noTransmitter' }),
      scales: z.array(scale).default([]),
      accessories: z.array(accessory).default([]),
    }),
    subscription,
    shipping,
    platePickup: z.array(platePickup).default([]),
    promo,
    /**
     * Highest order total (centimes): the card provider's ceiling for one charge, so a larger cart is refused
     * when it is priced rather than by the provider at payment (docs/shop.md "Pricing").
     */
    maxOrderTotal: money.default(MAX_ORDER_TOTAL_DEFAULT),
    /** Who packs and ships orders: an admin releases an order to one of them (docs/shop.md "Order administration"). */
    commissioners: z.array(commissioner).max(20).default([]),
    /** Creditor of invoices and their QR-bill; without it invoice orders get no PDF (docs/shop.md). */
    invoice: invoiceConfigSchema.optional(),
    /** Mails an admin picks for "send template" (docs/shop.md "Mail templates"). */
    mailTemplates: z.array(mailTemplate).max(50).default([]),
  })
  .superRefine((config, ctx) => {
    const seen = new Set<string>();
    const lists = [
      ['products', 'transmitters'],
      ['products', 'scales'],
      ['products', 'accessories'],
      ['platePickup'],
    ] as const;
    for (const list of lists) {
      const items: { id: string }[] = list.length === 2 ? config.products[list[1]] : config.platePickup;
      items.forEach((item, index) => {
        if (seen.has(item.id))
          ctx.addIssue({
            code: 'custom',
            path: [...list, index, 'id'],
            message: 'shop:config.duplicateId',
            params: { id: item.id },
          });
        seen.add(item.id);
      });
    }
    const templates = new Set<string>();
    config.mailTemplates.forEach((template, index) => {
      if (templates.has(template.id))
        ctx.addIssue({
          code: 'custom',
          path: ['mailTemplates', index, 'id'],
          message: 'shop:config.duplicateId',
          params: { id: template.id },
        });
      templates.add(template.id);
    });
  });

/** The parsed configuration: money in centimes. */
export type ShopConfig = z.output<typeof shopConfigSchema>;
export type ShopMailTemplate = ShopConfig['mailTemplates'][number];
