import { HEATMAP_MAX_DAYS, daySpan } from '@hivescope/contract';

/**
 * Periods of the analysis screen: local calendar days (YYYY-MM-DD, both included). The bee season is
 * 1 March to 31 October, as on the timeline (docs/timeline.md); winter is 1 October to 31 March.
 */
export const PERIOD_PRESETS = ['season', 'lastSeason', 'winter', 'thisYear', 'lastYear', '30d'] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number];
export type Period = { from: string; to: string };

const pad = (n: number) => String(n).padStart(2, '0');
/** The local calendar day of a Date (the browser's time zone). */
export const localDay = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}

/** The period of a preset; "season" before March is the previous year's season, "winter" the last one begun. */
export function presetPeriod(preset: PeriodPreset, now: Date): Period {
  const y = now.getFullYear();
  const today = localDay(now);
  const seasonYear = now.getMonth() < 2 ? y - 1 : y;
  switch (preset) {
    case 'season':
      return { from: `${seasonYear}-03-01`, to: `${seasonYear}-10-31` };
    case 'lastSeason':
      return { from: `${seasonYear - 1}-03-01`, to: `${seasonYear - 1}-10-31` };
    case 'winter': {
      const start = now.getMonth() >= 9 ? y : y - 1;
      return { from: `${start}-10-01`, to: `${start + 1}-03-31` };
    }
    case 'thisYear':
      return { from: `${y}-01-01`, to: today };
    case 'lastYear':
      return { from: `${y - 1}-01-01`, to: `${y - 1}-12-31` };
    case '30d':
      return { from: addDays(today, -29), to: today };
  }
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A period read from the URL, or null when it is missing or malformed (the screen then uses the season). */
export function parsePeriod(from: string | null, to: string | null): Period | null {
  if (!from || !to || !DAY.test(from) || !DAY.test(to) || from > to) return null;
  return { from, to };
}

/** A heat map shows at most HEATMAP_MAX_DAYS: a longer period keeps its last days. */
export function heatmapPeriod(p: Period): Period {
  return daySpan(p.from, p.to) <= HEATMAP_MAX_DAYS
    ? p
    : { from: addDays(p.to, 1 - HEATMAP_MAX_DAYS), to: p.to };
}
