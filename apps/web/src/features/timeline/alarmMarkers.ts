import type { AlarmEvent } from '@hivescope/contract';
import type { ChartMarker } from '../../components/chart/lines';

export type AlarmMarkerText = {
  type: (event: AlarmEvent) => string;
  time: (iso: string) => string;
  delta: (kg: number) => string;
  scale: (idscale: number) => string;
};

/**
 * The alarm events of the shown scales as chart markers (docs/timeline.md): the label names type and scale,
 * the tooltip detail adds the time and the weight change. Controller alarms (no scale) are not drawn.
 */
export function alarmMarkers(events: AlarmEvent[], shown: number[], text: AlarmMarkerText): ChartMarker[] {
  const scales = new Set(shown);
  return events.flatMap((e) => {
    if (e.idscale === null || !scales.has(e.idscale)) return [];
    const label = `${text.type(e)} · ${text.scale(e.idscale)}`;
    const parts = [label, text.time(e.time), ...(e.delta === null ? [] : [text.delta(e.delta)])];
    return [
      {
        id: `alarm-${e.id}`,
        time: Date.parse(e.time) / 1000,
        label,
        kind: 'alarm',
        detail: parts.join(' · '),
      },
    ];
  });
}
