import { describe, expect, it } from 'vitest';
import { netWeight, roundToGrams } from './weight';

describe('roundToGrams', () => {
  it('removes float noise and keeps kilograms with at most three decimals', () => {
    expect(roundToGrams(42.349998474121094)).toBe(42.35);
    expect(roundToGrams(0.1 + 0.2)).toBe(0.3);
    expect(roundToGrams(12.3456)).toBe(12.346);
    expect(roundToGrams(-1.0004)).toBe(-1);
  });
});

describe('netWeight', () => {
  it('is the weight less empty weight and reserves, rounded to grams', () => {
    expect(netWeight(52.35, 30.1, 10.2)).toBe(12.05);
    expect(netWeight(40.0000001, 30, 10)).toBe(0);
  });

  it('may be negative and is null without a measured weight', () => {
    expect(netWeight(35, 30, 10)).toBe(-5);
    expect(netWeight(null, 30, 10)).toBeNull();
  });
});
