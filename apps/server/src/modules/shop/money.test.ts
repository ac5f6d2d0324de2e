import { describe, expect, it } from 'vitest';
import {
  hasAtMostTwoDecimals,
  includedVat,
  mulDivRound,
  percentOf,
  roundTo5Centimes,
  toCentimes,
  toHundredths,
} from './money';

/** The shop's money is exact integer centimes; each conversion and rounding rule on its own (docs/shop.md). */
describe('shop money', () => {
  it('CHF amounts become exact centimes, also where binary floating point is off (0.29 × 100 = 28.999…)', () => {
    expect([0.29, 19.5, 19.99, 1234.56, 0].map(toCentimes)).toEqual([29, 1950, 1999, 123456, 0]);
    expect(toHundredths(8.1)).toBe(810);
  });

  it('accepts at most two decimals', () => {
    expect([19.5, 19.95, 0.1 + 0.2, 100].map(hasAtMostTwoDecimals)).toEqual([true, true, true, true]);
    expect([19.955, 1.005, 0.001, Number.NaN, Infinity].map(hasAtMostTwoDecimals)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it('rounds half up in integers', () => {
    expect(mulDivRound(1, 1, 2)).toBe(1);
    expect(mulDivRound(1, 1, 3)).toBe(0);
    expect(mulDivRound(2, 1, 3)).toBe(1);
    expect(percentOf(11800, 700)).toBe(826);
    expect(percentOf(11800, 1250)).toBe(1475);
    expect(percentOf(5, 1000)).toBe(1); // 0.5 → 1
    expect(percentOf(4, 1000)).toBe(0); // 0.4 → 0
  });

  it('computes the VAT included in a gross price (8.1 %: CHF 108.10 holds CHF 8.10)', () => {
    expect(includedVat(10810, 810)).toBe(810);
    expect(includedVat(57900, 810)).toBe(4338); // 4338.48
    expect(includedVat(10000, 0)).toBe(0);
  });

  it('Swiss rounding to 5 centimes: remainders 1–2 down, 3–4 up', () => {
    expect([1000, 1001, 1002, 1003, 1004, 1005].map(roundTo5Centimes)).toEqual([
      1000, 1000, 1000, 1005, 1005, 1005,
    ]);
    expect(roundTo5Centimes(0)).toBe(0);
  });
});
