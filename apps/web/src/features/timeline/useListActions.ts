import { useMemo } from 'react';
import type { Controller, Scale } from '@hivescope/contract';
import { lastWeightTime } from './chartData';
import { toggleSeries, type ChartState, type SeriesKey } from './chartState';
import type { ListActions } from './components/ControllerList';
import { rangeOnFirstSeries } from './range';
import { mainSeriesOf } from './scaleSeries';

const epoch = (iso: string | null) => (iso ? Math.floor(Date.parse(iso) / 1000) : null);

/** Showing a series: with none shown before, the range follows the spec's last-weight rule (range.ts). */
function show(
  state: ChartState,
  key: SeriesKey,
  visible: boolean,
  controller: Controller,
  last: number | null,
) {
  const next = toggleSeries(state, key, visible, controller.id);
  const current = state.xmin !== null && state.xmax !== null ? { xmin: state.xmin, xmax: state.xmax } : null;
  const range = visible ? rangeOnFirstSeries(state.series.length, last, current) : current;
  return range === current
    ? next
    : { ...next, xmin: range?.xmin ?? null, xmax: range?.xmax ?? null, preset: null };
}

/** What the controller list's clicks do to the chart state: show or hide a series or scale, open a controller. */
export function useListActions(state: ChartState, setState: (s: ChartState) => void): ListActions {
  return useMemo(
    () => ({
      toggle: (key, visible, controller) => {
        const scale = controller.scales.find((s) => key.kind === 'scale' && s.idscale === key.id);
        const last = scale
          ? epoch(scale.weightTime)
          : lastWeightTime([controller], { ...state, series: [key] });
        setState(show(state, key, visible, controller, last));
      },
      toggleScale: (scale: Scale, visible, controller) => {
        const key: SeriesKey = { kind: 'scale', id: scale.idscale, series: mainSeriesOf(scale.type) };
        if (visible) setState(show(state, key, true, controller, epoch(scale.weightTime)));
        else
          setState({
            ...state,
            series: state.series.filter((k) => !(k.kind === 'scale' && k.id === scale.idscale)),
          });
      },
      expand: (id, open) =>
        setState({
          ...state,
          expanded: open ? [...state.expanded, id] : state.expanded.filter((e) => e !== id),
        }),
    }),
    [state, setState],
  );
}
