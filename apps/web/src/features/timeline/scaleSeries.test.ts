import { describe, expect, it } from 'vitest';
import { SCALE_SERIES } from '@hivescope/contract';
import { mainSeriesOf, seriesOfScale } from './scaleSeries';

describe('the series of a scale', () => {
  it('a weight scale has every scale series and shows its weight first; a sensor has no weight', () => {
    expect(seriesOfScale('weight')).toEqual(SCALE_SERIES);
    expect(mainSeriesOf('weight')).toBe('weight');
    expect(seriesOfScale('sensor')).toEqual(['temperature', 'humidity']);
    expect(mainSeriesOf('sensor')).toBe('temperature');
  });
});
