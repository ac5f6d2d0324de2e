import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { parsePeriod, presetPeriod, type Period } from './period';

/**
 * The analysis screen's state lives in the URL (shareable, reload-safe, and the timeline links to it):
 * `scales=1,2&from=…&to=…&view=table|heatmap&hours=<idscale>&controllers=<ids added by admins/managers>`.
 * Anything malformed is dropped, never fatal.
 */
export const VIEWS = ['table', 'heatmap'] as const;
export type View = (typeof VIEWS)[number];
export type AnalysisState = Period & {
  scales: number[];
  view: View;
  /** the scale of the days × hours heat map; null: scales × days */
  hours: number | null;
  controllers: number[];
};

const ids = (s: string | null) =>
  [
    ...new Set(
      (s ?? '')
        .split(',')
        .filter((x) => /^[1-9][0-9]{0,9}$/.test(x))
        .map(Number),
    ),
  ].slice(0, 20);

export function parseState(params: URLSearchParams, now: Date): AnalysisState {
  const view = params.get('view');
  const [hours] = ids(params.get('hours'));
  return {
    ...(parsePeriod(params.get('from'), params.get('to')) ?? presetPeriod('season', now)),
    scales: ids(params.get('scales')),
    view: view === 'heatmap' ? 'heatmap' : 'table',
    hours: hours ?? null,
    controllers: ids(params.get('controllers')),
  };
}

export function stateParams(s: AnalysisState): URLSearchParams {
  const p = new URLSearchParams();
  if (s.scales.length) p.set('scales', s.scales.join(','));
  p.set('from', s.from);
  p.set('to', s.to);
  if (s.view !== 'table') p.set('view', s.view);
  if (s.hours !== null) p.set('hours', String(s.hours));
  if (s.controllers.length) p.set('controllers', s.controllers.join(','));
  return p;
}

/**
 * The state and a patch function. The screen works on React state, so inputs answer at once and two quick
 * changes (a date typed, then a scale ticked) never undo each other; the URL follows it, and a URL changed
 * from outside (back, a link) is taken over.
 */
export function useAnalysisState(): [AnalysisState, (patch: Partial<AnalysisState>) => void] {
  const [params, setParams] = useSearchParams();
  const [state, setState] = useState(() => parseState(params, new Date()));
  /** the URLs written and not yet seen back, oldest first */
  const pending = useRef<string[]>([]);
  const seen = useRef(params.toString());
  /** the first write only completes the URL the screen was opened with: it replaces that entry */
  const completed = useRef(false);
  useEffect(() => {
    const url = params.toString();
    if (url === seen.current) return;
    seen.current = url;
    const mine = pending.current.indexOf(url);
    if (mine >= 0) pending.current.splice(0, mine + 1);
    else setState(parseState(params, new Date()));
  }, [params]);
  useEffect(() => {
    const next = stateParams(state);
    const first = !completed.current;
    completed.current = true;
    if (next.toString() === seen.current) return;
    pending.current.push(next.toString());
    setParams(next, { replace: first });
  }, [state, setParams]);
  const update = useCallback((patch: Partial<AnalysisState>) => setState((s) => ({ ...s, ...patch })), []);
  return [state, update];
}
