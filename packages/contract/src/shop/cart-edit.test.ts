import { describe, expect, it } from 'vitest';
import {
  addScaleLine,
  clampAmount,
  freshCart,
  migrateCart,
  removeScaleLine,
  resetCartForMode,
  setCartAmount,
  setNofSubscriptions,
  updateScaleLine,
} from './cart-edit';
import { shopCartSchema, type ShopCart } from './cart';

const address = {
  email: 'anna@example.ch',
  firstname: 'Anna',
  lastname: 'Muster',
  company: '',
  street: 'Bahnhofstrasse 1',
  zip: '8001',
  city: 'Zürich',
  country: 'CH',
  phone: '',
};
const plate = { width: 450, length: 500 };

function filledCart(): ShopCart {
  const cart = shopCartSchema.parse({
    mode: 'hardware+digital',
    subscriptionYears: 3,
    controllers: { 'hs-gsm-8': 2 },
    accessories: { 'cable-5m': 1 },
    scales: { s1: { product: 'hive-scale-150', amount: 1, plate } },
    platePickup: 'imkerhof-bern',
    comment: 'Bitte vormittags liefern',
    address,
  });
  return cart;
}

describe('cart reset by mode (spec §4)', () => {
  it('digital gives mode digital with 1 subscription and keeps only the address', () => {
    const cart = resetCartForMode(filledCart(), 'digital', 'hs-gsm-4');
    expect(cart).toEqual({ ...freshCart(), mode: 'digital', nofSubscriptions: 1, address });
  });

  it('hardware+digital gives 1 transmitter (the default one) and keeps only the address', () => {
    const digital = {
      ...filledCart(),
      mode: 'digital' as const,
      nofSubscriptions: 5,
      subscriptionControllerId: 7,
    };
    const cart = resetCartForMode(digital, 'hardware+digital', 'hs-gsm-4');
    expect(cart).toEqual({ ...freshCart(), controllers: { 'hs-gsm-4': 1 }, address });
  });

  it('without a default transmitter hardware+digital starts with none', () => {
    expect(resetCartForMode(filledCart(), 'hardware+digital').controllers).toEqual({});
  });

  it('returns a new cart and leaves the old one as it was', () => {
    const before = filledCart();
    const copy = structuredClone(before);
    const after = resetCartForMode(before, 'digital');
    after.address.city = 'Bern';
    expect(before).toEqual(copy);
  });
});

describe('amounts are floored at 0', () => {
  it('clamps to whole numbers from 0 to 100', () => {
    expect([-3, 0, 2.7, 100, 250, Number.NaN, Infinity].map(clampAmount)).toEqual([
      0, 0, 2, 100, 100, 0, 100,
    ]);
  });

  it('a transmitter or accessory set below 0 stays as an entry with 0', () => {
    const cart = setCartAmount(filledCart(), 'controllers', 'hs-gsm-8', -4);
    expect(cart.controllers).toEqual({ 'hs-gsm-8': 0 });
    expect(setCartAmount(cart, 'accessories', 'battery-pack', 3).accessories).toEqual({
      'cable-5m': 1,
      'battery-pack': 3,
    });
  });

  it('nofSubscriptions too', () => {
    expect(setNofSubscriptions(freshCart(), -1).nofSubscriptions).toBe(0);
    expect(setNofSubscriptions(freshCart(), 4).nofSubscriptions).toBe(4);
  });
});

describe('scale lines', () => {
  it('adding numbers the lines s1, s2, … after the highest one', () => {
    const first = addScaleLine(freshCart(), 'hive-scale-150', plate);
    const second = addScaleLine(first.cart, 'hive-scale-200', { width: 520, length: 600 }, 2);
    expect([first.lineId, second.lineId]).toEqual(['s1', 's2']);
    expect(second.cart.scales.s2).toEqual({
      product: 'hive-scale-200',
      amount: 2,
      plate: { width: 520, length: 600 },
    });
    const afterRemoval = removeScaleLine(second.cart, 's1');
    expect(addScaleLine(afterRemoval, 'hive-scale-150', plate).lineId).toBe('s3');
  });

  it('updating floors the amount at 0 and keeps the entry; removing deletes it', () => {
    const cart = updateScaleLine(filledCart(), 's1', { amount: -2, plate: { width: 400, length: 400 } });
    expect(cart.scales.s1).toEqual({
      product: 'hive-scale-150',
      amount: 0,
      plate: { width: 400, length: 400 },
    });
    expect(removeScaleLine(cart, 's1').scales).toEqual({});
    expect(updateScaleLine(cart, 'nope', { amount: 1 })).toBe(cart);
  });
});

describe('migration of a persisted cart to schema 6', () => {
  it('keeps a schema-6 cart as it is (including redux-persist bookkeeping around it)', () => {
    const cart = filledCart();
    expect(migrateCart({ ...cart, _persist: { version: 6, rehydrated: true } })).toEqual(cart);
    const { schemaVersion: _unused, ...withoutOwnVersion } = cart;
    expect(migrateCart({ ...withoutOwnVersion, _persist: { version: 6, rehydrated: true } })).toEqual(cart);
  });

  it('a schema-6 cart with one bad field keeps every field that still passes', () => {
    const cart = filledCart();
    const migrated = migrateCart({
      ...cart,
      controllers: { 'hs-gsm-8': -1 },
      address: { ...address, country: 'XX' },
    });
    expect(migrated).toEqual({ ...cart, controllers: {}, address: { ...address, country: 'CH' } });
  });

  it('schemas 1 to 5 keep the address and the mode, and start that mode afresh', () => {
    const old = {
      schemaVersion: 5,
      mode: 'digital',
      nofSubscriptions: 9,
      controllers: { gsm: 3 },
      scales: { 'hive-scale-150': 2 },
      address: { ...address, firstname: 'Anna', unknownOldField: 'x' },
    };
    expect(migrateCart(old, 'hs-gsm-4')).toEqual({
      ...freshCart(),
      mode: 'digital',
      nofSubscriptions: 1,
      address,
    });
    expect(migrateCart({ _persist: { version: 2 }, address }, 'hs-gsm-4')).toEqual({
      ...freshCart(),
      controllers: { 'hs-gsm-4': 1 },
      address,
    });
  });

  it.each([
    ['nothing', undefined],
    ['a string', 'cart'],
    ['an array', [1, 2]],
    ['no version', { mode: 'digital', address }],
    ['a newer version', { schemaVersion: 7, mode: 'digital', address }],
    ['version 0', { schemaVersion: 0, address }],
    ['a version that is not a number', { schemaVersion: '6', address }],
  ])('%s gives a fresh cart', (_, persisted) => {
    expect(migrateCart(persisted)).toEqual(freshCart());
  });
});
