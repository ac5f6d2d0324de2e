import { SCALE_SERIES, type ScaleType } from '@hivescope/contract';

type ScaleSeriesName = (typeof SCALE_SERIES)[number];

/** The series a scale can have: a sensor channel (hive climate) measures no weight (docs/timeline.md "Web screen"). */
export const seriesOfScale = (type: ScaleType): readonly ScaleSeriesName[] =>
  type === 'sensor' ? SCALE_SERIES.filter((s) => s !== 'weight') : SCALE_SERIES;

/** The series a scale's own checkbox shows: its weight, or a sensor's temperature. */
export const mainSeriesOf = (type: ScaleType): ScaleSeriesName => seriesOfScale(type)[0]!;
