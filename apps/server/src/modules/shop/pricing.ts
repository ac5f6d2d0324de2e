import {
  SHOP_MAX_AMOUNT,
  isShopCountry,
  type Locale,
  type ShopCart,
  type ShopItem,
  type ShopValidateAnswer,
} from '@hivescope/contract';
import { translate } from '../../i18n';
import type { ShopConfig } from './config/shop-config.schema';
import { chf, includedVat, percentOf, roundTo5Centimes, toHundredths } from './money';

/**
 * Prices a cart against the shop config (docs/shop.md "Pricing"). Pure: no database, no clock. Every amount
 * comes from the config; the cart supplies only ids, amounts and plates, and any total it carries is never
 * read. Money in integer centimes, prices VAT included.
 */

/** A promo code's discount, resolved by the caller: a percentage, or an amount in centimes. */
export type PromoDiscount = { code: string; percent: number } | { code: string; amount: number };

/** Why a cart cannot be priced: the cart field (`controllers.hs-gsm-4`) and an i18n key with its values. */
export interface ShopProblem {
  path: string;
  key: string;
  params?: Record<string, string | number>;
}

export type PricingResult =
  | { ok: true; quote: ShopValidateAnswer }
  | {
      ok: false;
      /** The address is outside Switzerland: the only problem reported, with the provider's contact. */
      notSwitzerland: boolean;
      problems: ShopProblem[];
    };

export interface PricingOptions {
  locale: Locale;
  promo?: PromoDiscount | null;
}

function validAmount(amount: unknown): amount is number {
  return typeof amount === 'number' && Number.isInteger(amount) && amount >= 0 && amount <= SHOP_MAX_AMOUNT;
}

function item(
  kind: ShopItem['kind'],
  id: string,
  name: string,
  quantity: number,
  unitPrice: number,
): ShopItem {
  return { kind, id, name, quantity, unitPrice, amount: quantity * unitPrice };
}

/** Problems of the cart as a whole (currency, term, mode) and of every line, in cart order. */
function cartProblems(cart: ShopCart, config: ShopConfig, promo: PromoDiscount | null): ShopProblem[] {
  const problems: ShopProblem[] = [];
  if (cart.currency.toUpperCase() !== config.currency)
    problems.push({
      path: 'currency',
      key: 'shop:currencyUnsupported',
      params: { currency: config.currency },
    });
  if (!config.subscription.years.includes(cart.subscriptionYears))
    problems.push({
      path: 'subscriptionYears',
      key: 'shop:yearsNotOffered',
      params: { years: config.subscription.years.join(', ') },
    });
  if (!validAmount(cart.nofSubscriptions))
    problems.push({ path: 'nofSubscriptions', key: 'shop:amountInvalid' });
  if (promo && !config.promo.enabled) problems.push({ path: 'promoCode', key: 'errors:promoCodeInvalid' });
  if (cart.mode === 'digital') {
    const hardware = [cart.controllers, cart.accessories].some((m) => Object.values(m).some((a) => a !== 0));
    if (hardware || Object.values(cart.scales).some((line) => line.amount !== 0))
      problems.push({ path: 'mode', key: 'shop:hardwareInDigital' });
    if (cart.subscriptionControllerId !== null && cart.nofSubscriptions > 1)
      problems.push({ path: 'nofSubscriptions', key: 'shop:oneSubscriptionPerController' });
    return problems;
  }
  return [...problems, ...hardwareProblems(cart, config)];
}

function hardwareProblems(cart: ShopCart, config: ShopConfig): ShopProblem[] {
  const problems: ShopProblem[] = [];
  const { transmitters, accessories, scales } = config.products;
  const groups = [
    ['controllers', cart.controllers, transmitters],
    ['accessories', cart.accessories, accessories],
  ] as const;
  for (const [group, amounts, products] of groups) {
    for (const [id, amount] of Object.entries(amounts)) {
      if (!validAmount(amount)) problems.push({ path: `${group}.${id}`, key: 'shop:amountInvalid' });
      else if (!products.some((p) => p.id === id))
        problems.push({ path: `${group}.${id}`, key: 'shop:unknownProduct' });
    }
  }
  for (const [lineId, line] of Object.entries(cart.scales)) {
    const path = `scales.${lineId}`;
    const product = scales.find((p) => p.id === line.product);
    if (!validAmount(line.amount)) problems.push({ path: `${path}.amount`, key: 'shop:amountInvalid' });
    if (!product) {
      problems.push({ path: `${path}.product`, key: 'shop:unknownProduct' });
      continue;
    }
    for (const side of ['width', 'length'] as const) {
      const { min, max } = product.plate[side];
      const value = line.plate[side];
      if (!Number.isInteger(value) || value < min || value > max)
        problems.push({
          path: `${path}.plate.${side}`,
          key: `shop:plate.${side}OutOfRange`,
          params: { min, max },
        });
    }
  }
  if (cart.platePickup !== null && !config.platePickup.some((p) => p.id === cart.platePickup))
    problems.push({ path: 'platePickup', key: 'shop:unknownPickup' });
  return problems;
}

/** Transmitters, scales and accessories, in the config's order (scale lines in the cart's order). */
function hardwareItems(cart: ShopCart, config: ShopConfig, locale: Locale): ShopItem[] {
  const items: ShopItem[] = [];
  for (const p of config.products.transmitters) {
    const amount = cart.controllers[p.id] ?? 0;
    if (amount > 0) items.push(item('transmitter', p.id, p.name[locale], amount, p.price));
  }
  for (const [lineId, line] of Object.entries(cart.scales)) {
    const p = config.products.scales.find((s) => s.id === line.product);
    if (p && line.amount > 0)
      items.push({
        ...item('scale', lineId, p.name[locale], line.amount, p.price),
        plate: { ...line.plate },
      });
  }
  for (const p of config.products.accessories) {
    const amount = cart.accessories[p.id] ?? 0;
    if (amount > 0) items.push(item('accessory', p.id, p.name[locale], amount, p.price));
  }
  return items;
}

function shippingItems(cart: ShopCart, config: ShopConfig, hardware: ShopItem[], locale: Locale) {
  if (hardware.length === 0) return [];
  const { shipping } = config;
  const goods = hardware.reduce((sum, i) => sum + i.amount, 0);
  const free = shipping.freeFrom !== null && goods >= shipping.freeFrom;
  const items = [
    item(
      'shipping',
      'parcel',
      translate(locale, 'shop:item.parcel', { provider: shipping.provider }),
      1,
      free ? 0 : shipping.parcel,
    ),
  ];
  const plates = hardware.filter((i) => i.kind === 'scale').reduce((sum, i) => sum + i.quantity, 0);
  if (plates === 0) return items;
  const pickup = config.platePickup.find((p) => p.id === cart.platePickup);
  if (pickup)
    items.push(
      item(
        'platePickup',
        pickup.id,
        translate(locale, 'shop:item.platePickup', { name: pickup.name }),
        1,
        pickup.price,
      ),
    );
  else
    items.push(
      item(
        'plateFreight',
        'plateFreight',
        translate(locale, 'shop:item.plateFreight'),
        plates,
        shipping.platePerScale,
      ),
    );
  return items;
}

/** The promo discount: at most what it applies to and the config's maximum percentage, never below 0. */
function discountOf(promo: PromoDiscount | null, config: ShopConfig, base: number): number {
  if (!promo || !config.promo.enabled) return 0;
  const wanted = 'percent' in promo ? percentOf(base, toHundredths(promo.percent)) : promo.amount;
  const cap = percentOf(base, toHundredths(config.promo.maxPercent));
  return Math.max(0, Math.min(wanted, cap, base));
}

/** Bonus days of the 2nd and later subscriptions (spec §9): per additional one, capped per year of term. */
function bonusDays(count: number, years: number, config: ShopConfig): number {
  const { daysPerAdditional, maxDaysPerYear } = config.subscription.quantityBonus;
  return count < 2 ? 0 : Math.min((count - 1) * daysPerAdditional, maxDaysPerYear) * years;
}

function assertPromo(promo: PromoDiscount | null): void {
  if (!promo) return;
  const ok =
    'percent' in promo
      ? Number.isFinite(promo.percent) && promo.percent >= 0 && promo.percent <= 100
      : Number.isInteger(promo.amount) && promo.amount >= 0;
  if (!ok) throw new RangeError(`Invalid promo discount for ${promo.code}`);
}

function providerContact(config: ShopConfig): string {
  const { name, email, phone } = config.provider;
  return [name, email, phone].filter(Boolean).join(', ');
}

/**
 * A total above `maxOrderTotal` (the card provider's ceiling for one charge) is refused here, when the cart is
 * priced, so the customer learns it with a reason and whom to ask instead of a failing payment.
 */
function ceilingProblem(total: number, config: ShopConfig, locale: Locale): PricingResult | null {
  if (total <= config.maxOrderTotal) return null;
  const params = { max: chf(config.maxOrderTotal, locale), contact: providerContact(config) };
  return {
    ok: false,
    notSwitzerland: false,
    problems: [{ path: 'total', key: 'shop:totalTooLarge', params }],
  };
}

export function priceCart(cart: ShopCart, config: ShopConfig, options: PricingOptions): PricingResult {
  const { locale } = options;
  const promo = options.promo ?? null;
  assertPromo(promo);
  if (!isShopCountry(cart.address.country)) {
    const params = { contact: providerContact(config) };
    const problem = { path: 'address.country', key: 'shop:onlySwitzerland', params };
    return { ok: false, notSwitzerland: true, problems: [problem] };
  }
  const problems = cartProblems(cart, config, promo);
  if (problems.length > 0) return { ok: false, notSwitzerland: false, problems };

  const years = cart.subscriptionYears;
  const hardware = cart.mode === 'digital' ? [] : hardwareItems(cart, config, locale);
  const count =
    cart.mode === 'digital'
      ? cart.nofSubscriptions
      : hardware.filter((i) => i.kind === 'transmitter').reduce((sum, i) => sum + i.quantity, 0);
  const unit = config.subscription.pricePerYear * years;
  const subscription =
    count > 0
      ? [
          item(
            'subscription',
            'subscription',
            translate(locale, 'shop:item.subscription', { count: years }),
            count,
            unit,
          ),
        ]
      : [];
  const shipping = shippingItems(cart, config, hardware, locale);

  const sum = (items: ShopItem[]) => items.reduce((s, i) => s + i.amount, 0);
  const subtotal = sum(hardware) + sum(subscription);
  const base = config.promo.appliesTo === 'subscription' ? sum(subscription) : subtotal;
  const discount = discountOf(promo, config, base);
  const shippingTotal = sum(shipping);
  const exact = Math.max(0, subtotal - discount + shippingTotal);
  const total = roundTo5Centimes(exact);
  const tooLarge = ceilingProblem(total, config, locale);
  if (tooLarge) return tooLarge;
  return {
    ok: true,
    quote: {
      currency: config.currency,
      items: [...hardware, ...subscription, ...shipping],
      subtotal,
      discount,
      shipping: shippingTotal,
      rounding: total - exact,
      total,
      vat: {
        ratePercent: config.vatRatePercent,
        amount: includedVat(total, toHundredths(config.vatRatePercent)),
      },
      subscription: count > 0 ? { count, years, bonusDays: bonusDays(count, years, config) } : null,
    },
  };
}
