import { Box, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ChartMarker } from '../../../components/chart/lines';

function Entry({
  color,
  dashed,
  label,
  testId,
}: {
  color: string;
  dashed: boolean;
  label: string;
  testId: string;
}) {
  return (
    <Group gap={6} wrap="nowrap" data-testid={testId}>
      <Box
        aria-hidden
        w={0}
        h={14}
        style={{ borderLeft: `2px ${dashed ? 'dashed' : 'solid'} var(--mantine-color-${color})` }}
      />
      <Text size="sm">{label}</Text>
    </Group>
  );
}

/** What the chart's vertical lines mean: interventions (dashed) and alarms (solid red), with their numbers. */
export function MarkerLegend({ markers }: { markers: ChartMarker[] }) {
  const { t } = useTranslation('notifications');
  const alarms = markers.filter((m) => m.kind === 'alarm').length;
  const interventions = markers.filter((m) => (m.kind ?? 'intervention') === 'intervention').length;
  if (alarms + interventions === 0) return null;
  return (
    <Group gap="lg" data-testid="marker-legend">
      {interventions > 0 && (
        <Entry
          color="grape-7"
          dashed
          label={t('timeline.interventions', { count: interventions })}
          testId="legend-interventions"
        />
      )}
      {alarms > 0 && (
        <Entry
          color="red-8"
          dashed={false}
          label={t('timeline.alarms', { count: alarms })}
          testId="legend-alarms"
        />
      )}
    </Group>
  );
}
