import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useAppDispatch } from '../../app/store/hooks';
import { chartStateChanged } from '../../app/store/settingsSlice';
import { decodeChartState, encodeChartState, type ChartState } from './chartState';

/**
 * The chart state read from and written to the URL query (each change is a history entry, so "back"
 * undoes it). The last query is kept as client setting `chartState` for the navbar link.
 * `expand` (/scaleoverview/{expand}) opens that controller once.
 */
export function useChartState(expand: string | undefined): [ChartState, (next: ChartState) => void] {
  const location = useLocation();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const state = useMemo(() => decodeChartState(location.search), [location.search]);
  const query = encodeChartState(state);

  useEffect(() => {
    dispatch(chartStateChanged(query));
  }, [dispatch, query]);

  const setState = useCallback(
    (next: ChartState, replace = false) => {
      const search = encodeChartState(next);
      void navigate({ pathname: location.pathname, search: search ? `?${search}` : '' }, { replace });
    },
    [navigate, location.pathname],
  );

  const expanded = useRef(false);
  useEffect(() => {
    const id = Number(expand);
    if (expanded.current || !Number.isInteger(id) || id <= 0) return;
    expanded.current = true;
    if (!state.expanded.includes(id)) setState({ ...state, expanded: [...state.expanded, id] }, true);
  }, [expand, state, setState]);

  return [state, setState];
}
