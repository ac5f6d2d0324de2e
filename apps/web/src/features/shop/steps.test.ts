import { describe, expect, it } from 'vitest';
import { neighbours, pageOf, stepPath, stepsOf, termsPath, isTermsDocument } from './steps';

/** The step names of spec §2: all of them in the hardware shop, no hardware and no shipping in the subscription shop. */
describe('shop steps', () => {
  it('walks every step in the hardware shop and skips hardware and shipping in the subscription shop', () => {
    expect(stepsOf('hardware+digital')).toEqual([
      'address',
      'hardware',
      'subscriptions',
      'shipping',
      'payment',
      'confirmation',
    ]);
    expect(stepsOf('digital')).toEqual(['address', 'subscriptions', 'payment', 'confirmation']);
  });

  it('reads the URL: no step is the first, end pages are pages, a step of the other shop is refused', () => {
    expect(pageOf('hardware+digital', undefined)).toEqual({ kind: 'step', step: 'address', index: 0 });
    expect(pageOf('hardware+digital', 'shipping')).toEqual({ kind: 'step', step: 'shipping', index: 3 });
    expect(pageOf('digital', 'payment')).toEqual({ kind: 'step', step: 'payment', index: 2 });
    expect(pageOf('digital', 'completion')).toEqual({ kind: 'end', page: 'completion' });
    expect(pageOf('hardware+digital', 'transactionFailure')).toEqual({
      kind: 'end',
      page: 'transactionFailure',
    });
    expect(pageOf('digital', 'hardware')).toBeNull();
    expect(pageOf('hardware+digital', 'nonsense')).toBeNull();
  });

  it('links the steps of each shop under its own base', () => {
    expect(stepPath('hardware+digital', 'payment')).toBe('/shop/payment');
    expect(stepPath('digital', 'completion')).toBe('/subscriptionShop/completion');
    expect(neighbours('digital', 'subscriptions')).toEqual({ previous: 'address', next: 'payment' });
    expect(neighbours('hardware+digital', 'address')).toEqual({ previous: null, next: 'hardware' });
    expect(neighbours('hardware+digital', 'confirmation')).toEqual({ previous: 'payment', next: null });
  });

  it('puts the terms under a language prefix', () => {
    expect(termsPath('fr', 'productTerms')).toBe('/fr/shop/productTerms');
    expect(isTermsDocument('onlineServicesTerms')).toBe(true);
    expect(isTermsDocument('admin')).toBe(false);
    expect(isTermsDocument(undefined)).toBe(false);
  });
});
