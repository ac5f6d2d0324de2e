/** Display helpers of the controller tables; `locale` is the UI language. Missing values show "–". */
export const MISSING = '–';

export function formatDateTime(iso: string | null, locale: string): string {
  if (!iso) return MISSING;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return MISSING;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' }).format(date);
}

export function formatDate(iso: string | null, locale: string): string {
  if (!iso) return MISSING;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return MISSING;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(date);
}

/** A measured value with its unit, e.g. "3.91 V", "−77 dBm"; null shows "–". */
export function formatMeasure(value: number | null, unit: string, locale: string, digits = 1): string {
  if (value === null || !Number.isFinite(value)) return MISSING;
  const text = new Intl.NumberFormat(locale, {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(value);
  return `${text} ${unit}`;
}
