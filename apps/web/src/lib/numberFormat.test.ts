import { describe, expect, it } from 'vitest';
import { decimalSeparator } from './numberFormat';

describe('decimalSeparator', () => {
  it('follows the locale', () => {
    expect(decimalSeparator('de')).toBe(',');
    expect(decimalSeparator('fr')).toBe(',');
    expect(decimalSeparator('es')).toBe(',');
    expect(decimalSeparator('en')).toBe('.');
  });
});
