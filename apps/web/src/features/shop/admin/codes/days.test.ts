import { describe, expect, it } from 'vitest';
import { firstDayToIso, isoToFirstDay, isoToLastDay, lastDayToIso } from './days';

describe('code validity days (docs/shop.md "Codes")', () => {
  it('a first day starts at local midnight, a last day ends at the next local midnight', () => {
    const from = firstDayToIso('2030-03-31');
    const until = lastDayToIso('2030-03-31');
    expect(from).not.toBeNull();
    expect(new Date(from ?? '').getHours()).toBe(0);
    expect(new Date(from ?? '').getDate()).toBe(31);
    expect(new Date(until ?? '').getDate()).toBe(1); // 1 April, midnight
    expect(new Date(until ?? '').getMonth()).toBe(3);
  });

  it('goes back to the same days, and empty or malformed input is no day', () => {
    expect(isoToFirstDay(firstDayToIso('2030-12-31'))).toBe('2030-12-31');
    expect(isoToLastDay(lastDayToIso('2030-12-31'))).toBe('2030-12-31');
    expect(firstDayToIso('')).toBeNull();
    expect(lastDayToIso('31.12.2030')).toBeNull();
    expect(isoToFirstDay(null)).toBe('');
    expect(isoToLastDay(null)).toBe('');
  });
});
