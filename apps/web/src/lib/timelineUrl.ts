/**
 * Links into the timeline from other screens (the dashboard's weight tiles). A feature may not import
 * another feature, so the link is built here in the timeline's URL format (docs/timeline.md, "Web screen":
 * `series=s<idscale>.weight`, `expanded=<controller>`, `xmin`/`xmax` in epoch seconds, `preset`); the
 * timeline's chartState.test.ts decodes these links to keep both sides in step.
 */
export const TIMELINE_PATH = '/timeline';

export type TimelineLinkScale = { idscale: number; controllerId: number };

/** A range preset of the timeline that the link highlights ("7d": the last 7 days). */
export type TimelineLinkPreset = '24h' | '7d' | '30d';

const PRESET_SECONDS: Record<TimelineLinkPreset, number> = {
  '24h': 86_400,
  '7d': 7 * 86_400,
  '30d': 30 * 86_400,
};

/** "/timeline?series=s12.weight&expanded=7&xmin=…&xmax=…&preset=7d": the weights of `scales`, the preset ending at `now`. */
export function timelineLink(scales: TimelineLinkScale[], preset: TimelineLinkPreset, now: Date): string {
  const xmax = Math.floor(now.getTime() / 1000);
  const params = new URLSearchParams();
  params.set('series', scales.map((s) => `s${s.idscale}.weight`).join(','));
  params.set('expanded', [...new Set(scales.map((s) => s.controllerId))].join(','));
  params.set('xmin', String(xmax - PRESET_SECONDS[preset]));
  params.set('xmax', String(xmax));
  params.set('preset', preset);
  return `${TIMELINE_PATH}?${params.toString().replaceAll('%2C', ',')}`;
}
