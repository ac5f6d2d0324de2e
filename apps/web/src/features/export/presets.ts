/** Period presets of the export screen (days, YYYY-MM-DD, both included). */
export const EXPORT_PRESETS = ['7d', '30d', 'thisYear', 'lastYear'] as const;
export type ExportPreset = (typeof EXPORT_PRESETS)[number];

const pad = (n: number) => String(n).padStart(2, '0');
/** The calendar day of `d` where the person is (the browser's zone); UTC's day ends an hour or two early in Europe. */
const localDay = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/** The preset's days, counted from `now`'s day in the browser's zone (docs/export.md "Screens", Presets). */
export function presetRange(preset: ExportPreset, now: Date): { from: string; to: string } {
  const y = now.getFullYear();
  // local calendar arithmetic: a DST night has 23 or 25 hours, so no fixed 86,400,000 ms per day
  const back = (n: number) => localDay(new Date(y, now.getMonth(), now.getDate() - n));
  switch (preset) {
    case '7d':
      return { from: back(6), to: back(0) };
    case '30d':
      return { from: back(29), to: back(0) };
    case 'thisYear':
      return { from: `${y}-01-01`, to: back(0) };
    case 'lastYear':
      return { from: `${y - 1}-01-01`, to: `${y - 1}-12-31` };
  }
}
