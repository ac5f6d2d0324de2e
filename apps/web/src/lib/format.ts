/**
 * Locale-aware formatting for the dashboard and the controller settings (Intl, no extra library).
 * Every function takes the UI locale ("de", "en", …) and returns "–" for a missing value.
 */
export const MISSING = '–';

const numberFormats = new Map<string, Intl.NumberFormat>();
function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    numberFormats.set(key, format);
  }
  return format;
}

/** "42,35 kg" — 1 to 2 decimals. `signed` adds "+" to positive values (today's change). */
export function formatKg(value: number | null | undefined, locale: string, signed = false): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return MISSING;
  return numberFormat(locale, {
    style: 'unit',
    unit: 'kilogram',
    minimumFractionDigits: 1,
    maximumFractionDigits: 2,
    signDisplay: signed ? 'exceptZero' : 'auto',
  }).format(value);
}

/** "34,1 °C". */
export function formatCelsius(value: number | null | undefined, locale: string): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return MISSING;
  return numberFormat(locale, { style: 'unit', unit: 'celsius', maximumFractionDigits: 1 }).format(value);
}

/** Relative humidity given in percent (61 → "61 %"). */
export function formatHumidity(value: number | null | undefined, locale: string): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return MISSING;
  return numberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }).format(value / 100);
}

/** A plain number with a unit that Intl does not know ("3,91 V", "-77 dBm"). */
export function formatWithUnit(
  value: number | null | undefined,
  locale: string,
  unit: string,
  digits = 0,
): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return MISSING;
  const text = numberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(
    value,
  );
  return `${text} ${unit}`;
}

const RELATIVE_STEPS: { unit: Intl.RelativeTimeFormatUnit; seconds: number }[] = [
  { unit: 'year', seconds: 365 * 86_400 },
  { unit: 'month', seconds: 30 * 86_400 },
  { unit: 'day', seconds: 86_400 },
  { unit: 'hour', seconds: 3_600 },
  { unit: 'minute', seconds: 60 },
];

/** The largest unit that fits the distance, e.g. -7200 s → { value: -2, unit: "hour" }; under a minute → 0 s. */
export function relativeParts(seconds: number): { value: number; unit: Intl.RelativeTimeFormatUnit } {
  for (const step of RELATIVE_STEPS) {
    if (Math.abs(seconds) >= step.seconds)
      return { value: Math.trunc(seconds / step.seconds), unit: step.unit };
  }
  return { value: 0, unit: 'second' };
}

/** "vor 2 Stunden" / "2 hours ago" / "now" for an ISO time, relative to `now`. */
export function formatRelative(time: string | null | undefined, locale: string, now: Date): string {
  if (!time) return MISSING;
  const ms = new Date(time).getTime();
  if (!Number.isFinite(ms)) return MISSING;
  const { value, unit } = relativeParts((ms - now.getTime()) / 1000);
  return new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(value, unit);
}

/** Absolute date and time for tooltips ("01.05.2026, 11:00"). */
export function formatDateTime(time: string | null | undefined, locale: string): string {
  if (!time) return MISSING;
  const date = new Date(time);
  if (!Number.isFinite(date.getTime())) return MISSING;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/** A date only ("01.05.2026"). */
export function formatDate(time: string | null | undefined, locale: string): string {
  if (!time) return MISSING;
  const date = new Date(time);
  if (!Number.isFinite(date.getTime())) return MISSING;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(date);
}
