import { useMemo, useRef } from 'react';
import {
  ActionIcon,
  Alert,
  Badge,
  Box,
  Center,
  Group,
  Loader,
  LoadingOverlay,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconMaximize, IconMinimize } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Controller } from '@hivescope/contract';
import { TimeChart } from '../../../components/chart/TimeChart';
import type { ChartMarker } from '../../../components/chart/lines';
import { useSeries } from '../api';
import { chartLines, compareLines, scaleLabels, seriesRequest, type Naming } from '../chartData';
import type { ChartState } from '../chartState';
import { blocksChart } from '../loading';
import type { Range } from '../range';
import { useFullscreen } from '../useFullscreen';

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
    const scales = scaleLabels(controllers);
    const names = new Map(controllers.map((c) => [c.id, c.name] as const));
    return {
      scale: (id) => scales.get(id) ?? `#${id}`,
      controller: (id) => names.get(id) ?? `#${id}`,
      series: (name) => t(`series.${name}`),
    };
  }, [controllers, t]);
}

/** Enters or leaves fullscreen of the chart (Escape leaves too). */
function FullscreenButton({ active, toggle }: { active: boolean; toggle: () => void }) {
  const { t } = useTranslation('timeline');
  const label = t(active ? 'fullscreenExit' : 'fullscreen');
  return (
    <Tooltip label={label}>
      <ActionIcon
        variant="default"
        aria-label={label}
        aria-pressed={active}
        onClick={toggle}
        data-testid="chart-fullscreen"
      >
        {active ? <IconMinimize size={16} /> : <IconMaximize size={16} />}
      </ActionIcon>
    </Tooltip>
  );
}

/** Chart height: the usual 380 px, or the screen less the button row in fullscreen. */
const chartHeight = (fullscreen: boolean) =>
  fullscreen ? Math.max(380, window.innerHeight - 120) : undefined;

/** The chart of the visible series: loads them for the range; "No data" / "No weather data" per series. */
export function TimelineChart({ state, range, controllers, markers, onSelect }: Props) {
  const { t, i18n } = useTranslation(['timeline', 'errors']);
  const request = useMemo(() => seriesRequest(state, range), [state, range]);
  const query = useSeries(request);
  const naming = useNaming(controllers);
  const frame = useRef<HTMLDivElement>(null);
  const fullscreen = useFullscreen(frame);
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
  // the overlay only while nothing is shown or the view changes; a reload of the same view (live mode's
  // minute, a refetch) keeps the chart and shows the small indicator in the button row (loading.ts)
  const blocking = blocksChart(request, query.data, query.isFetching, state.live !== null);
  const refreshing = query.isFetching && !blocking;
  return (
    <Box
      ref={frame}
      pos="relative"
      p={fullscreen.active ? 'md' : 0}
      bg="var(--mantine-color-body)"
      data-testid="timeline-chart"
      data-loading={query.isFetching ? 'true' : 'false'}
      data-fullscreen={fullscreen.active ? 'true' : 'false'}
    >
      {/* always there (fixed height), so the indicator coming and going never moves the chart */}
      <Group justify="flex-end" gap="xs" mb={4} mih={28}>
        {refreshing && (
          <Loader
            size="xs"
            type="dots"
            aria-label={t('refreshing')}
            role="status"
            data-testid="chart-refreshing"
          />
        )}
        {fullscreen.supported && <FullscreenButton active={fullscreen.active} toggle={fullscreen.toggle} />}
      </Group>
      <LoadingOverlay
        visible={blocking}
        overlayProps={{ blur: 0, opacity: 0.3 }}
        data-testid="chart-loading-overlay"
      />
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
          height={chartHeight(fullscreen.active)}
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
