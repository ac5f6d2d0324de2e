/**
 * Links into the timeline from other screens (the dashboard's weight tiles, the heat map's cells). A feature may not import
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

/** "/timeline?series=s12.weight&expanded=7&xmin=…&xmax=…[&preset=7d]": the weights of `scales` over the range. */
function link(scales: TimelineLinkScale[], range: TimelineLinkRange, preset?: TimelineLinkPreset): string {
  const params = new URLSearchParams();
  params.set('series', scales.map((s) => `s${s.idscale}.weight`).join(','));
  params.set('expanded', [...new Set(scales.map((s) => s.controllerId))].join(','));
  params.set('xmin', String(range.xmin));
  params.set('xmax', String(range.xmax));
  if (preset) params.set('preset', preset);
  return `${TIMELINE_PATH}?${params.toString().replaceAll('%2C', ',')}`;
}

/** The weights of `scales` over the preset's span ending at `now`, the preset highlighted. */
export function timelineLink(scales: TimelineLinkScale[], preset: TimelineLinkPreset, now: Date): string {
  const xmax = Math.floor(now.getTime() / 1000);
  return link(scales, { xmin: xmax - PRESET_SECONDS[preset], xmax }, preset);
}

/** A range in epoch seconds (the timeline's unit). */
export type TimelineLinkRange = { xmin: number; xmax: number };

/** The weights of `scales` over `range` (no preset highlighted: the range is a custom one). */
export function timelineRangeLink(scales: TimelineLinkScale[], range: TimelineLinkRange): string {
  return link(scales, range);
}

const WALL_CLOCK: Intl.DateTimeFormatOptions = {
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
};

/** The wall clock of `timeZone`; a zone this browser does not know counts as UTC (a link, never a crash). */
function wallClock(timeZone: string): Intl.DateTimeFormat {
  try {
    return new Intl.DateTimeFormat('en-US', { ...WALL_CLOCK, timeZone });
  } catch {
    return new Intl.DateTimeFormat('en-US', { ...WALL_CLOCK, timeZone: 'UTC' });
  }
}

/** How far the wall clock of `timeZone` is ahead of UTC at the instant `seconds` (epoch seconds). */
function offsetAt(format: Intl.DateTimeFormat, seconds: number): number {
  const part = Object.fromEntries(
    format.formatToParts(new Date(seconds * 1000)).map((p) => [p.type, Number(p.value)]),
  ) as Record<string, number>;
  const wall = Date.UTC(part.year!, part.month! - 1, part.day!, part.hour!, part.minute!, part.second!);
  return wall / 1000 - seconds;
}

/**
 * Epoch seconds of the start of the local day `day` (YYYY-MM-DD) in the IANA `timeZone`, `addDays` later:
 * the heat map's days are the controller's local days (docs/timeline.md, "Heat map and analysis").
 */
export function localDayStart(day: string, timeZone: string, addDays = 0): number {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const utcMidnight = Date.UTC(y, m - 1, d + addDays) / 1000;
  const format = wallClock(timeZone);
  // the offset at the guess, then again at the corrected time (it differs only across a DST change)
  const guess = utcMidnight - offsetAt(format, utcMidnight);
  return utcMidnight - offsetAt(format, guess);
}

/** Hours shown on each side of a moment (an alarm) by `timelineMomentLink`. */
export const MOMENT_SPAN_HOURS = 12;

/** An alarm's place: its scale, or (device alarms: idscale null) its controller. */
export type TimelineMoment = { controllerId: number; idscale: number | null; time: string | Date };

/**
 * The timeline 12 hours either side of an alarm's reading time, as the alarm mail links it (docs/alarms.md
 * "Sending"): the scale's weight, or the controller's battery voltage for a device alarm.
 */
export function timelineMomentLink(moment: TimelineMoment): string {
  const at = Math.floor(new Date(moment.time).getTime() / 1000);
  const span = MOMENT_SPAN_HOURS * 3600;
  const range = { xmin: at - span, xmax: at + span };
  if (moment.idscale !== null)
    return timelineRangeLink([{ idscale: moment.idscale, controllerId: moment.controllerId }], range);
  const params = new URLSearchParams({
    series: `c${moment.controllerId}.batteryVoltage`,
    expanded: String(moment.controllerId),
    xmin: String(range.xmin),
    xmax: String(range.xmax),
  });
  return `${TIMELINE_PATH}?${params.toString()}`;
}
