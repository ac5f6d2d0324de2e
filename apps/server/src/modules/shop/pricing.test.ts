import { describe, expect, it } from 'vitest';
import {
  freshCart,
  resetCartForMode,
  shopCartSchema,
  shopValidateRequestSchema,
  type ShopCart,
  type ShopCartInput,
} from '@hivescope/contract';
import { defaultShopConfig } from './config/shop-config';
import type { ShopConfig } from './config/shop-config.schema';
import { priceCart, type PricingOptions, type PricingResult } from './pricing';

/**
 * Pricing against the shipped default config (docs/shop.md "Pricing"): hs-gsm-4 CHF 349, hs-gsm-8 CHF 449,
 * hive-scale-150 CHF 289 (plate 300–600 × 350–700), hive-scale-200 CHF 359, solar panel CHF 89, cable CHF
 * 19.50, subscription CHF 59 a year, parcel CHF 12 (free from CHF 1000 of hardware), plate freight CHF 29 a
 * scale, pick-up Bern CHF 0 / Zürich CHF 5, promo on everything up to 50 %, VAT 8.1 %.
 */
const config = defaultShopConfig();
const en: PricingOptions = { locale: 'en' };

const cart = (input: ShopCartInput): ShopCart => shopCartSchema.parse(input);
const plate = { width: 450, length: 500 };

function quoteOf(result: PricingResult) {
  if (!result.ok) throw new Error(`expected a quote, got ${JSON.stringify(result.problems)}`);
  return result.quote;
}
function problemsOf(result: PricingResult) {
  if (result.ok) throw new Error('expected problems');
  return result.problems;
}
const lines = (result: PricingResult) =>
  quoteOf(result).items.map((i) => [i.kind, i.id, i.quantity, i.amount]);

describe('priceCart: hardware+digital', () => {
  it('one transmitter: the transmitter, its subscription for the chosen term, and the parcel', () => {
    const quote = quoteOf(priceCart(cart({ controllers: { 'hs-gsm-8': 1 } }), config, en));
    expect(quote.items).toEqual([
      {
        kind: 'transmitter',
        id: 'hs-gsm-8',
        name: 'Hivescope GSM transmitter, 8 channels',
        quantity: 1,
        unitPrice: 44900,
        amount: 44900,
      },
      {
        kind: 'subscription',
        id: 'subscription',
        name: 'Subscription, 2 years',
        quantity: 1,
        unitPrice: 11800,
        amount: 11800,
      },
      {
        kind: 'shipping',
        id: 'parcel',
        name: 'Shipping (Die Schweizerische Post, PostPac Priority)',
        quantity: 1,
        unitPrice: 1200,
        amount: 1200,
      },
    ]);
    expect(quote).toMatchObject({
      currency: 'CHF',
      subtotal: 56700,
      discount: 0,
      shipping: 1200,
      rounding: 0,
      total: 57900,
    });
    expect(quote.vat).toEqual({ ratePercent: 8.1, amount: 4338 }); // 57900 × 8.1 / 108.1 = 4338.48
    expect(quote.subscription).toEqual({ count: 1, years: 2, bonusDays: 0 });
  });

  it('a full cart: config order, scale lines with their plates, free parcel from CHF 1000, plate freight', () => {
    const quote = quoteOf(
      priceCart(
        cart({
          subscriptionYears: 3,
          controllers: { 'hs-gsm-8': 2, 'hs-gsm-4': 1 },
          scales: {
            s1: { product: 'hive-scale-150', amount: 2, plate },
            s2: { product: 'hive-scale-200', amount: 1, plate: { width: 800, length: 900 } },
          },
          accessories: { 'cable-5m': 1, 'solar-panel-10w': 2, 'battery-pack': 0 },
        }),
        config,
        en,
      ),
    );
    expect(quote.items.map((i) => [i.kind, i.id, i.quantity, i.unitPrice, i.amount])).toEqual([
      ['transmitter', 'hs-gsm-4', 1, 34900, 34900],
      ['transmitter', 'hs-gsm-8', 2, 44900, 89800],
      ['scale', 's1', 2, 28900, 57800],
      ['scale', 's2', 1, 35900, 35900],
      ['accessory', 'solar-panel-10w', 2, 8900, 17800],
      ['accessory', 'cable-5m', 1, 1950, 1950],
      ['subscription', 'subscription', 3, 17700, 53100],
      ['shipping', 'parcel', 1, 0, 0],
      ['plateFreight', 'plateFreight', 3, 2900, 8700],
    ]);
    expect(quote.items[2]?.plate).toEqual(plate);
    expect(quote).toMatchObject({ subtotal: 291250, shipping: 8700, total: 299950, rounding: 0 });
    expect(quote.vat.amount).toBe(22475); // 299950 × 8.1 / 108.1 = 22475.43
    // 2 additional transmitters × 15 days = 30 days a year (cap 60), for 3 years.
    expect(quote.subscription).toEqual({ count: 3, years: 3, bonusDays: 90 });
  });

  it('the quantity bonus stops at the yearly maximum', () => {
    const quote = quoteOf(priceCart(cart({ controllers: { 'hs-gsm-4': 10 } }), config, en));
    expect(quote.subscription).toEqual({ count: 10, years: 2, bonusDays: 120 }); // min(9 × 15, 60) × 2
  });

  it('a plate pick-up place replaces the plate freight with its fee', () => {
    const scales = { s1: { product: 'hive-scale-150', amount: 2, plate } };
    const zurich = priceCart(cart({ scales, platePickup: 'bienenladen-zuerich' }), config, en);
    expect(lines(zurich)).toEqual([
      ['scale', 's1', 2, 57800],
      ['shipping', 'parcel', 1, 1200],
      ['platePickup', 'bienenladen-zuerich', 1, 500],
    ]);
    expect(quoteOf(zurich).items[2]?.name).toBe('Plate pick-up: Bienenladen Zürich');
    expect(quoteOf(zurich).total).toBe(57800 + 1200 + 500);
    const bern = priceCart(cart({ scales, platePickup: 'imkerhof-bern' }), config, en);
    expect(quoteOf(bern).shipping).toBe(1200);
  });

  it('a pick-up place without scales costs nothing', () => {
    const quote = quoteOf(
      priceCart(cart({ accessories: { 'cable-5m': 1 }, platePickup: 'bienenladen-zuerich' }), config, en),
    );
    expect(quote.items.map((i) => i.kind)).toEqual(['accessory', 'shipping']);
  });

  it('names products and lines in the request language', () => {
    const quote = quoteOf(
      priceCart(cart({ controllers: { 'hs-gsm-4': 1 }, subscriptionYears: 1 }), config, { locale: 'fr' }),
    );
    expect(quote.items.map((i) => i.name)).toEqual([
      'Émetteur GSM Hivescope, 4 canaux',
      'Abonnement, 1 an',
      'Envoi (Die Schweizerische Post, PostPac Priority)',
    ]);
  });
});

describe('priceCart: digital (the subscription shop)', () => {
  it('sells subscriptions only: N × years × price a year, no shipping, bonus days for the 2nd and later', () => {
    const quote = quoteOf(
      priceCart(cart({ mode: 'digital', nofSubscriptions: 3, subscriptionYears: 5 }), config, en),
    );
    expect(lines({ ok: true, quote })).toEqual([['subscription', 'subscription', 3, 88500]]);
    expect(quote).toMatchObject({ subtotal: 88500, shipping: 0, total: 88500 });
    expect(quote.vat.amount).toBe(6631); // 88500 × 8.1 / 108.1 = 6631.36
    expect(quote.subscription).toEqual({ count: 3, years: 5, bonusDays: 150 });
  });

  it('the reset of digital mode is a valid one-subscription cart', () => {
    const quote = quoteOf(priceCart(resetCartForMode(freshCart(), 'digital'), config, en));
    expect(quote.total).toBe(11800);
  });

  it('one subscription for one of the customer’s transmitters', () => {
    const ok = priceCart(
      cart({ mode: 'digital', nofSubscriptions: 1, subscriptionControllerId: 7 }),
      config,
      en,
    );
    expect(quoteOf(ok).total).toBe(11800);
    const two = priceCart(
      cart({ mode: 'digital', nofSubscriptions: 2, subscriptionControllerId: 7 }),
      config,
      en,
    );
    expect(problemsOf(two)).toEqual([{ path: 'nofSubscriptions', key: 'shop:oneSubscriptionPerController' }]);
  });

  it('refuses hardware in a digital cart rather than charging for what the subscription shop does not show', () => {
    const result = priceCart(
      cart({ mode: 'digital', nofSubscriptions: 1, accessories: { 'cable-5m': 1 } }),
      config,
      en,
    );
    expect(problemsOf(result)).toEqual([{ path: 'mode', key: 'shop:hardwareInDigital' }]);
    // Entries left at 0 by the cart's floor are no hardware.
    expect(
      priceCart(cart({ mode: 'digital', nofSubscriptions: 1, controllers: { 'hs-gsm-4': 0 } }), config, en)
        .ok,
    ).toBe(true);
  });
});

describe('priceCart: empty carts', () => {
  it.each([
    ['hardware+digital without anything', cart({})],
    ['digital with 0 subscriptions', cart({ mode: 'digital' })],
    [
      'hardware with every amount at 0',
      cart({
        controllers: { 'hs-gsm-4': 0 },
        scales: { s1: { product: 'hive-scale-150', amount: 0, plate } },
      }),
    ],
  ])('%s costs nothing and has no lines', (_, empty) => {
    const quote = quoteOf(priceCart(empty, config, { locale: 'en', promo: { code: 'X', amount: 500 } }));
    expect(quote).toEqual({
      currency: 'CHF',
      items: [],
      subtotal: 0,
      discount: 0,
      shipping: 0,
      rounding: 0,
      total: 0,
      vat: { ratePercent: 8.1, amount: 0 },
      subscription: null,
    });
  });
});

describe('priceCart: the client total is never trusted', () => {
  const honest = { controllers: { 'hs-gsm-8': 1 }, accessories: { 'cable-5m': 2 } };
  const expected = quoteOf(priceCart(cart(honest), config, en));

  it('a cart carrying its own totals, prices and items is priced exactly like the honest one', () => {
    const tampered = {
      ...honest,
      total: 1,
      subtotal: 1,
      discount: 99999,
      validate: {
        fetching: false,
        total: 1,
        items: [{ kind: 'transmitter', id: 'hs-gsm-8', unitPrice: 1, amount: 1 }],
      },
      checkout: { fetching: false, total: 1, paymentUrl: 'https://evil.example/pay', paymentMethods: [] },
    };
    expect(priceCart(shopValidateRequestSchema.parse(tampered), config, en)).toEqual({
      ok: true,
      quote: expected,
    });
    // Even unparsed, the function reads none of these fields.
    expect(priceCart({ ...cart(honest), ...tampered } as ShopCart, config, en)).toEqual({
      ok: true,
      quote: expected,
    });
    expect(expected.total).toBe(44900 + 3900 + 11800 + 1200);
  });
});

describe('priceCart: discounts, rounding and floors', () => {
  const digital = cart({ mode: 'digital', nofSubscriptions: 1 }); // CHF 118.00

  it('a percentage discount is rounded to the centime, the total to 5 centimes (up from remainder 3)', () => {
    const quote = quoteOf(
      priceCart(digital, config, { locale: 'en', promo: { code: 'SPRING', percent: 7 } }),
    );
    // 7 % of 118.00 = 8.26 → 109.74 → 109.75
    expect(quote).toMatchObject({ subtotal: 11800, discount: 826, rounding: 1, total: 10975 });
    expect(quote.vat.amount).toBe(822); // 10975 × 8.1 / 108.1 = 822.36
  });

  it('… and down from remainder 1 or 2', () => {
    const quote = quoteOf(
      priceCart(digital, config, { locale: 'en', promo: { code: 'SPRING', percent: 3 } }),
    );
    // 3 % of 118.00 = 3.54 → 114.46 → 114.45
    expect(quote).toMatchObject({ discount: 354, rounding: -1, total: 11445 });
  });

  it('an amount discount, and any discount at most the config maximum (50 %) of what it applies to', () => {
    const amount = quoteOf(priceCart(digital, config, { locale: 'en', promo: { code: 'A', amount: 2000 } }));
    expect(amount).toMatchObject({ discount: 2000, total: 9800 });
    const large = quoteOf(priceCart(digital, config, { locale: 'en', promo: { code: 'A', amount: 50000 } }));
    expect(large).toMatchObject({ discount: 5900, total: 5900 });
    const percent = quoteOf(priceCart(digital, config, { locale: 'en', promo: { code: 'P', percent: 80 } }));
    expect(percent).toMatchObject({ discount: 5900, total: 5900 });
  });

  it('never goes below 0, and never reduces shipping', () => {
    const generous: ShopConfig = { ...config, promo: { ...config.promo, maxPercent: 100 } };
    const free = quoteOf(priceCart(digital, generous, { locale: 'en', promo: { code: 'A', amount: 50000 } }));
    expect(free).toMatchObject({ discount: 11800, total: 0, vat: { ratePercent: 8.1, amount: 0 } });
    const withParcel = cart({ accessories: { 'cable-5m': 1 } });
    const parcelOnly = quoteOf(
      priceCart(withParcel, generous, { locale: 'en', promo: { code: 'A', percent: 100 } }),
    );
    expect(parcelOnly).toMatchObject({ subtotal: 1950, discount: 1950, shipping: 1200, total: 1200 });
  });

  it('a promo for subscriptions only leaves the hardware at full price', () => {
    const onlySubscriptions: ShopConfig = {
      ...config,
      promo: { ...config.promo, appliesTo: 'subscription' },
    };
    const quote = quoteOf(
      priceCart(cart({ controllers: { 'hs-gsm-4': 1 } }), onlySubscriptions, {
        locale: 'en',
        promo: { code: 'P', percent: 10 },
      }),
    );
    expect(quote).toMatchObject({
      subtotal: 34900 + 11800,
      discount: 1180,
      total: 34900 + 11800 - 1180 + 1200,
    });
  });

  it('a promo when the config has promotions switched off is refused', () => {
    const off: ShopConfig = { ...config, promo: { ...config.promo, enabled: false } };
    expect(problemsOf(priceCart(digital, off, { locale: 'en', promo: { code: 'P', percent: 10 } }))).toEqual([
      { path: 'promoCode', key: 'errors:promoCodeInvalid' },
    ]);
  });

  it('a promo discount outside 0–100 % or below 0 is a programming error', () => {
    expect(() => priceCart(digital, config, { locale: 'en', promo: { code: 'P', percent: 120 } })).toThrow(
      RangeError,
    );
    expect(() => priceCart(digital, config, { locale: 'en', promo: { code: 'P', amount: -1 } })).toThrow(
      RangeError,
    );
  });
});

describe('priceCart: carts the config does not allow', () => {
  it('names each problem with its cart field', () => {
    const result = priceCart(
      cart({
        subscriptionYears: 4,
        controllers: { 'hs-gsm-8': 1, 'hs-gsm-16': 1 },
        accessories: { 'hs-gsm-4': 1 },
        scales: {
          s1: { product: 'hive-scale-150', amount: 1, plate: { width: 299, length: 701 } },
          s2: { product: 'hive-scale-200', amount: 1, plate: { width: 800, length: 900 } },
          s3: { product: 'hive-scale-999', amount: 1, plate },
        },
        platePickup: 'somewhere',
      }),
      config,
      en,
    );
    expect(problemsOf(result)).toEqual([
      { path: 'subscriptionYears', key: 'shop:yearsNotOffered', params: { years: '1, 2, 3, 5' } },
      { path: 'controllers.hs-gsm-16', key: 'shop:unknownProduct' },
      { path: 'accessories.hs-gsm-4', key: 'shop:unknownProduct' },
      { path: 'scales.s1.plate.width', key: 'shop:plate.widthOutOfRange', params: { min: 300, max: 600 } },
      { path: 'scales.s1.plate.length', key: 'shop:plate.lengthOutOfRange', params: { min: 350, max: 700 } },
      { path: 'scales.s3.product', key: 'shop:unknownProduct' },
      { path: 'platePickup', key: 'shop:unknownPickup' },
    ]);
  });

  it('plate sides on the limits are accepted', () => {
    const edges = { s1: { product: 'hive-scale-150', amount: 1, plate: { width: 300, length: 700 } } };
    expect(priceCart(cart({ scales: edges }), config, en).ok).toBe(true);
  });

  it('refuses amounts that are not whole numbers from 0 to 100 even when the cart was not parsed', () => {
    const raw = {
      ...freshCart(),
      controllers: { 'hs-gsm-4': -1, 'hs-gsm-8': 1.5 },
      scales: { s1: { product: 'hive-scale-150', amount: 101, plate } },
    } as ShopCart;
    expect(problemsOf(priceCart(raw, config, en))).toEqual([
      { path: 'controllers.hs-gsm-4', key: 'shop:amountInvalid' },
      { path: 'controllers.hs-gsm-8', key: 'shop:amountInvalid' },
      { path: 'scales.s1.amount', key: 'shop:amountInvalid' },
    ]);
  });

  it('refuses another currency', () => {
    expect(
      problemsOf(priceCart(cart({ currency: 'eur', controllers: { 'hs-gsm-4': 1 } }), config, en)),
    ).toEqual([{ path: 'currency', key: 'shop:currencyUnsupported', params: { currency: 'CHF' } }]);
  });
});

describe('priceCart: the shop sells to Switzerland only', () => {
  const address = { ...freshCart().address, country: 'DE' };

  it('an address outside Switzerland gets the contact-the-provider answer, and nothing else', () => {
    const result = priceCart(cart({ address, controllers: { 'no-such-product': 1 } }), config, en);
    expect(result).toEqual({
      ok: false,
      notSwitzerland: true,
      problems: [
        {
          path: 'address.country',
          key: 'shop:onlySwitzerland',
          params: { contact: 'Hivescope AG, shop@hivescope.example, +41 31 552 18 40' },
        },
      ],
    });
  });

  it.each(['AT', 'LI', 'FR'])('also from %s, which the address form offers', (country) => {
    const result = priceCart(
      cart({ address: { ...address, country }, mode: 'digital', nofSubscriptions: 1 }),
      config,
      en,
    );
    expect(result).toMatchObject({ ok: false, notSwitzerland: true });
  });

  it('a Swiss address is priced', () => {
    expect(
      priceCart(
        cart({ address: { ...address, country: 'ch' }, mode: 'digital', nofSubscriptions: 1 }),
        config,
        en,
      ).ok,
    ).toBe(true);
  });
});
