import { useCallback, useState } from 'react';
import { shopPaymentMethodSchema } from '@hivescope/contract';
import { webStorage, type KeyValueStore } from '../../lib/webStorage';
import { initialCheckout, type Checkout } from './checkout';

const STORAGE_KEY = 'hivescope:shopCheckout';

/** The payment step's choices as kept for this tab: unreadable or missing parts start as initially. */
export function readCheckout(storage: KeyValueStore): Checkout {
  try {
    const raw = JSON.parse(storage.getItem(STORAGE_KEY) ?? '{}') as Partial<Record<keyof Checkout, unknown>>;
    const method = shopPaymentMethodSchema.safeParse(raw.paymentMethod);
    return {
      promoCode: typeof raw.promoCode === 'string' ? raw.promoCode.slice(0, 32) : initialCheckout.promoCode,
      paymentMethod: method.success ? method.data : initialCheckout.paymentMethod,
      acceptTerms: raw.acceptTerms === true,
    };
  } catch {
    return initialCheckout;
  }
}

export function writeCheckout(storage: KeyValueStore, checkout: Checkout): void {
  storage.setItem(STORAGE_KEY, JSON.stringify(checkout));
}

/**
 * Payment method, promo code and accepted terms, kept in this tab's sessionStorage: they survive moving
 * between steps, a reload and the round trip to the payment provider (a cancelled payment is retried with
 * them), but not the browser session, and they are not part of the cart the server reads.
 */
export function useCheckout(): [Checkout, (change: Partial<Checkout>) => void] {
  const [checkout, setCheckout] = useState(() => readCheckout(webStorage('sessionStorage')));
  const change = useCallback((partial: Partial<Checkout>) => {
    setCheckout((previous) => {
      const next = { ...previous, ...partial };
      writeCheckout(webStorage('sessionStorage'), next);
      return next;
    });
  }, []);
  return [checkout, change];
}
