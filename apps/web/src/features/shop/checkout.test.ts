import { describe, expect, it } from 'vitest';
import { addScaleLine, freshCart, resetCartForMode, type ShopCart } from '@hivescope/contract';
import {
  addressProblems,
  hasHardware,
  hasScales,
  initialCheckout,
  needsModeReset,
  orderBlockers,
  validateBody,
} from './checkout';

const address: ShopCart['address'] = {
  email: 'anna@example.org',
  firstname: 'Anna',
  lastname: 'Imker',
  company: '',
  street: 'Bienenweg 3',
  zip: '3006',
  city: 'Bern',
  country: 'CH',
  phone: '',
};

describe('validateBody', () => {
  it('sends the promo code in upper case, or none when the field is empty', () => {
    expect(validateBody(freshCart(), ' spring-25 ').promoCode).toBe('SPRING-25');
    expect(validateBody(freshCart(), '  ').promoCode).toBeNull();
  });
});

describe('addressProblems', () => {
  it('names each missing or wrong field by its message key', () => {
    expect(addressProblems(address)).toEqual({});
    const problems = addressProblems({ ...address, firstname: '', zip: '30', email: 'nope' });
    expect(Object.keys(problems).sort()).toEqual(['email', 'firstname', 'zip']);
    expect(problems.zip).toBe('shop:zipInvalid');
    expect(problems.firstname).toBe('errors:fieldRequired');
  });
});

describe('orderBlockers', () => {
  const hardware = { ...resetCartForMode(freshCart(), 'hardware+digital', 'hs-gsm-4'), address };
  const accepted = { ...initialCheckout, acceptTerms: true };

  it('lets a complete Swiss order with accepted terms through', () => {
    expect(orderBlockers(hardware, accepted)).toEqual([]);
    expect(orderBlockers({ ...resetCartForMode(hardware, 'digital'), address }, accepted)).toEqual([]);
  });

  it('stops an order outside Switzerland, with an incomplete address, empty, or without the terms', () => {
    expect(orderBlockers({ ...hardware, address: { ...address, country: 'DE' } }, accepted)).toEqual([
      'shop:ui.blocker.country',
    ]);
    expect(orderBlockers({ ...hardware, address: { ...address, city: '' } }, accepted)).toEqual([
      'shop:ui.blocker.address',
    ]);
    expect(orderBlockers({ ...hardware, controllers: { 'hs-gsm-4': 0 } }, accepted)).toEqual([
      'shop:ui.blocker.empty',
    ]);
    expect(orderBlockers(hardware, initialCheckout)).toEqual(['shop:ui.blocker.terms']);
  });
});

describe('hasHardware and hasScales', () => {
  it('count only lines with an amount above 0', () => {
    const empty = freshCart();
    expect(hasHardware(empty)).toBe(false);
    const { cart } = addScaleLine(empty, 'hive-scale-150', { width: 450, length: 500 }, 0);
    expect(hasScales(cart)).toBe(false);
    const one = addScaleLine(empty, 'hive-scale-150', { width: 450, length: 500 }).cart;
    expect(hasScales(one)).toBe(true);
    expect(hasHardware({ ...empty, accessories: { 'cable-5m': 2 } })).toBe(true);
  });
});

describe('needsModeReset', () => {
  it('resets a cart of the other shop and a hardware cart nobody chose anything in', () => {
    const fresh = freshCart();
    expect(needsModeReset(fresh, 'hardware+digital')).toBe(true);
    expect(needsModeReset(fresh, 'digital')).toBe(true);
    const hardware = resetCartForMode(fresh, 'hardware+digital', 'hs-gsm-4');
    expect(needsModeReset(hardware, 'hardware+digital')).toBe(false);
    expect(needsModeReset({ ...hardware, controllers: { 'hs-gsm-4': 0 } }, 'hardware+digital')).toBe(false);
    expect(needsModeReset(hardware, 'digital')).toBe(true);
    const digital = resetCartForMode(fresh, 'digital');
    expect(needsModeReset(digital, 'digital')).toBe(false);
    expect(needsModeReset({ ...digital, nofSubscriptions: 0 }, 'digital')).toBe(false);
  });
});
