import { Checkbox, Group, Paper, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DEVICE_SERIES, SCALE_SERIES, TIMELINE_WEATHER_SERIES, type ExportSeries } from '@hivescope/contract';

const SERIES_GROUPS = [
  { key: 'export:groupScale', names: SCALE_SERIES },
  { key: 'timeline:groupDevice', names: DEVICE_SERIES },
  { key: 'timeline:groupWeather', names: TIMELINE_WEATHER_SERIES },
] as const;

/** The series to export: the scale's, the controller's and the weather, each a column of the file. */
export function SeriesPicker({
  series,
  onChange,
}: {
  series: ExportSeries[];
  onChange: (series: ExportSeries[]) => void;
}) {
  const { t } = useTranslation(['export', 'timeline']);
  const toggle = (name: ExportSeries, on: boolean) =>
    onChange(on ? [...series, name] : series.filter((v) => v !== name));
  return (
    <Paper withBorder p="md">
      <Title order={2} size="h4" mb="xs">
        {t('series')}
      </Title>
      {SERIES_GROUPS.map((g) => (
        <Group key={g.key} mb="xs">
          <Text fw={500} w={120}>
            {t(g.key)}
          </Text>
          {g.names.map((name) => (
            <Checkbox
              key={name}
              label={t(`timeline:series.${name}`)}
              checked={series.includes(name)}
              onChange={(e) => toggle(name, e.currentTarget.checked)}
              data-testid={`export-series-${name}`}
            />
          ))}
        </Group>
      ))}
    </Paper>
  );
}
