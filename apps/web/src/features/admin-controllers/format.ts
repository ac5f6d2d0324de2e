import { formatDate, formatWithUnit, MISSING } from '../../lib/format';

/** Display helpers of the controller tables; `locale` is the UI language. Missing values show "–". */
export { formatDate, MISSING };

/** Date and time in the tables' short form ("01.05.26, 11:00"). */
export function formatDateTime(iso: string | null, locale: string): string {
  if (!iso) return MISSING;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return MISSING;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' }).format(date);
}

/** A measured value with its unit, e.g. "3.91 V", "−77 dBm"; null shows "–". */
export function formatMeasure(value: number | null, unit: string, locale: string, digits = 1): string {
  return formatWithUnit(value, locale, unit, digits);
}
