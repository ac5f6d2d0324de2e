import type { SeriesData, SeriesName, SeriesResolution, SeriesStatus } from '@hivescope/contract';
import type { Columns } from './columns';

/** The requested range: as instants for the readers and as epoch seconds for the columns. */
export type Range = { from: Date; to: Date; xmin: number; xmax: number };

export const roundTo2 = (x: number) => Math.round(x * 100) / 100;

type Key = { kind: 'scale' | 'controller'; id: number; controllerId: number; series: SeriesName };

/** One answer entry: ok when the columns hold at least one value, else `emptyStatus` (noData by default). */
export function entry(
  key: Key,
  columns: Columns,
  meta: { resolution: SeriesResolution; unit: string; emptyStatus?: SeriesStatus },
): SeriesData {
  const hasValue = columns.values.some((v) => v !== null);
  return {
    ...key,
    status: hasValue ? 'ok' : (meta.emptyStatus ?? 'noData'),
    unit: meta.unit,
    resolution: meta.resolution,
    times: columns.times,
    values: columns.values,
    ...(columns.min ? { min: columns.min } : {}),
    ...(columns.max ? { max: columns.max } : {}),
  };
}
