/**
 * Money in the shop is an integer number of centimes (docs/shop.md "Money"), shown as CHF with the
 * language's Swiss number format ("CHF 1’234.50" in German, "1 234.50 CHF" in French).
 */
const formats = new Map<string, Intl.NumberFormat>();

export function formatChf(centimes: number, locale: string): string {
  let format = formats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(`${locale}-CH`, { style: 'currency', currency: 'CHF' });
    formats.set(locale, format);
  }
  return format.format(centimes / 100);
}

/** A number typed into a plate side, brought into the product's range (an empty field is the default). */
export function clampPlateSide(
  value: number | string,
  range: { min: number; max: number; default: number },
): number {
  const n = typeof value === 'number' ? value : Number(value);
  if (value === '' || !Number.isFinite(n)) return range.default;
  return Math.min(range.max, Math.max(range.min, Math.round(n)));
}
