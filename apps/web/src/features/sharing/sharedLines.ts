import type { SeriesData, ShareView } from '@hivescope/contract';
import type { ChartLine } from '../../components/chart/lines';

/**
 * The lines of a shared chart: every shared series of every shared scale (scale series) and of the scales'
 * controllers (controller series), named after the scales. Series without points are left out.
 */
export function sharedLines(
  view: ShareView,
  answered: SeriesData[],
  seriesName: (name: string) => string,
): ChartLine[] {
  const scaleName = new Map(view.scales.map((s) => [s.id, s.name]));
  const controllerName = (id: number) =>
    view.scales
      .filter((s) => s.controllerId === id)
      .map((s) => s.name)
      .join(', ');
  return answered
    .filter((d) => d.status === 'ok' && d.times.length > 0)
    .map((d) => ({
      id: `${d.kind}${d.id}.${d.series}`,
      label: `${d.kind === 'scale' ? (scaleName.get(d.id) ?? '') : controllerName(d.id)} · ${seriesName(d.series)}`,
      unit: d.unit,
      times: d.times,
      values: d.values,
    }));
}
