/** The decimal separator of a locale ("," for de/fr/es, "." for en), for number inputs. */
export function decimalSeparator(locale: string): string {
  const part = new Intl.NumberFormat(locale).formatToParts(1.5).find((p) => p.type === 'decimal');
  return part?.value ?? '.';
}
