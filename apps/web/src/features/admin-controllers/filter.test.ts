import { describe, expect, it } from 'vitest';
import { filterControllers } from './filter';
import { formatDate, formatDateTime, formatMeasure, MISSING } from './format';
import { adminRow } from './fixtures.test-utils';

const rows = [
  adminRow(),
  adminRow({ id: 8, name: 'Garten', imsi: '228019999999999', imei: null, owner: null, affiliation: null }),
];

describe('controller filter', () => {
  it('shows everything for an empty filter', () => {
    expect(filterControllers(rows, '  ')).toHaveLength(2);
  });

  it('matches every word against id, name, IMSI, IMEI, owner, affiliation and software', () => {
    expect(filterControllers(rows, 'anna').map((r) => r.id)).toEqual([7]);
    expect(filterControllers(rows, '9999').map((r) => r.id)).toEqual([8]);
    expect(filterControllers(rows, 'GARTEN 228').map((r) => r.id)).toEqual([8]);
    expect(filterControllers(rows, 'bern 1.4').map((r) => r.id)).toEqual([7]);
    expect(filterControllers(rows, 'wald garten')).toEqual([]);
  });
});

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
