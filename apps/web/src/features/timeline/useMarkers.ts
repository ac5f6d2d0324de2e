import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChartMarker } from '../../components/chart/lines';
import { useAlarmEvents } from '../../lib/alarmEvents';
import { formatPointTime } from '../../components/chart/timeFormat';
import { formatKg } from '../../lib/format';
import { alarmMarkers } from './alarmMarkers';
import { useInterventions } from './api';
import type { ChartState } from './chartState';
import type { Range } from './range';

/**
 * The interventions of the shown scales in the range (for the list under the chart) and the chart's markers:
 * those interventions the filter lets through and the scales' alarms (docs/alarms.md).
 */
export function useMarkers(
  state: ChartState,
  range: Range,
  shown: number[],
  scaleName: (id: number) => string,
) {
  const { t, i18n } = useTranslation(['timeline', 'notifications']);
  const interventionsQuery = useInterventions(shown.length ? { scales: shown, ...range } : null);
  const interventions = useMemo(
    () => (shown.length ? (interventionsQuery.data ?? []) : []),
    [interventionsQuery.data, shown.length],
  );
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
        time: (iso) => formatPointTime(i18n.language, Date.parse(iso) / 1000),
        delta: (kg) => formatKg(kg, i18n.language, true),
        scale: scaleName,
      }),
    ],
    [interventions, state.interventionFilter, t, scaleName, alarmsQuery.data, shown, i18n.language],
  );
  return { interventions, interventionsLoading: interventionsQuery.isPending, markers };
}
