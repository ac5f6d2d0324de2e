/**
 * Money arithmetic of the shop (docs/shop.md "Pricing"): integer centimes (Rappen) only, so no sum is ever
 * off by a floating-point remainder. Percentages are carried in hundredths of a percent (8.1 % → 810).
 */

/** Largest amount of money the shop config accepts, in CHF (keeps every product of centimes exact). */
export const MONEY_MAX_CHF = 1_000_000;

/** True when `value` has at most two decimals (a CHF amount in whole centimes, a percentage like 8.1). */
export function hasAtMostTwoDecimals(value: number): boolean {
  return Number.isFinite(value) && Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;
}

/** CHF (at most two decimals) → centimes. */
export function toCentimes(chf: number): number {
  return Math.round(chf * 100);
}

/** A percentage → hundredths of a percent (8.1 → 810, 12.5 → 1250). */
export function toHundredths(percent: number): number {
  return Math.round(percent * 100);
}

/** a × b / c rounded half up, for non-negative integers (commercial rounding, exact in integers). */
export function mulDivRound(a: number, b: number, c: number): number {
  return Math.floor((2 * a * b + c) / (2 * c));
}

/** `percentHundredths` (810 = 8.1 %) of `centimes`, rounded half up to the centime. */
export function percentOf(centimes: number, percentHundredths: number): number {
  return mulDivRound(centimes, percentHundredths, 10_000);
}

/** The VAT included in a gross amount: gross × rate / (100 % + rate), rounded half up to the centime. */
export function includedVat(grossCentimes: number, rateHundredths: number): number {
  return mulDivRound(grossCentimes, rateHundredths, 10_000 + rateHundredths);
}

/** Swiss rounding to 5 centimes: remainders 1–2 go down, 3–4 go up (CHF 10.02 → 10.00, 10.03 → 10.05). */
export function roundTo5Centimes(centimes: number): number {
  return Math.floor((centimes + 2) / 5) * 5;
}

/** Centimes as the customer reads them, e.g. "CHF 1’234.50" in de-CH. */
export function chf(centimes: number, locale: string): string {
  return new Intl.NumberFormat(`${locale}-CH`, { style: 'currency', currency: 'CHF' }).format(centimes / 100);
}
