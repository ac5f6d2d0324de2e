import type { ShopMode } from '@hivescope/contract';

/**
 * The shop's steps (docs/shop.md "Screens"): the hardware shop at /shop/{step} walks all of them, the
 * subscription shop at /subscriptionShop/{step} has no hardware and no shipping. `completion` and
 * `transactionFailure` are where the payment provider returns the browser to; they are not in the stepper.
 * The subscription step is `subscriptions`: /shop/subscription redirects to the subscription shop (spec §2).
 */
export const SHOP_STEPS = [
  'address',
  'hardware',
  'subscriptions',
  'shipping',
  'payment',
  'confirmation',
] as const;
export type ShopStep = (typeof SHOP_STEPS)[number];
export const SHOP_END_PAGES = ['completion', 'transactionFailure'] as const;
export type ShopEndPage = (typeof SHOP_END_PAGES)[number];

const DIGITAL_STEPS: readonly ShopStep[] = ['address', 'subscriptions', 'payment', 'confirmation'];

export function stepsOf(mode: ShopMode): readonly ShopStep[] {
  return mode === 'digital' ? DIGITAL_STEPS : SHOP_STEPS;
}

/** The route base of a mode: hardware+digital at /shop, digital at /subscriptionShop. */
export function shopBase(mode: ShopMode): string {
  return mode === 'digital' ? '/subscriptionShop' : '/shop';
}

export function stepPath(mode: ShopMode, step: ShopStep | ShopEndPage): string {
  return `${shopBase(mode)}/${step}`;
}

export type ShopPage = { kind: 'step'; step: ShopStep; index: number } | { kind: 'end'; page: ShopEndPage };

/**
 * What the URL's step parameter shows: no step is the first step; a step of the other shop, or an unknown
 * name, is `null` (the page sends the visitor to the first step).
 */
export function pageOf(mode: ShopMode, param: string | undefined): ShopPage | null {
  const steps = stepsOf(mode);
  if (!param) return { kind: 'step', step: steps[0] ?? 'address', index: 0 };
  const index = steps.indexOf(param as ShopStep);
  if (index >= 0) return { kind: 'step', step: steps[index] as ShopStep, index };
  if ((SHOP_END_PAGES as readonly string[]).includes(param))
    return { kind: 'end', page: param as ShopEndPage };
  return null;
}

/** The step before and after `step` in its mode (null at either end). */
export function neighbours(
  mode: ShopMode,
  step: ShopStep,
): { previous: ShopStep | null; next: ShopStep | null } {
  const steps = stepsOf(mode);
  const index = steps.indexOf(step);
  return { previous: steps[index - 1] ?? null, next: steps[index + 1] ?? null };
}

/** The two terms documents, each at /{lang}/shop/{document} (docs/shop.md "Screens"). */
export const TERMS_DOCUMENTS = ['onlineServicesTerms', 'productTerms'] as const;
export type TermsDocument = (typeof TERMS_DOCUMENTS)[number];

export function termsPath(locale: string, document: TermsDocument): string {
  return `/${locale}/shop/${document}`;
}

export function isTermsDocument(value: string | undefined): value is TermsDocument {
  return (TERMS_DOCUMENTS as readonly (string | undefined)[]).includes(value);
}
