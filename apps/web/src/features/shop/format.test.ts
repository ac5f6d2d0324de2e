import { describe, expect, it } from 'vitest';
import { clampPlateSide, formatChf } from './format';

describe('formatChf', () => {
  it('shows centimes as Swiss francs in the language', () => {
    const de = formatChf(123450, 'de');
    expect(de).toContain('CHF');
    expect(de.replace(/\D/g, '')).toBe('123450');
    expect(de).toMatch(/1.234\.50/);
    // Swiss French writes a decimal point too, and the currency after the amount
    expect(formatChf(123450, 'fr')).toMatch(/^1.234\.50.CHF$/);
    expect(formatChf(5, 'en')).toMatch(/0\.05/);
    expect(formatChf(-1500, 'en')).toMatch(/-.*15\.00|−.*15\.00/);
  });
});

describe('clampPlateSide', () => {
  const range = { min: 300, max: 600, default: 450 };
  it('keeps a side within the range, whole, and takes the default for an empty field', () => {
    expect(clampPlateSide(500, range)).toBe(500);
    expect(clampPlateSide(300, range)).toBe(300);
    expect(clampPlateSide(600, range)).toBe(600);
    expect(clampPlateSide(9999, range)).toBe(600);
    expect(clampPlateSide(4, range)).toBe(300);
    expect(clampPlateSide('512.6', range)).toBe(513);
    expect(clampPlateSide('', range)).toBe(450);
    expect(clampPlateSide('abc', range)).toBe(450);
  });
});
