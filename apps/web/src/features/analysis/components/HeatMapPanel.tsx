import { useMemo } from 'react';
import { Alert, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DEFAULT_TIME_ZONE } from '@hivescope/contract';
import { CenteredLoader } from '../../../components/ui/CenteredLoader';
import { localDayStart, timelineRangeLink } from '../../../lib/timelineUrl';
import { useHeatmap, useHeatmapHours } from '../api';
import { dayTicks, formatDay } from '../format';
import { heatmapPeriod, type Period } from '../period';
import { HeatMap } from './HeatMap';

/** A scale of the heat map: its label, and its controller and time zone for the links to the timeline. */
export type HeatScale = { idscale: number; label: string; controllerId: number; timeZone: string };

type Props = {
  period: Period;
  scales: HeatScale[];
  /** the scale of the days × hours map; null: scales × days */
  hoursScale: number | null;
  onHoursScale: (idscale: number | null) => void;
};

/** A cell of scales × days opens the timeline on that scale for the week around its day (day ± 3). */
const AROUND_DAYS = 3;

/** The timeline of `scale` from the local day `day` + `before` to the end of `day` + `after`. */
function dayLink(scale: Omit<HeatScale, 'label'>, day: string, before: number, after: number): string {
  return timelineRangeLink([scale], {
    xmin: localDayStart(day, scale.timeZone, before),
    xmax: localDayStart(day, scale.timeZone, after + 1),
  });
}

const HOURS = Array.from({ length: 24 }, (_, h) => `${String(h).padStart(2, '0')}:00`);

function ScalesByDays({ period, scales }: Pick<Props, 'period' | 'scales'>) {
  const { t, i18n } = useTranslation('analysis');
  const query = useHeatmap({ scales: scales.map((s) => s.idscale), ...period });
  if (query.isPending) return <CenteredLoader />;
  if (query.isError) return <Alert color="red">{t('loadError')}</Alert>;
  const { days, rows } = query.data;
  const label = (id: number) => scales.find((s) => s.idscale === id)?.label ?? `#${id}`;
  const zone = (id: number) => scales.find((s) => s.idscale === id)?.timeZone ?? DEFAULT_TIME_ZONE;
  const link = (i: number, j: number) => {
    const { idscale, controllerId } = rows[i]!;
    return dayLink({ idscale, controllerId, timeZone: zone(idscale) }, days[j]!, -AROUND_DAYS, AROUND_DAYS);
  };
  return (
    <HeatMap
      testId="heatmap-days"
      rows={rows.map((r) => label(r.idscale))}
      columns={days.map((d) => formatDay(d, i18n.language))}
      values={rows.map((r) => r.values)}
      cellLink={link}
      ticks={dayTicks(days, i18n.language)}
      caption={t('captionDays', {
        from: formatDay(period.from, i18n.language),
        to: formatDay(period.to, i18n.language),
      })}
    />
  );
}

function DaysByHours({ period, scale }: { period: Period; scale: HeatScale }) {
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
      // an hour of a day opens the timeline on that whole local day: its foraging rhythm in raw readings
      cellLink={(_hour, j) => dayLink(scale, days[j]!, 0, 0)}
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
