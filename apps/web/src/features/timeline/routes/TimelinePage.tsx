import { useCallback, useMemo } from 'react';
import { Grid, Paper, Stack, Text } from '@mantine/core';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CenteredLoader } from '../../../components/ui/CenteredLoader';
import { LoadError } from '../../../components/ui/LoadError';
import { PageTitle } from '../../../components/ui/PageTitle';
import { useControllers } from '../../../lib/controllers';
import { shownScales } from '../chartState';
import { CompareBar } from '../components/CompareBar';
import { ControllerList } from '../components/ControllerList';
import { Interventions } from '../components/Interventions';
import { MarkerLegend } from '../components/MarkerLegend';
import { RangeBar } from '../components/RangeBar';
import { TimelineChart } from '../components/TimelineChart';
import { ViewLinks } from '../components/ViewLinks';
import { useChartState } from '../useChartState';
import { useListActions } from '../useListActions';
import { useMarkers } from '../useMarkers';
import { useTimelineRange } from '../useTimelineRange';

/** /timeline and /scaleoverview/{expand?}: the scale comparison (docs/timeline.md, "Web screen"). */
export default function TimelinePage() {
  const { t } = useTranslation(['common', 'timeline']);
  const { expand } = useParams();
  const [state, setState] = useChartState(expand);
  const controllersQuery = useControllers();
  const controllers = useMemo(() => controllersQuery.data ?? [], [controllersQuery.data]);
  const actions = useListActions(state, setState);
  const { range, setRange, setLive, onPreset, onSelect } = useTimelineRange(state, setState, controllers);

  const scales = useMemo(() => controllers.flatMap((c) => c.scales.map((s) => ({ s, c }))), [controllers]);
  const shown = useMemo(() => shownScales(state), [state]);
  const scaleName = useCallback(
    (id: number) => scales.find(({ s }) => s.idscale === id)?.s.name ?? `#${id}`,
    [scales],
  );
  const { interventions, interventionsLoading, markers } = useMarkers(state, range, shown, scaleName);
  // interventions are recorded on the shown scales of the person's own controllers (watched: read-only)
  const editable = scales.filter(({ s, c }) => !c.readOnly && shown.includes(s.idscale));
  const editableScales = editable.map(({ s }) => ({ value: String(s.idscale), label: s.name }));
  const defaultScale = editable[0]?.s.idscale ?? null;

  return (
    <Stack data-testid="timeline">
      <PageTitle>{t('common:screens.scaleOverview')}</PageTitle>
      <ViewLinks state={state} range={range} shown={shown} />
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
                    loading={interventionsLoading}
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
