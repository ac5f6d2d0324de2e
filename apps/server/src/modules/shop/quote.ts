import type { Locale, ShopCart, ShopValidateAnswer } from '@hivescope/contract';
import type { Queryable } from '../../db/queryable';
import { AppError } from '../../http/errors';
import { translate } from '../../i18n';
import type { ShopConfig } from './config/shop-config.schema';
import { priceCart, type PromoDiscount, type ShopProblem } from './pricing';
import { findUsablePromo, type PromoRow } from './promo.repository';

/**
 * Prices a cart for POST shop/validate and POST shop/order (docs/shop.md "Pricing"): resolves the promo code,
 * prices on the server and turns every problem into one `400 { message, fields }`.
 */

export type Quote = { quote: ShopValidateAnswer; promo: PromoRow | null };

function discountOf(row: PromoRow): PromoDiscount {
  return row.percentHundredths !== null
    ? { code: row.code, percent: row.percentHundredths / 100 }
    : { code: row.code, amount: row.amount ?? 0 };
}

/** The 400 of a cart's problems: the first problem's text as message, every problem under its field. */
export function problemsError(problems: ShopProblem[], locale: Locale): AppError {
  const fields: Record<string, string> = {};
  for (const p of problems) fields[p.path] ??= translate(locale, p.key, p.params);
  const first: Pick<ShopProblem, 'key' | 'params'> = problems[0] ?? { key: 'errors:checkInputs' };
  return new AppError(400, first.key, first.params, fields);
}

export async function quoteCart(
  db: Queryable,
  cart: ShopCart,
  promoCode: string | null | undefined,
  config: ShopConfig,
  locale: Locale,
): Promise<Quote> {
  const row = promoCode ? ((await findUsablePromo(db, promoCode)) ?? null) : null;
  const result = priceCart(cart, config, { locale, promo: row ? discountOf(row) : null });
  const promoProblem: ShopProblem[] =
    promoCode && !row ? [{ path: 'promoCode', key: 'errors:promoCodeInvalid' }] : [];
  if (!result.ok) {
    // outside Switzerland nothing else is said (docs/shop.md "Pricing" 1.)
    throw problemsError(
      result.notSwitzerland ? result.problems : [...promoProblem, ...result.problems],
      locale,
    );
  }
  if (promoProblem.length > 0) throw problemsError(promoProblem, locale);
  return { quote: result.quote, promo: row };
}
