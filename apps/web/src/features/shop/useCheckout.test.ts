import { describe, expect, it } from 'vitest';
import { memoryStore } from '../../lib/webStorage';
import { initialCheckout } from './checkout';
import { readCheckout, writeCheckout } from './useCheckout';

describe('checkout choices kept for the tab', () => {
  it('reads back what was written', () => {
    const storage = memoryStore();
    const checkout = { promoCode: 'SPRING-25', paymentMethod: 'invoice' as const, acceptTerms: true };
    writeCheckout(storage, checkout);
    expect(readCheckout(storage)).toEqual(checkout);
  });

  it('starts afresh from nothing or from something unreadable, part by part', () => {
    const storage = memoryStore();
    expect(readCheckout(storage)).toEqual(initialCheckout);
    storage.setItem('hivescope:shopCheckout', '{broken');
    expect(readCheckout(storage)).toEqual(initialCheckout);
    storage.setItem(
      'hivescope:shopCheckout',
      JSON.stringify({ paymentMethod: 'bitcoin', acceptTerms: 'yes', promoCode: 'A1B' }),
    );
    expect(readCheckout(storage)).toEqual({ ...initialCheckout, promoCode: 'A1B' });
  });
});
