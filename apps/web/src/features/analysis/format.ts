/** Dates of the analysis screen: local calendar days (YYYY-MM-DD), formatted without any time-zone shift. */
const at = (day: string) => new Date(`${day}T12:00:00Z`);

export function formatDay(day: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(at(day));
}

/** Column ticks of a day axis: month starts (with the month's name), or every 7th day for short periods. */
export function dayTicks(days: string[], locale: string): { index: number; label: string }[] {
  if (days.length <= 45) {
    const short = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' });
    return days.flatMap((d, index) => (index % 7 === 0 ? [{ index, label: short.format(at(d)) }] : []));
  }
  const month = new Intl.DateTimeFormat(locale, { month: 'short', timeZone: 'UTC' });
  return days.flatMap((d, index) => (d.endsWith('-01') ? [{ index, label: month.format(at(d)) }] : []));
}
