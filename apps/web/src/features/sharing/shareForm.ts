import type { SeriesName, ShareCreateInput, ShareType } from '@hivescope/contract';
import type { SharePrefill } from '../../lib/shareUrl';

/** The create form's values (dates as local YYYY-MM-DD, the end date inclusive). */
export type ShareFormValues = {
  scales: string[];
  series: SeriesName[];
  type: ShareType;
  from: string;
  to: string;
  days: number;
  description: string;
  kind: 'iframe' | 'link';
  /** link the live feed from the public map (docs/shares.md "Live share link"); sent for live feeds only */
  publicOnMap: boolean;
};

const pad = (n: number) => String(n).padStart(2, '0');
export const localDate = (epoch: number) => {
  const d = new Date(epoch * 1000);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
};
/** Local midnight of a YYYY-MM-DD date (the next one with `end`), epoch seconds; NaN when invalid. */
export const localDateEpoch = (date: string, end = false) => {
  const [y, m, d] = date.split('-').map(Number);
  if (!y || !m || !d) return Number.NaN;
  return new Date(y, m - 1, d + (end ? 1 : 0)).getTime() / 1000;
};

export function initialValues(prefill: SharePrefill | null, nowMs = Date.now()): ShareFormValues {
  const now = Math.floor(nowMs / 1000);
  const xmax = prefill?.xmax ?? now;
  const xmin = prefill?.xmin ?? now - 7 * 86_400;
  return {
    scales: (prefill?.scales ?? []).map(String),
    series: prefill?.series.length ? prefill.series : ['weight'],
    type: prefill?.type ?? 'live',
    from: localDate(xmin),
    to: localDate(xmax - 1),
    days: prefill?.days ?? Math.max(1, Math.min(366, Math.round((xmax - xmin) / 86_400))),
    description: '',
    kind: 'iframe',
    publicOnMap: false,
  };
}

/** The POST share body of the form's values. */
export function shareBody(v: ShareFormValues): ShareCreateInput {
  const base = {
    scales: v.scales.map(Number),
    series: v.series,
    type: v.type,
    description: v.description,
    kind: v.kind,
  };
  if (v.type === 'fixed') return { ...base, xmin: localDateEpoch(v.from), xmax: localDateEpoch(v.to, true) };
  if (v.type === 'live') return { ...base, days: v.days, ...(v.publicOnMap ? { publicOnMap: true } : {}) };
  return base;
}

/** The HTML that embeds a share (the iframe kind). */
export const iframeSnippet = (url: string, title: string) =>
  `<iframe src="${url.replace(/"/g, '&quot;')}" title="${title.replace(/"/g, '&quot;')}" width="800" height="480" style="border:0" loading="lazy"></iframe>`;
