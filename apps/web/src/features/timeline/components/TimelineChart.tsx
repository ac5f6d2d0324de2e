import { useMemo } from 'react';
import { Alert, Badge, Box, Center, Group, LoadingOverlay, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Controller } from '@hivescope/contract';
import { TimeChart } from '../../../components/chart/TimeChart';
import type { ChartMarker } from '../../../components/chart/lines';
import { useSeries } from '../api';
import { chartLines, compareLines, seriesRequest, type Naming } from '../chartData';
import type { ChartState } from '../chartState';
import type { Range } from '../range';

type Props = {
  state: ChartState;
  range: Range;
  controllers: Controller[];
  markers: ChartMarker[];
  onSelect: (a: number, b: number) => void;
};

function useNaming(controllers: Controller[]): Naming {
  const { t } = useTranslation('timeline');
  return useMemo(() => {
    const scales = new Map(controllers.flatMap((c) => c.scales.map((s) => [s.idscale, s.name] as const)));
    const names = new Map(controllers.map((c) => [c.id, c.name] as const));
    return {
      scale: (id) => scales.get(id) ?? `#${id}`,
      controller: (id) => names.get(id) ?? `#${id}`,
      series: (name) => t(`series.${name}`),
    };
  }, [controllers, t]);
}

/** The chart of the visible series: loads them for the range; "No data" / "No weather data" per series. */
export function TimelineChart({ state, range, controllers, markers, onSelect }: Props) {
  const { t, i18n } = useTranslation(['timeline', 'errors']);
  const request = useMemo(() => seriesRequest(state, range), [state, range]);
  const query = useSeries(request);
  const naming = useNaming(controllers);
  const { lines, notes } = useMemo(() => {
    const drawn = chartLines(query.data?.series ?? [], state.series, naming);
    const reference = state.reference ?? range.xmin;
    return state.compare ? { ...drawn, lines: compareLines(drawn.lines, reference) } : drawn;
  }, [query.data, state.series, state.compare, state.reference, range.xmin, naming]);
  const allMarkers = useMemo(
    () =>
      state.compare
        ? [...markers, { id: 'reference', time: state.reference ?? range.xmin, label: t('reference') }]
        : markers,
    [markers, state.compare, state.reference, range.xmin, t],
  );

  if (!request)
    return (
      <Center mih={200} data-testid="timeline-empty">
        <Text c="dimmed">{t('pickSeries')}</Text>
      </Center>
    );
  if (query.isError && !query.data)
    return (
      <Alert color="red" data-testid="chart-error">
        {t('errors:chartLoadError')}
      </Alert>
    );
  return (
    <Box pos="relative" data-testid="timeline-chart" data-loading={query.isFetching ? 'true' : 'false'}>
      <LoadingOverlay visible={query.isFetching} overlayProps={{ blur: 0, opacity: 0.3 }} />
      {query.isError && (
        <Alert color="red" mb="xs" data-testid="chart-error">
          {t('errors:chartLoadError')}
        </Alert>
      )}
      {query.data && (
        <TimeChart
          lines={lines}
          xmin={range.xmin}
          xmax={range.xmax}
          locale={i18n.language}
          markers={allMarkers}
          onSelect={onSelect}
        />
      )}
      {query.data && lines.length === 0 && notes.length === 0 && (
        <Text c="dimmed" data-testid="chart-no-data">
          {t('errors:noData')}
        </Text>
      )}
      {notes.length > 0 && (
        <Group gap="xs" mt="xs" data-testid="chart-notes">
          {notes.map((n) => (
            <Badge key={n.id} variant="light" color="gray" data-testid={`chart-note-${n.id}`}>
              {`${n.label}: ${t(n.status === 'noWeatherData' ? 'errors:noWeatherData' : 'errors:noData')}`}
            </Badge>
          ))}
        </Group>
      )}
    </Box>
  );
}
