import { describe, expect, it } from 'vitest';
import {
  formatCelsius,
  formatHumidity,
  formatKg,
  formatRelative,
  formatWithUnit,
  relativeParts,
} from './format';

/** Intl may use narrow/no-break spaces; compare with plain spaces. */
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('formatKg', () => {
  it('shows 1 to 2 decimals in the locale', () => {
    expect(plain(formatKg(42.35, 'de'))).toBe('42,35 kg');
    expect(plain(formatKg(42, 'en'))).toBe('42.0 kg');
    expect(plain(formatKg(42.356, 'en'))).toBe('42.36 kg');
  });
  it('signs a change', () => {
    expect(plain(formatKg(1.2, 'de', true))).toBe('+1,2 kg');
    expect(plain(formatKg(-0.5, 'en', true))).toBe('-0.5 kg');
  });
  it('shows a dash without a value', () => {
    expect(formatKg(null, 'de')).toBe('–');
    expect(formatKg(Number.NaN, 'de')).toBe('–');
  });
});

describe('other units', () => {
  it('formats temperature, humidity, volt and dBm', () => {
    expect(plain(formatCelsius(34.12, 'de'))).toBe('34,1 °C');
    expect(plain(formatHumidity(61, 'en'))).toBe('61%');
    expect(plain(formatWithUnit(3.912, 'de', 'V', 2))).toBe('3,91 V');
    expect(formatWithUnit(-77, 'en', 'dBm')).toBe('-77 dBm');
  });
});

describe('relative time', () => {
  const now = new Date('2026-05-01T12:00:00Z');
  it('picks the largest fitting unit', () => {
    expect(relativeParts(-30)).toEqual({ value: 0, unit: 'second' });
    expect(relativeParts(-7200)).toEqual({ value: -2, unit: 'hour' });
    expect(relativeParts(-3 * 86_400)).toEqual({ value: -3, unit: 'day' });
  });
  it('is localised', () => {
    expect(formatRelative('2026-05-01T10:00:00Z', 'en', now)).toBe('2 hours ago');
    expect(formatRelative('2026-05-01T10:00:00Z', 'de', now)).toBe('vor 2 Stunden');
    expect(formatRelative('2026-05-01T11:59:40Z', 'en', now)).toBe('now');
    expect(formatRelative(null, 'en', now)).toBe('–');
  });
});
