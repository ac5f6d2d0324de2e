/** Period presets of the export screen (days, YYYY-MM-DD, both included). */
export const EXPORT_PRESETS = ['7d', '30d', 'thisYear', 'lastYear'] as const;
export type ExportPreset = (typeof EXPORT_PRESETS)[number];

const day = (d: Date) => d.toISOString().slice(0, 10);

export function presetRange(preset: ExportPreset, today: Date): { from: string; to: string } {
  const y = today.getUTCFullYear();
  const back = (n: number) => day(new Date(today.getTime() - n * 86_400_000));
  switch (preset) {
    case '7d':
      return { from: back(6), to: day(today) };
    case '30d':
      return { from: back(29), to: day(today) };
    case 'thisYear':
      return { from: `${y}-01-01`, to: day(today) };
    case 'lastYear':
      return { from: `${y - 1}-01-01`, to: `${y - 1}-12-31` };
  }
}
