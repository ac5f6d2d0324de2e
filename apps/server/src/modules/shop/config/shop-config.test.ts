import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseDocument } from 'yaml';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SHOP_CONFIG_FILE,
  SHOP_CONFIG_MAX_CHARS,
  defaultShopConfig,
  formatShopConfigErrors,
  loadShopConfigFile,
  parseShopConfig,
  type ShopConfigResult,
} from './shop-config';

const defaultText = fs.readFileSync(DEFAULT_SHOP_CONFIG_FILE, 'utf8');

/** The default config with one value changed (or removed with `undefined`). */
function changed(pathInConfig: (string | number)[], value: unknown): string {
  const doc = parseDocument(defaultText);
  if (value === undefined) doc.deleteIn(pathInConfig);
  else doc.setIn(pathInConfig, value);
  return String(doc);
}

function errorsOf(result: ShopConfigResult) {
  if (result.ok) throw new Error('expected an invalid config');
  return result.errors;
}

describe('the shipped default shop config', () => {
  it('is valid, in CHF with 8.1 % VAT, and its prices are in centimes', () => {
    const config = defaultShopConfig();
    expect(config.currency).toBe('CHF');
    expect(config.vatRatePercent).toBe(8.1);
    expect(config.products.transmitters.map((p) => [p.id, p.price])).toEqual([
      ['hs-gsm-4', 34900],
      ['hs-gsm-8', 44900],
    ]);
    expect(config.products.accessories.find((p) => p.id === 'cable-5m')?.price).toBe(1950);
    expect(config.products.scales[0]?.plate.width).toEqual({ min: 300, max: 600, default: 450 });
    expect(config.subscription).toEqual({
      pricePerYear: 5900,
      years: [1, 2, 3, 5],
      quantityBonus: { daysPerAdditional: 15, maxDaysPerYear: 60 },
    });
    expect(config.shipping).toMatchObject({ parcel: 1200, freeFrom: 100000, platePerScale: 2900 });
    expect(config.platePickup.map((p) => p.id)).toEqual(['imkerhof-bern', 'bienenladen-zuerich']);
  });

  it('ships mail templates for "send template" in every language, using only known placeholders', () => {
    const templates = defaultShopConfig().mailTemplates;
    expect(templates.map((t) => [t.id, t.name.de])).toEqual([
      ['shipped', 'Versandt'],
      ['payment-reminder', 'Zahlungserinnerung'],
    ]);
    for (const t of templates)
      for (const lang of ['de', 'en', 'fr', 'es'] as const) expect(t.body[lang]).toContain('{{key}}');
  });

  it('has every product name in every language', () => {
    const { transmitters, scales, accessories } = defaultShopConfig().products;
    for (const product of [...transmitters, ...scales, ...accessories])
      expect(Object.keys(product.name).sort()).toEqual(['de', 'en', 'es', 'fr']);
  });
});

describe('an invalid shop config is refused with path, line and a clear message', () => {
  it('YAML syntax errors name the line', () => {
    const errors = errorsOf(parseShopConfig('currency: CHF\nproducts:\n  transmitters: [a, b\n'));
    expect(errors).toHaveLength(1);
    expect(errors[0]?.message).toMatch(/^The YAML cannot be read: /);
    expect(errors[0]?.line).toBeGreaterThanOrEqual(3);
  });

  it('duplicate keys are a syntax error, not a silent override', () => {
    const errors = errorsOf(parseShopConfig('currency: CHF\ncurrency: EUR\n'));
    expect(errors[0]?.message).toMatch(/^The YAML cannot be read: .*unique/i);
  });

  it.each([
    ['an empty text', ''],
    ['a list', '- a\n- b\n'],
    ['a scalar', 'hello'],
  ])('%s is not a config', (_, text) => {
    expect(errorsOf(parseShopConfig(text))).toEqual([
      { path: '', line: null, message: 'The configuration must be a YAML mapping (key: value)' },
    ]);
  });

  it('refuses a text larger than the limit without parsing it', () => {
    const errors = errorsOf(parseShopConfig(`# ${'x'.repeat(SHOP_CONFIG_MAX_CHARS)}`));
    expect(errors[0]?.message).toBe('The configuration is too large (at most 256 KiB)');
  });

  it('stops an alias bomb', () => {
    const bomb = ['a: &a [x, x, x, x, x, x, x, x, x, x]']
      .concat(
        Array.from(
          { length: 8 },
          (_, i) => `${'bcdefghi'[i]}: &${'bcdefghi'[i]} [${Array(10).fill(`*${'abcdefgh'[i]}`).join(', ')}]`,
        ),
      )
      .join('\n');
    expect(errorsOf(parseShopConfig(bomb))[0]?.message).toMatch(/^The YAML cannot be read: /);
  });

  it('names a mistyped key with its path and line', () => {
    const text = defaultText.replace('  parcel: 12.00', '  parcell: 12.00');
    const line = text.split('\n').findIndex((l) => l.startsWith('  parcell:')) + 1;
    const errors = errorsOf(parseShopConfig(text));
    expect(errors).toContainEqual({ path: 'shipping.parcell', line, message: 'Unrecognized key: "parcell"' });
    expect(errors).toContainEqual({
      path: 'shipping.parcel',
      line: expect.any(Number),
      message: 'This field is missing',
    });
  });

  it.each([
    [
      ['products', 'transmitters', 0, 'price'],
      349.005,
      'products.transmitters[0].price',
      'Give the amount in CHF with at most two decimals',
    ],
    [
      ['products', 'transmitters', 0, 'price'],
      -1,
      'products.transmitters[0].price',
      'Too small: expected number to be >=0',
    ],
    [
      ['products', 'transmitters', 1, 'id'],
      'hs-gsm-4',
      'products.transmitters[1].id',
      'The id "hs-gsm-4" is used twice',
    ],
    [
      ['products', 'accessories', 0, 'id'],
      'hs-gsm-8',
      'products.accessories[0].id',
      'The id "hs-gsm-8" is used twice',
    ],
    [
      ['products', 'accessories', 0, 'id'],
      'Climate Sensor',
      'products.accessories[0].id',
      'Use lower-case letters, digits and hyphens (at most 40 characters)',
    ],
    [
      ['products', 'scales', 0, 'plate', 'width', 'min'],
      700,
      'products.scales[0].plate.width.min',
      'The minimum (700) must not be larger than the maximum (600)',
    ],
    [
      ['products', 'scales', 0, 'plate', 'length', 'default'],
      800,
      'products.scales[0].plate.length.default',
      'The default (800) must lie between the minimum (350) and the maximum (700)',
    ],
    [
      ['products', 'transmitters', 0, 'name', 'fr'],
      undefined,
      'products.transmitters[0].name.fr',
      'This field is missing',
    ],
    [
      ['subscription', 'years'],
      [1, 3],
      'subscription.years',
      'The terms must include the default term of 2 years',
    ],
    [['subscription', 'years'], [1, 2, 2], 'subscription.years', 'A subscription term appears twice'],
    [['currency'], 'EUR', 'currency', 'The shop sells in CHF only'],
    [['vatRatePercent'], 8.125, 'vatRatePercent', 'Give the percentage with at most two decimals'],
    [
      ['promo', 'appliesTo'],
      'shipping',
      'promo.appliesTo',
      'Invalid option: expected one of "subscription"|"all"',
    ],
    [['products', 'transmitters'], [], 'products.transmitters', 'Offer at least one transmitter'],
    [['provider', 'email'], 'shop(at)example', 'provider.email', 'Invalid email address'],
    [
      ['mailTemplates', 1, 'body', 'en'],
      'Dear {{firstName}}, you owe {{ total }}.',
      'mailTemplates[1].body.en',
      'Unknown placeholder "firstName"; use one of: key, firstname, lastname, company, email, total, orderDate',
    ],
    [['mailTemplates', 1, 'id'], 'shipped', 'mailTemplates[1].id', 'The id "shipped" is used twice'],
    [
      ['mailTemplates', 0, 'subject', 'es'],
      undefined,
      'mailTemplates[0].subject.es',
      'This field is missing',
    ],
  ])('%j = %j', (where, value, path, message) => {
    const errors = errorsOf(parseShopConfig(changed(where, value)));
    expect(errors.map((e) => [e.path, e.message])).toEqual([[path, message]]);
    expect(errors[0]?.line).toEqual(expect.any(Number));
  });

  it('speaks the admin’s language', () => {
    const errors = errorsOf(
      parseShopConfig(changed(['products', 'transmitters', 0, 'price'], 349.005), 'de'),
    );
    expect(errors[0]?.message).toBe('Geben Sie den Betrag in CHF mit höchstens zwei Dezimalstellen an');
    const missing = errorsOf(parseShopConfig(changed(['promo'], undefined), 'fr'));
    expect(missing).toEqual([{ path: 'promo', line: expect.any(Number), message: 'Ce champ manque' }]);
  });

  it('lists every problem, not only the first, and formats them one per line', () => {
    const text = changed(['currency'], 'EUR').replace('  parcel: 12.00', '  parcel: twelve');
    const errors = errorsOf(parseShopConfig(text));
    expect(errors.map((e) => e.path)).toEqual(['currency', 'shipping.parcel']);
    const formatted = formatShopConfigErrors(errors).split('\n');
    expect(formatted).toHaveLength(2);
    expect(formatted[0]).toMatch(/^Line \d+, currency: The shop sells in CHF only$/);
  });

  it('a file that cannot be read says why', () => {
    const missing = path.join(os.tmpdir(), `no-such-shop-config-${process.pid}.yaml`);
    expect(errorsOf(loadShopConfigFile(missing))).toEqual([
      { path: '', line: null, message: 'The configuration file cannot be read (ENOENT)' },
    ]);
  });
});
