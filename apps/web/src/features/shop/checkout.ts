import {
  isShopCountry,
  shopAddressSchema,
  type ShopCart,
  type ShopPaymentMethod,
  type ShopValidateRequest,
} from '@hivescope/contract';

/** What the customer chooses on the payment step; kept for the visit, not persisted with the cart. */
export type Checkout = { promoCode: string; paymentMethod: ShopPaymentMethod; acceptTerms: boolean };
export const initialCheckout: Checkout = { promoCode: '', paymentMethod: 'card', acceptTerms: false };

/** The body of POST shop/validate: the cart and the promo code, if one was typed. */
export function validateBody(cart: ShopCart, promoCode: string): ShopValidateRequest {
  const code = promoCode.trim().toUpperCase();
  return { ...cart, promoCode: code || null };
}

/** Contract messages are i18n keys ("errors:…", "shop:…"); zod's generic ones show "Field is required". */
export function messageKey(message: string): string {
  return /^(errors|shop):/.test(message) ? message : 'errors:fieldRequired';
}

/** The address problems by field (message keys), empty when the address is complete. */
export function addressProblems(address: ShopCart['address']): Record<string, string> {
  const result = shopAddressSchema.safeParse(address);
  if (result.success) return {};
  const problems: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '');
    problems[field] ??= messageKey(issue.message);
  }
  return problems;
}

/** Why the order cannot be sent yet (message keys of shop:ui), or none. */
export function orderBlockers(cart: ShopCart, checkout: Checkout): string[] {
  const blockers: string[] = [];
  if (!isShopCountry(cart.address.country)) blockers.push('shop:ui.blocker.country');
  else if (Object.keys(addressProblems(cart.address)).length > 0) blockers.push('shop:ui.blocker.address');
  if (cart.mode === 'digital' && cart.nofSubscriptions < 1) blockers.push('shop:ui.blocker.empty');
  if (cart.mode === 'hardware+digital' && !hasHardware(cart)) blockers.push('shop:ui.blocker.empty');
  if (!checkout.acceptTerms) blockers.push('shop:ui.blocker.terms');
  return blockers;
}

export function hasHardware(cart: ShopCart): boolean {
  const some = (map: Record<string, number>) => Object.values(map).some((n) => n > 0);
  return (
    some(cart.controllers) || some(cart.accessories) || Object.values(cart.scales).some((l) => l.amount > 0)
  );
}

export function hasScales(cart: ShopCart): boolean {
  return Object.values(cart.scales).some((line) => line.amount > 0);
}

/**
 * A cart that needs the reset of `mode` when the shop opens: one of the other shop, or a hardware cart nobody
 * has chosen anything in yet (a fresh cart is a hardware cart without products; the reset gives it its first
 * transmitter). A product set to 0 keeps its entry, so a cart emptied by hand is not filled again.
 */
export function needsModeReset(cart: ShopCart, mode: ShopCart['mode']): boolean {
  if (cart.mode !== mode) return true;
  const empty = (map: object) => Object.keys(map).length === 0;
  return (
    mode === 'hardware+digital' && empty(cart.controllers) && empty(cart.scales) && empty(cart.accessories)
  );
}
