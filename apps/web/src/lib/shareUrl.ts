import { SERIES_NAMES, type SeriesName, type ShareType } from '@hivescope/contract';

/**
 * A new share prefilled from what a screen shows (the timeline's share button): Settings → Sharing opens its
 * create form with these values. Features do not import each other, so the link is built and read here.
 */
export type SharePrefill = {
  scales: number[];
  series: SeriesName[];
  type: ShareType;
  xmin?: number;
  xmax?: number;
  days?: number;
};

export function newShareUrl(p: SharePrefill): string {
  const q = new URLSearchParams({ tab: 'sharing', share: 'new', type: p.type });
  if (p.scales.length) q.set('scales', p.scales.join(','));
  if (p.series.length) q.set('series', p.series.join(','));
  if (p.xmin !== undefined) q.set('xmin', String(p.xmin));
  if (p.xmax !== undefined) q.set('xmax', String(p.xmax));
  if (p.days !== undefined) q.set('days', String(p.days));
  return `/settings?${q.toString()}`;
}

const ids = (s: string | null) =>
  (s ?? '')
    .split(',')
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0);
const num = (s: string | null) => (s !== null && Number.isFinite(Number(s)) ? Number(s) : undefined);

/** The prefill of a settings URL, or null when it asks for no new share; unknown parts are dropped. */
export function readSharePrefill(params: URLSearchParams): SharePrefill | null {
  if (params.get('share') !== 'new') return null;
  const names = new Set<string>(SERIES_NAMES);
  const type = params.get('type');
  const prefill: SharePrefill = {
    scales: ids(params.get('scales')),
    series: (params.get('series') ?? '').split(',').filter((s): s is SeriesName => names.has(s)),
    type: type === 'live' || type === 'yearToDate' ? type : 'fixed',
  };
  const xmin = num(params.get('xmin'));
  const xmax = num(params.get('xmax'));
  const days = num(params.get('days'));
  if (xmin !== undefined) prefill.xmin = xmin;
  if (xmax !== undefined) prefill.xmax = xmax;
  if (days !== undefined) prefill.days = days;
  return prefill;
}
