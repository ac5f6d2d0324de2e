import { describe, expect, it } from 'vitest';
import { toLocation } from './location';

describe('location inputs', () => {
  it('is null when both inputs are empty', () => {
    expect(toLocation('', '')).toBeNull();
    expect(toLocation(' ', '')).toBeNull();
  });

  it('reads numbers and numeric strings, with a decimal comma', () => {
    expect(toLocation(47.37, '8,54')).toEqual({ lat: 47.37, lng: 8.54 });
  });

  it('is invalid when one is missing, not a number or out of range', () => {
    expect(toLocation(47, '')).toBe('invalid');
    expect(toLocation('abc', 8)).toBe('invalid');
    expect(toLocation(91, 8)).toBe('invalid');
    expect(toLocation(47, -181)).toBe('invalid');
  });
});
