import {
  CONTROLLER_SERIES,
  INTERVENTION_LABELS,
  SCALE_SERIES,
  type ControllerSeriesName,
  type InterventionLabel,
  type ScaleSeriesName,
} from '@hivescope/contract';

/**
 * The timeline's chart state as it lives in the URL query (docs/timeline.md, "Web screen"): reloading or
 * sending the URL restores the view, and the navbar keeps the last query (client setting `chartState`).
 *
 *   series=s12.weight,s12.temperature,c7.windSpeed   visible series: s<idscale>.<scale series>, c<controller>.<…>
 *   expanded=7,9                                     controllers opened in the list
 *   xmin=…&xmax=…                                    range, epoch seconds
 *   preset=30d                                       the range button that set the range (highlight only)
 *   filter=inspection,feeding                        intervention labels shown (none: all)
 *   compare=1&ref=…                                  compare mode: weights relative to the reference time
 *   live=24h                                         live mode: the window ends now, moves and reloads (no xmin/xmax)
 */
export const RANGE_PRESETS = ['24h', '7d', '30d', 'season', '1y', 'ytd', 'all', 'custom'] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];
/** The sliding windows of live mode (the presets that end now and are short enough to watch). */
export const LIVE_WINDOWS = ['24h', '7d', '30d'] as const satisfies readonly RangePreset[];
export type LiveWindow = (typeof LIVE_WINDOWS)[number];

export type ScaleSeriesKey = { kind: 'scale'; id: number; series: ScaleSeriesName };
export type ControllerSeriesKey = { kind: 'controller'; id: number; series: ControllerSeriesName };
export type SeriesKey = ScaleSeriesKey | ControllerSeriesKey;

export type ChartState = {
  series: SeriesKey[];
  expanded: number[];
  xmin: number | null;
  xmax: number | null;
  preset: RangePreset | null;
  interventionFilter: InterventionLabel[];
  /** compare mode: the weights as their change since `reference` (epoch seconds; null: the range start) */
  compare: boolean;
  reference: number | null;
  /** live mode: the range is the last `live` up to now, moved and reloaded every minute (xmin/xmax unused) */
  live: LiveWindow | null;
};

export const emptyChartState: ChartState = {
  series: [],
  expanded: [],
  xmin: null,
  xmax: null,
  preset: null,
  interventionFilter: [],
  compare: false,
  reference: null,
  live: null,
};

const KEY = /^([sc])([1-9][0-9]{0,9})\.([A-Za-z]+)$/;
const includes = <T extends string>(list: readonly T[], value: string): value is T =>
  (list as readonly string[]).includes(value);

export function seriesKeyString(key: SeriesKey): string {
  return `${key.kind === 'scale' ? 's' : 'c'}${key.id}.${key.series}`;
}

export function parseSeriesKey(text: string): SeriesKey | null {
  const match = KEY.exec(text);
  if (!match) return null;
  const [, kind, id, series = ''] = match;
  if (kind === 's' && includes(SCALE_SERIES, series)) return { kind: 'scale', id: Number(id), series };
  if (kind === 'c' && includes(CONTROLLER_SERIES, series))
    return { kind: 'controller', id: Number(id), series };
  return null;
}

const list = (value: string | null) => (value ? value.split(',').filter(Boolean) : []);
const unique = <T>(values: T[]) => [...new Set(values)];

function ids(value: string | null): number[] {
  return unique(list(value).filter((v) => /^[1-9][0-9]{0,9}$/.test(v))).map(Number);
}

/** Epoch seconds between 2000 and 2100 (as the series call accepts), else null. */
function epoch(value: string | null): number | null {
  if (!value || !/^\d+$/.test(value)) return null;
  const n = Number(value);
  return n >= 946_684_800 && n <= 4_102_444_800 ? n : null;
}

/** Reads the chart state from a query string; unknown or malformed parts are dropped, never fatal. */
export function decodeChartState(search: string | URLSearchParams): ChartState {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const keys = unique(list(params.get('series'))).map(parseSeriesKey);
  let xmin = epoch(params.get('xmin'));
  let xmax = epoch(params.get('xmax'));
  if (xmin === null || xmax === null || xmin >= xmax) xmin = xmax = null;
  const preset = params.get('preset') ?? '';
  const live = params.get('live') ?? '';
  if (includes(LIVE_WINDOWS, live)) xmin = xmax = null;
  return {
    series: keys.filter((k): k is SeriesKey => k !== null),
    expanded: ids(params.get('expanded')),
    xmin,
    xmax,
    preset: includes(LIVE_WINDOWS, live)
      ? live
      : xmin !== null && includes(RANGE_PRESETS, preset)
        ? preset
        : null,
    interventionFilter: unique(list(params.get('filter'))).filter((l) => includes(INTERVENTION_LABELS, l)),
    compare: params.get('compare') === '1',
    reference: params.get('compare') === '1' ? epoch(params.get('ref')) : null,
    live: includes(LIVE_WINDOWS, live) ? live : null,
  };
}

/** The query string (without "?") of a chart state; empty parts are left out. */
export function encodeChartState(state: ChartState): string {
  const params = new URLSearchParams();
  if (state.series.length) params.set('series', state.series.map(seriesKeyString).join(','));
  if (state.expanded.length) params.set('expanded', state.expanded.join(','));
  if (state.live) params.set('live', state.live);
  else if (state.xmin !== null && state.xmax !== null) {
    params.set('xmin', String(Math.round(state.xmin)));
    params.set('xmax', String(Math.round(state.xmax)));
    if (state.preset) params.set('preset', state.preset);
  }
  if (state.interventionFilter.length) params.set('filter', state.interventionFilter.join(','));
  if (state.compare) {
    params.set('compare', '1');
    if (state.reference !== null) params.set('ref', String(Math.round(state.reference)));
  }
  return params.toString().replaceAll('%2C', ',');
}

export const sameKey = (a: SeriesKey, b: SeriesKey) =>
  a.kind === b.kind && a.id === b.id && a.series === b.series;

export function isVisible(state: ChartState, key: SeriesKey): boolean {
  return state.series.some((k) => sameKey(k, key));
}

/**
 * Shows or hides a series. Showing one expands its controller (docs/timeline.md: the spec's chart rule);
 * `controllerId` is the controller the series belongs to.
 */
export function toggleSeries(
  state: ChartState,
  key: SeriesKey,
  visible: boolean,
  controllerId: number,
): ChartState {
  const rest = state.series.filter((k) => !sameKey(k, key));
  if (!visible) return { ...state, series: rest };
  return {
    ...state,
    series: [...rest, key],
    expanded: state.expanded.includes(controllerId) ? state.expanded : [...state.expanded, controllerId],
  };
}

/** The scales that have a visible series, in order of first appearance. */
export function shownScales(state: ChartState): number[] {
  return unique(state.series.filter((k) => k.kind === 'scale').map((k) => k.id));
}

export function shownControllers(state: ChartState): number[] {
  return unique(state.series.filter((k) => k.kind === 'controller').map((k) => k.id));
}
