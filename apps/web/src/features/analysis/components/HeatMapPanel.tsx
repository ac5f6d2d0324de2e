import { useMemo } from 'react';
import { Alert, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CenteredLoader } from '../../../components/ui/CenteredLoader';
import { useHeatmap, useHeatmapHours } from '../api';
import { dayTicks, formatDay } from '../format';
import { heatmapPeriod, type Period } from '../period';
import { HeatMap } from './HeatMap';

type Props = {
  period: Period;
  scales: { idscale: number; label: string }[];
  /** the scale of the days × hours map; null: scales × days */
  hoursScale: number | null;
  onHoursScale: (idscale: number | null) => void;
};

const HOURS = Array.from({ length: 24 }, (_, h) => `${String(h).padStart(2, '0')}:00`);

function ScalesByDays({ period, scales }: Pick<Props, 'period' | 'scales'>) {
  const { t, i18n } = useTranslation('analysis');
  const query = useHeatmap({ scales: scales.map((s) => s.idscale), ...period });
  if (query.isPending) return <CenteredLoader />;
  if (query.isError) return <Alert color="red">{t('loadError')}</Alert>;
  const { days, rows } = query.data;
  const label = (id: number) => scales.find((s) => s.idscale === id)?.label ?? `#${id}`;
  return (
    <HeatMap
      testId="heatmap-days"
      rows={rows.map((r) => label(r.idscale))}
      columns={days.map((d) => formatDay(d, i18n.language))}
      values={rows.map((r) => r.values)}
      ticks={dayTicks(days, i18n.language)}
      caption={t('captionDays', {
        from: formatDay(period.from, i18n.language),
        to: formatDay(period.to, i18n.language),
      })}
    />
  );
}

function DaysByHours({ period, scale }: { period: Period; scale: { idscale: number; label: string } }) {
  const { t, i18n } = useTranslation('analysis');
  const query = useHeatmapHours(scale.idscale, period.from, period.to);
  if (query.isPending) return <CenteredLoader />;
  if (query.isError) return <Alert color="red">{t('loadError')}</Alert>;
  const { days, values } = query.data;
  // hours as rows (00:00 on top), days as columns: the daily foraging rhythm reads across the season
  const byHour = HOURS.map((_, h) => values.map((row) => row[h] ?? null));
  return (
    <HeatMap
      testId="heatmap-hours"
      rows={HOURS}
      columns={days.map((d) => formatDay(d, i18n.language))}
      values={byHour}
      ticks={dayTicks(days, i18n.language)}
      caption={t('captionHours', { scale: scale.label })}
    />
  );
}

/** The heat map of the chosen scales and period (at most its last 366 days). */
export function HeatMapPanel({ period, scales, hoursScale, onHoursScale }: Props) {
  const { t, i18n } = useTranslation('analysis');
  const shown = heatmapPeriod(period);
  const hourly = useMemo(() => scales.find((s) => s.idscale === hoursScale) ?? null, [scales, hoursScale]);
  return (
    <Stack>
      <SegmentedControl
        value={hourly ? 'hours' : 'days'}
        onChange={(v) => onHoursScale(v === 'hours' ? (scales[0]?.idscale ?? null) : null)}
        data={[
          { value: 'days', label: t('modeDays') },
          { value: 'hours', label: t('modeHours') },
        ]}
        data-testid="heatmap-mode"
      />
      {hourly && (
        <Select
          label={t('hoursScale')}
          data={scales.map((s) => ({ value: String(s.idscale), label: s.label }))}
          value={String(hourly.idscale)}
          onChange={(v) => v && onHoursScale(Number(v))}
          allowDeselect={false}
          data-testid="heatmap-hours-scale"
        />
      )}
      {shown.from !== period.from && (
        <Text size="sm" c="dimmed">
          {t('heatmapShortened', { from: formatDay(shown.from, i18n.language) })}
        </Text>
      )}
      {hourly ? (
        <DaysByHours period={shown} scale={hourly} />
      ) : (
        <ScalesByDays period={shown} scales={scales} />
      )}
    </Stack>
  );
}
