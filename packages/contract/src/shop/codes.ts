import { z } from 'zod';
import { listQuerySchema, pageSchema } from '../list';

/**
 * Codes administration at /shop/admin (admins; docs/shop.md "Codes"): promo codes (a discount at order) and
 * renewal codes (years of subscription, redeemed on a transmitter), created, listed, edited and deactivated
 * by admins, every change audited. Money in centimes, percentages as written (12.5 = 12.5 %).
 */

/** Sorts of GET shop/promoCodes and GET shop/renewalCodes (docs/api-conventions.md "Lists and pagination"). */
export const SHOP_CODE_LIST_SORTS = ['createdAt', 'code'] as const;
export type ShopCodeListSort = (typeof SHOP_CODE_LIST_SORTS)[number];

/** GET shop/promoCodes, GET shop/renewalCodes: a page, searched by code (renewal codes also by order key). */
export const shopCodesQuerySchema = listQuerySchema(SHOP_CODE_LIST_SORTS).strict();
export type ShopCodesQuery = z.infer<typeof shopCodesQuerySchema>;

/**
 * What a code is now: `scheduled` before its first day, `expired` after its last, `usedUp` without uses
 * left, `deactivated` by an admin (final); otherwise `active`.
 */
export const SHOP_CODE_STATUSES = ['active', 'scheduled', 'expired', 'usedUp', 'deactivated'] as const;
export const shopCodeStatusSchema = z.enum(SHOP_CODE_STATUSES);
export type ShopCodeStatus = z.infer<typeof shopCodeStatusSchema>;

/** Limits of the forms (docs/shop.md "Codes"). */
export const PROMO_AMOUNT_MAX = 100_000_000;
export const SHOP_CODE_USES_MAX = 1_000_000;
export const RENEWAL_CODE_YEARS_MAX = 10;
export const RENEWAL_CODE_BONUS_DAYS_MAX = 3650;

const isoDate = z.iso.datetime({ offset: true, message: 'errors:invalidDate' });
const twoDecimals = (v: number) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-9;

const percent = z
  .number({ message: 'shop-admin:codes.percentInvalid' })
  .min(0.01, { message: 'shop-admin:codes.percentInvalid' })
  .max(100, { message: 'shop-admin:codes.percentInvalid' })
  .refine(twoDecimals, { message: 'shop-admin:codes.percentInvalid' });
const amount = z
  .number({ message: 'shop-admin:codes.amountInvalid' })
  .int({ message: 'shop-admin:codes.amountInvalid' })
  .min(1, { message: 'shop-admin:codes.amountInvalid' })
  .max(PROMO_AMOUNT_MAX, { message: 'shop-admin:codes.amountInvalid' });
const uses = (min: number) =>
  z
    .number({ message: 'shop-admin:codes.usesInvalid' })
    .int({ message: 'shop-admin:codes.usesInvalid' })
    .min(min, { message: 'shop-admin:codes.usesInvalid' })
    .max(SHOP_CODE_USES_MAX, { message: 'shop-admin:codes.usesInvalid' });

/** A new promo code's own name: 3–32 letters, digits and hyphens, kept in upper case (as customers type it). */
export const promoCodeNameSchema = z
  .string({ message: 'shop-admin:codes.codeFormat' })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9-]{3,32}$/, { message: 'shop-admin:codes.codeFormat' });

/** valid until after valid from, when both are given. */
function untilAfterFrom(
  v: { validFrom?: string | null | undefined; validUntil?: string | null | undefined },
  ctx: z.RefinementCtx,
) {
  if (v.validFrom && v.validUntil && Date.parse(v.validUntil) <= Date.parse(v.validFrom))
    ctx.addIssue({ code: 'custom', path: ['validUntil'], message: 'shop-admin:codes.untilBeforeFrom' });
}

/** POST shop/promoCodes: a new code with exactly one of a percentage and an amount. */
export const promoCodeCreateSchema = z
  .object({
    code: promoCodeNameSchema,
    percent: percent.nullish(),
    amount: amount.nullish(),
    validFrom: isoDate.nullish(),
    validUntil: isoDate.nullish(),
    maxUses: uses(1).nullish(),
  })
  .strict()
  .superRefine((v, ctx) => {
    const hasPercent = v.percent !== null && v.percent !== undefined;
    const hasAmount = v.amount !== null && v.amount !== undefined;
    if (hasPercent === hasAmount)
      ctx.addIssue({ code: 'custom', path: ['percent'], message: 'shop-admin:codes.discountOne' });
    untilAfterFrom(v, ctx);
  });
export type PromoCodeCreate = z.infer<typeof promoCodeCreateSchema>;

/** POST shop/promoCodes/{id}: its validity and maximum uses (null: no limit). The discount stays. */
export const promoCodeEditSchema = z
  .object({ validFrom: isoDate.nullable(), validUntil: isoDate.nullable(), maxUses: uses(1).nullable() })
  .partial()
  .strict()
  .superRefine(untilAfterFrom);
export type PromoCodeEdit = z.infer<typeof promoCodeEditSchema>;

/** POST shop/renewalCodes: a standalone code (no order) of `years` (+ `bonusDays`) with `uses` uses. */
export const renewalCodeCreateSchema = z
  .object({
    years: z
      .number({ message: 'shop-admin:codes.yearsInvalid' })
      .int({ message: 'shop-admin:codes.yearsInvalid' })
      .min(1, { message: 'shop-admin:codes.yearsInvalid' })
      .max(RENEWAL_CODE_YEARS_MAX, { message: 'shop-admin:codes.yearsInvalid' }),
    bonusDays: z
      .number({ message: 'shop-admin:codes.bonusInvalid' })
      .int({ message: 'shop-admin:codes.bonusInvalid' })
      .min(0, { message: 'shop-admin:codes.bonusInvalid' })
      .max(RENEWAL_CODE_BONUS_DAYS_MAX, { message: 'shop-admin:codes.bonusInvalid' })
      .default(0),
    uses: uses(1),
    validUntil: isoDate.nullish(),
  })
  .strict();
export type RenewalCodeCreate = z.infer<typeof renewalCodeCreateSchema>;
export type RenewalCodeCreateInput = z.input<typeof renewalCodeCreateSchema>;

/** POST shop/renewalCodes/{id}: the uses left and the validity (null: no end). Years stay. */
export const renewalCodeEditSchema = z
  .object({ usesRemaining: uses(0), validUntil: isoDate.nullable() })
  .partial()
  .strict();
export type RenewalCodeEdit = z.infer<typeof renewalCodeEditSchema>;

/** One entry of a code's audit trail: who, what (created, edited, deactivated), when, with the changes. */
export const shopCodeEventSchema = z.object({
  id: z.number().int(),
  userEmail: z.string().nullable(),
  action: z.string(),
  detail: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.string(),
});
export type ShopCodeEvent = z.infer<typeof shopCodeEventSchema>;

export const promoCodeItemSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  percent: z.number().nullable(),
  amount: z.number().int().nullable(),
  validFrom: z.string().nullable(),
  validUntil: z.string().nullable(),
  maxUses: z.number().int().nullable(),
  uses: z.number().int(),
  status: shopCodeStatusSchema,
  deactivatedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type PromoCodeItem = z.infer<typeof promoCodeItemSchema>;
export const promoCodePageSchema = pageSchema(promoCodeItemSchema);
export type PromoCodePage = z.infer<typeof promoCodePageSchema>;
/** GET shop/promoCodes/{id}: the code and its history, oldest first. */
export const promoCodeDetailSchema = promoCodeItemSchema.extend({ events: z.array(shopCodeEventSchema) });
export type PromoCodeDetail = z.infer<typeof promoCodeDetailSchema>;

export const renewalCodeItemSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  /** the order that bought it; null for a code an admin made (or whose order was deleted) */
  orderId: z.number().int().nullable(),
  orderKey: z.string().nullable(),
  years: z.number().int(),
  bonusDays: z.number().int(),
  usesRemaining: z.number().int(),
  redemptions: z.number().int(),
  validUntil: z.string().nullable(),
  status: shopCodeStatusSchema,
  deactivatedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type RenewalCodeItem = z.infer<typeof renewalCodeItemSchema>;
export const renewalCodePageSchema = pageSchema(renewalCodeItemSchema);
export type RenewalCodePage = z.infer<typeof renewalCodePageSchema>;

/** One redemption (docs/shop.md "Renewal codes"): which transmitter, by whom, when, its end before and after. */
export const renewalRedemptionSchema = z.object({
  id: z.number().int(),
  controllerId: z.number().int().nullable(),
  controllerName: z.string().nullable(),
  userEmail: z.string().nullable(),
  endsBefore: z.string(),
  endsAt: z.string(),
  createdAt: z.string(),
});
export type RenewalRedemption = z.infer<typeof renewalRedemptionSchema>;

/** GET shop/renewalCodes/{id}: the code, its redemptions (newest first) and its history (oldest first). */
export const renewalCodeDetailSchema = renewalCodeItemSchema.extend({
  redemptionLog: z.array(renewalRedemptionSchema),
  events: z.array(shopCodeEventSchema),
});
export type RenewalCodeDetail = z.infer<typeof renewalCodeDetailSchema>;

/** POST shop/promoCodes, POST shop/renewalCodes → 201: the toast, the new code's id and the code itself. */
export const shopCodeCreatedSchema = z.object({
  message: z.string(),
  id: z.number().int(),
  code: z.string(),
});
export type ShopCodeCreated = z.infer<typeof shopCodeCreatedSchema>;
