import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { COUNTRIES_OFFERED, LOCALES } from '../constants';
import {
  isOrderKey,
  isShopCountry,
  orderKeySchema,
  shopAddressSchema,
  shopCartSchema,
  shopValidateAnswerSchema,
  shopValidateRequestSchema,
} from './cart';

const issues = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((i) => [i.path.join('.'), i.message]) ?? [];

describe('order key (spec §5: four groups of four characters separated by hyphens)', () => {
  it('accepts 4 × 4 letters or digits, in any case and with surrounding blanks, as upper case', () => {
    expect(orderKeySchema.parse(' k7qd-4mxz-92ht-pwae ')).toBe('K7QD-4MXZ-92HT-PWAE');
    expect(isOrderKey('ABCD-1234-EFGH-5678')).toBe(true);
  });

  it.each([
    'ABCD-1234-EFGH',
    'ABCD1234EFGH5678',
    'ABCD-1234-EFGH-567',
    'ABCD-1234-EFGH-56789',
    'ABCD_1234_EFGH_5678',
    'ÄBCD-1234-EFGH-5678',
    '',
  ])('refuses %j with "Invalid order key"', (key) => {
    expect(issues(orderKeySchema.safeParse(key))).toEqual([['', 'errors:invalidOrderKey']]);
  });
});

describe('shop address', () => {
  const address = {
    email: 'Anna@Example.ch',
    firstname: 'Anna',
    lastname: 'Muster',
    street: 'Bahnhofstrasse 1',
    zip: '8001',
    city: 'Zürich',
    country: 'ch',
  };

  it('takes the spec fields, normalises email and country, fills company and phone', () => {
    expect(shopAddressSchema.parse(address)).toEqual({
      ...address,
      email: 'anna@example.ch',
      country: 'CH',
      company: '',
      phone: '',
    });
  });

  it('offers exactly the countries of spec §9 and refuses others', () => {
    for (const country of COUNTRIES_OFFERED)
      expect(shopAddressSchema.safeParse({ ...address, country, zip: '1000' }).success).toBe(true);
    expect(issues(shopAddressSchema.safeParse({ ...address, country: 'US' }))).toEqual([
      ['country', 'shop:countryNotOffered'],
    ]);
  });

  it('needs a four-digit postcode in Switzerland only', () => {
    expect(issues(shopAddressSchema.safeParse({ ...address, zip: '80011' }))).toEqual([
      ['zip', 'shop:zipInvalid'],
    ]);
    expect(shopAddressSchema.safeParse({ ...address, country: 'DE', zip: '80331' }).success).toBe(true);
  });

  it('needs name, street, zip, city and a valid email', () => {
    const result = shopAddressSchema.safeParse({ ...address, firstname: ' ', email: 'nope' });
    expect(issues(result)).toEqual([
      ['email', 'errors:invalidEmail'],
      ['firstname', 'errors:fieldRequired'],
    ]);
  });

  it('shop only from Switzerland: CH is the shop country, the other offered ones are not', () => {
    expect(isShopCountry('ch')).toBe(true);
    expect(COUNTRIES_OFFERED.filter(isShopCountry)).toEqual(['CH']);
  });
});

describe('shop cart, schema 6', () => {
  it('an empty object is a fresh cart with the spec defaults (2 years, chf, country ch)', () => {
    expect(shopCartSchema.parse({})).toEqual({
      schemaVersion: 6,
      nofSubscriptions: 0,
      mode: 'hardware+digital',
      subscriptionYears: 2,
      currency: 'chf',
      subscriptionControllerId: null,
      controllers: {},
      scales: {},
      accessories: {},
      address: {
        email: '',
        firstname: '',
        lastname: '',
        company: '',
        street: '',
        zip: '',
        city: '',
        country: 'CH',
        phone: '',
      },
      platePickup: null,
      comment: '',
    });
  });

  it('drops what the client keeps for itself (validate, checkout, a total): the server never sees it', () => {
    const cart = shopCartSchema.parse({
      controllers: { 'hs-gsm-8': 1 },
      total: 1,
      validate: { fetching: false, total: 1, items: [] },
      checkout: { fetching: false, total: 1, paymentUrl: 'https://evil.example' },
    });
    expect(cart).not.toHaveProperty('total');
    expect(cart).not.toHaveProperty('validate');
    expect(cart).not.toHaveProperty('checkout');
  });

  it('refuses negative, fractional and too large amounts with the shop messages', () => {
    const result = shopCartSchema.safeParse({
      controllers: { 'hs-gsm-8': -1 },
      accessories: { 'cable-5m': 1.5 },
      nofSubscriptions: 101,
    });
    expect(issues(result)).toEqual([
      ['nofSubscriptions', 'shop:amountTooLarge'],
      ['controllers.hs-gsm-8', 'shop:amountInvalid'],
      ['accessories.cable-5m', 'shop:amountInvalid'],
    ]);
  });

  it('a scale line carries its product, amount and plate in whole millimetres', () => {
    const line = { product: 'hive-scale-150', amount: 2, plate: { width: 450, length: 500 } };
    expect(shopCartSchema.parse({ scales: { s1: line } }).scales).toEqual({ s1: line });
    const bad = shopCartSchema.safeParse({
      scales: { s1: { ...line, plate: { width: 450.5, length: 500 } } },
    });
    expect(issues(bad)).toEqual([['scales.s1.plate.width', 'shop:plateInvalid']]);
  });

  it('refuses another schema version', () => {
    expect(shopCartSchema.safeParse({ schemaVersion: 5 }).success).toBe(false);
  });
});

describe('POST shop/validate shapes', () => {
  it('the request is the cart plus an optional promo code (upper case)', () => {
    expect(shopValidateRequestSchema.parse({ promoCode: ' spring-26 ' }).promoCode).toBe('SPRING-26');
    expect(issues(shopValidateRequestSchema.safeParse({ promoCode: 'x' }))).toEqual([
      ['promoCode', 'errors:promoCodeInvalid'],
    ]);
  });

  it('the answer has total and items (spec §7) in integer centimes', () => {
    const answer = {
      currency: 'CHF',
      items: [
        { kind: 'transmitter', id: 'hs-gsm-8', name: 'Sender', quantity: 1, unitPrice: 44900, amount: 44900 },
      ],
      subtotal: 44900,
      discount: 0,
      shipping: 0,
      rounding: 0,
      total: 44900,
      vat: { ratePercent: 8.1, amount: 3364 },
      subscription: null,
    };
    expect(shopValidateAnswerSchema.parse(answer)).toEqual(answer);
    expect(shopValidateAnswerSchema.safeParse({ ...answer, total: 449.5 }).success).toBe(false);
  });
});

describe('shop texts', () => {
  const localesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../locales');
  const source = ['cart.ts', 'cart-edit.ts']
    .map((f) => fs.readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), f), 'utf8'))
    .join('\n');
  const keys = [
    ...new Set([...source.matchAll(/'(shop|errors):([\w.]+)'/g)].map((m) => [m[1]!, m[2]!] as const)),
  ];

  it.each(LOCALES)('every message key of the contract exists in %s', (locale) => {
    expect(keys.length).toBeGreaterThan(5);
    const missing = keys.filter(([ns, key]) => {
      const file = JSON.parse(fs.readFileSync(path.join(localesDir, locale, `${ns}.json`), 'utf8'));
      return (
        typeof key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)?.[k], file) !==
        'string'
      );
    });
    expect(missing).toEqual([]);
  });
});
