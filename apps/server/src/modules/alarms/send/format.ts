import type { Locale } from '@hivescope/contract';

/** Wall-clock parts of an instant in an IANA zone (an unknown zone counts as UTC), zero-padded. */
export type LocalParts = { year: string; month: string; day: string; hour: string; minute: string };

export function localParts(time: Date, timeZone: string): LocalParts {
  const options: Intl.DateTimeFormatOptions = {
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  };
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat('en-GB', { ...options, timeZone });
  } catch {
    format = new Intl.DateTimeFormat('en-GB', { ...options, timeZone: 'UTC' });
  }
  const part = Object.fromEntries(format.formatToParts(time).map((p) => [p.type, p.value]));
  return {
    year: part.year ?? '',
    month: part.month ?? '',
    day: part.day ?? '',
    hour: part.hour ?? '',
    minute: part.minute ?? '',
  };
}

/** A number with `digits` decimals (default one) in the language's notation; `signed`: always with + or -. */
export function formatNumber(locale: Locale, value: number, signed = false, digits = 1): string {
  return new Intl.NumberFormat(locale, {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
    signDisplay: signed ? 'always' : 'auto',
    useGrouping: false,
  }).format(value);
}
