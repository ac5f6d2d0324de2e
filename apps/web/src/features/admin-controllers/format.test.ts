import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatMeasure, MISSING } from './format';

describe('table formats', () => {
  it('shows a dash for missing values', () => {
    expect(formatDateTime(null, 'de')).toBe(MISSING);
    expect(formatDate('nonsense', 'de')).toBe(MISSING);
    expect(formatMeasure(null, 'V', 'de')).toBe(MISSING);
  });

  it('formats measures in the UI language', () => {
    expect(formatMeasure(3.914, 'V', 'de', 2)).toBe('3,91 V');
    expect(formatMeasure(3.914, 'V', 'en', 2)).toBe('3.91 V');
    expect(formatMeasure(-77, 'dBm', 'en', 0)).toBe('-77 dBm');
  });
});
