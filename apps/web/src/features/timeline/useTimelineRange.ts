import { useCallback, useMemo } from 'react';
import type { Controller } from '@hivescope/contract';
import { earliestSetup, lastWeightTime } from './chartData';
import { LIVE_WINDOWS, type ChartState, type LiveWindow } from './chartState';
import { fallbackRange, presetRange, selectionRange, type Range } from './range';
import { useLiveClock } from './useLiveClock';

/**
 * The range the chart shows and how it changes: a live window slides with the clock, a range set by hand
 * (preset, dates, pan, zoom, a selection on the chart) is kept in the chart state, and without either the
 * range ends at the last weight (range.ts).
 */
export function useTimelineRange(
  state: ChartState,
  setState: (s: ChartState) => void,
  controllers: Controller[],
) {
  const liveNow = useLiveClock(state.live !== null);
  const range: Range = useMemo(() => {
    if (state.live) return presetRange(state.live, liveNow, null);
    return state.xmin !== null && state.xmax !== null
      ? { xmin: state.xmin, xmax: state.xmax }
      : fallbackRange(lastWeightTime(controllers, state), new Date());
  }, [state, controllers, liveNow]);
  // a range set by hand (preset, dates, pan, zoom) ends live mode
  const setRange = useCallback(
    (r: Range, preset: ChartState['preset']) =>
      setState({ ...state, xmin: r.xmin, xmax: r.xmax, preset, live: null }),
    [state, setState],
  );
  const setLive = useCallback(
    (live: LiveWindow | null) =>
      live
        ? setState({ ...state, live, preset: live, xmin: null, xmax: null })
        : setState({ ...state, live: null, xmin: range.xmin, xmax: range.xmax }),
    [state, setState, range],
  );
  const onPreset = (p: Exclude<ChartState['preset'], 'custom' | null>) => {
    const slide = LIVE_WINDOWS.find((w) => w === p);
    if (state.live && slide) setLive(slide);
    else setRange(presetRange(p, new Date(), earliestSetup(controllers, state)), p);
  };
  const onSelect = useCallback(
    (a: number, b: number) => {
      const r = selectionRange(a, b);
      if (r) setRange(r, null);
    },
    [setRange],
  );
  return { range, setRange, setLive, onPreset, onSelect };
}
