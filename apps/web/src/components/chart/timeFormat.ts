/**
 * The chart's dates and times in the reader's language (docs/timeline.md, "Web screen"): Swiss formats for
 * de, fr and en (22.11.2026), Spanish for es, always on the 24-hour clock. uPlot's own axis and legend
 * formats are English ("Nov", "11/22/2026", "4pm"), so the chart takes these instead. Pure functions of the
 * locale; each Intl format is made once per language (making one costs far more than using one).
 */
const REGIONS: Record<string, string> = { de: 'de-CH', fr: 'fr-CH', en: 'en-CH', es: 'es-ES' };

/** The Intl locale of a UI language ("de" → "de-CH"); an unknown language is used as it is. */
export function chartLocale(language: string): string {
  return REGIONS[language.toLowerCase()] ?? language;
}

const H24 = { hourCycle: 'h23' } as const;
const STYLES = {
  /** legend and tooltip: "So., 22.11.2026, 15:05" */
  point: {
    weekday: 'short',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    ...H24,
  },
  year: { year: 'numeric' },
  month: { month: 'short' },
  monthYear: { month: 'short', year: 'numeric' },
  day: { day: 'numeric', month: 'short' },
  weekday: { weekday: 'short', day: 'numeric' },
  time: { hour: '2-digit', minute: '2-digit', ...H24 },
} satisfies Record<string, Intl.DateTimeFormatOptions>;
type Style = keyof typeof STYLES;

const cache = new Map<string, Intl.DateTimeFormat>();
function format(language: string, style: Style, epoch: number): string {
  const key = `${language}|${style}`;
  let f = cache.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(chartLocale(language), STYLES[style]);
    cache.set(key, f);
  }
  return f.format(new Date(epoch * 1000));
}

/** A point in time for the legend and the tooltip, with its weekday. */
export function formatPointTime(language: string, epoch: number): string {
  return format(language, 'point', epoch);
}

const DAY_S = 86_400;

/**
 * The labels of the time axis for uPlot's splits (epoch seconds) `incr` seconds apart: years; months (with
 * the year on January and on the first label); days ("22. Nov.", with the weekday when the ticks are single
 * days of a short range); hours ("15:00", with the date below at midnight and on the first label).
 */
export function timeAxisLabels(language: string, splits: number[], incr: number): string[] {
  const local = (t: number) => new Date(t * 1000);
  if (incr >= 365 * DAY_S) return splits.map((t) => format(language, 'year', t));
  if (incr >= 28 * DAY_S)
    return splits.map((t, i) =>
      format(language, i === 0 || local(t).getMonth() === 0 ? 'monthYear' : 'month', t),
    );
  if (incr >= DAY_S) {
    const style: Style = incr === DAY_S && splits.length <= 8 ? 'weekday' : 'day';
    return splits.map((t, i) =>
      style === 'weekday' && (i === 0 || local(t).getDate() === 1)
        ? `${format(language, 'weekday', t)}\n${format(language, 'month', t)}`
        : format(language, style, t),
    );
  }
  return splits.map((t, i) => {
    const d = local(t);
    const midnight = d.getHours() === 0 && d.getMinutes() === 0;
    const time = format(language, 'time', t);
    return i === 0 || midnight ? `${time}\n${format(language, 'day', t)}` : time;
  });
}
