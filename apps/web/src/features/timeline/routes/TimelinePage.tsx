import { useCallback, useMemo } from 'react';
import { Button, Grid, Group, Paper, Stack, Text } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Controller, Scale } from '@hivescope/contract';
import { CenteredLoader } from '../../../components/ui/CenteredLoader';
import { LoadError } from '../../../components/ui/LoadError';
import { PageTitle } from '../../../components/ui/PageTitle';
import type { ChartMarker } from '../../../components/chart/lines';
import { useControllers } from '../../../lib/controllers';
import { useAlarmEvents } from '../../../lib/alarmEvents';
import { formatDateTime, formatKg } from '../../../lib/format';
import { newShareUrl } from '../../../lib/shareUrl';
import { useInterventions } from '../api';
import { alarmMarkers } from '../alarmMarkers';
import { earliestSetup, lastWeightTime } from '../chartData';
import {
  LIVE_WINDOWS,
  shownScales,
  toggleSeries,
  type ChartState,
  type LiveWindow,
  type SeriesKey,
} from '../chartState';
import { CompareBar } from '../components/CompareBar';
import { ControllerList, type ListActions } from '../components/ControllerList';
import { Interventions } from '../components/Interventions';
import { MarkerLegend } from '../components/MarkerLegend';
import { RangeBar } from '../components/RangeBar';
import { TimelineChart } from '../components/TimelineChart';
import { useChartState } from '../useChartState';
import { useLiveClock } from '../useLiveClock';
import { fallbackRange, presetRange, rangeOnFirstSeries, selectionRange, type Range } from '../range';

const epoch = (iso: string | null) => (iso ? Math.floor(Date.parse(iso) / 1000) : null);

const LIVE_DAYS = { '24h': 1, '7d': 7, '30d': 30 } as const;

/** The share button's link: the shown scales and series over the shown range (a live window as a live feed). */
function shareLink(state: ChartState, range: Range, shown: number[]): string {
  const series = [...new Set(state.series.map((k) => k.series))];
  return state.live
    ? newShareUrl({ scales: shown, series, type: 'live', days: LIVE_DAYS[state.live] })
    : newShareUrl({ scales: shown, series, type: 'fixed', xmin: range.xmin, xmax: range.xmax });
}

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

function useListActions(state: ChartState, setState: (s: ChartState) => void): ListActions {
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
        const key: SeriesKey = { kind: 'scale', id: scale.idscale, series: 'weight' };
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

/** /timeline and /scaleoverview/{expand?}: the scale comparison (docs/timeline.md, "Web screen"). */
export default function TimelinePage() {
  const { t, i18n } = useTranslation(['common', 'timeline', 'notifications', 'sharing']);
  const { expand } = useParams();
  const [state, setState] = useChartState(expand);
  const controllersQuery = useControllers();
  const controllers = useMemo(() => controllersQuery.data ?? [], [controllersQuery.data]);
  const actions = useListActions(state, setState);
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

  const scales = useMemo(() => controllers.flatMap((c) => c.scales.map((s) => ({ s, c }))), [controllers]);
  const shown = useMemo(() => shownScales(state), [state]);
  const interventionsQuery = useInterventions(shown.length ? { scales: shown, ...range } : null);
  const interventions = useMemo(
    () => (shown.length ? (interventionsQuery.data ?? []) : []),
    [interventionsQuery.data, shown.length],
  );
  const scaleName = useCallback(
    (id: number) => scales.find(({ s }) => s.idscale === id)?.s.name ?? `#${id}`,
    [scales],
  );
  // the alarms of the shown scales in the range (docs/alarms.md), drawn next to the interventions
  const alarmsQuery = useAlarmEvents(shown.length ? { from: range.xmin, to: range.xmax } : null, true);
  const markers: ChartMarker[] = useMemo(
    () => [
      ...interventions
        .filter((i) => !state.interventionFilter.length || state.interventionFilter.includes(i.label))
        .map((i) => ({
          id: String(i.id),
          time: Date.parse(i.time) / 1000,
          label: `${t(`timeline:label.${i.label}`)} · ${scaleName(i.idscale)}`,
        })),
      ...alarmMarkers(shown.length ? (alarmsQuery.data ?? []) : [], shown, {
        type: (e) => t(`notifications:events.types.${e.type}`),
        time: (iso) => formatDateTime(iso, i18n.language),
        delta: (kg) => formatKg(kg, i18n.language, true),
        scale: scaleName,
      }),
    ],
    [interventions, state.interventionFilter, t, scaleName, alarmsQuery.data, shown, i18n.language],
  );
  // interventions are recorded on the shown scales of the person's own controllers (watched: read-only)
  const editable = scales.filter(({ s, c }) => !c.readOnly && shown.includes(s.idscale));
  const editableScales = editable.map(({ s }) => ({ value: String(s.idscale), label: s.name }));
  const defaultScale = editable[0]?.s.idscale ?? null;

  return (
    <Stack data-testid="timeline">
      <PageTitle>{t('common:screens.scaleOverview')}</PageTitle>
      {/* the heat map of the shown scales over this season lives on /analysis (docs/timeline.md) */}
      <Group justify="flex-end">
        <Button
          component={Link}
          to={`/analysis?view=heatmap${shown.length ? `&scales=${shown.join(',')}` : ''}`}
          variant="light"
          size="xs"
          data-testid="timeline-heatmap"
        >
          {t('analysis:openHeatmap')}
        </Button>
        {/* displayShare: the create form of Settings → Sharing, prefilled with this view (docs/shares.md) */}
        <Button
          component={Link}
          to={shareLink(state, range, shown)}
          variant="light"
          size="xs"
          title={t('sharing:shareButtonHint')}
          data-testid="timeline-share"
        >
          {t('sharing:shareButton')}
        </Button>
      </Group>
      {controllersQuery.isPending && <CenteredLoader testId="timeline-loading" />}
      {controllersQuery.isError && !controllersQuery.data && <LoadError />}
      {controllersQuery.isSuccess && controllers.length === 0 && (
        <Text c="dimmed" data-testid="timeline-no-controllers">
          {t('timeline:noControllers')}
        </Text>
      )}
      {controllers.length > 0 && (
        <Grid>
          <Grid.Col span={{ base: 12, md: 4, lg: 3 }}>
            <ControllerList controllers={controllers} state={state} actions={actions} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 8, lg: 9 }}>
            <Stack>
              <Paper withBorder p="sm">
                <Stack gap="sm">
                  <RangeBar
                    range={range}
                    preset={state.preset}
                    onPreset={onPreset}
                    onRange={setRange}
                    live={state.live}
                    onLive={setLive}
                  />
                  <CompareBar
                    state={state}
                    rangeStart={range.xmin}
                    onChange={(c) => setState({ ...state, ...c })}
                  />
                  <TimelineChart
                    state={state}
                    range={range}
                    controllers={controllers}
                    markers={markers}
                    onSelect={onSelect}
                  />
                  <MarkerLegend markers={markers} />
                </Stack>
              </Paper>
              {shown.length > 0 && (
                <Paper withBorder p="sm">
                  <Interventions
                    interventions={interventions}
                    filter={state.interventionFilter}
                    onFilter={(f) => setState({ ...state, interventionFilter: f })}
                    editableScales={editableScales}
                    defaultScale={defaultScale}
                    scaleName={scaleName}
                    loading={interventionsQuery.isPending}
                  />
                </Paper>
              )}
            </Stack>
          </Grid.Col>
        </Grid>
      )}
    </Stack>
  );
}
