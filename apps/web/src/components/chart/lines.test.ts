import { describe, expect, it } from 'vitest';
import uPlot from 'uplot';
import { alignLines, axesFor, markersNear, unitsOf, type ChartLine } from './lines';

const line = (id: string, unit: string, times: number[], values: (number | null)[]): ChartLine => ({
  id,
  label: id,
  unit,
  times,
  values,
});

describe('chart lines', () => {
  const lines = [
    line('a', 'kg', [10, 20, 30], [1, null, 3]),
    line('b', '°C', [20, 40], [5, 6]),
    line('c', 'kg', [10], [7]),
  ];

  it('one axis per unit, alternating sides', () => {
    expect(unitsOf(lines)).toEqual(['kg', '°C']);
    const axes = axesFor(unitsOf(lines), String);
    expect(axes.map((a) => [a.scale, a.side, a.label])).toEqual([
      ['kg', 3, 'kg'],
      ['°C', 1, '°C'],
    ]);
  });

  it('aligns on the union of times: own nulls stay gaps, missing points are undefined', () => {
    const [x, a, b, c] = alignLines(lines, uPlot.join);
    expect(x).toEqual([10, 20, 30, 40]);
    expect(a).toEqual([1, null, 3, undefined]);
    expect(b).toEqual([undefined, 5, undefined, 6]);
    expect(c).toEqual([7, undefined, undefined, undefined]);
  });

  it('lines with the same times keep them as they are, as the join would give them', () => {
    const same = [line('a', 'kg', [10, 20, 30], [1, null, 3]), line('b', 'kg', [10, 20, 30], [4, 5, 6])];
    const fast = alignLines(same, uPlot.join);
    expect(fast).toEqual([
      [10, 20, 30],
      [1, null, 3],
      [4, 5, 6],
    ]);
    expect(fast).toEqual(uPlot.join(same.map((l) => [l.times, l.values] as uPlot.AlignedData)));
    expect(alignLines([], uPlot.join)).toEqual([[]]);
  });
});

describe('chart markers in the tooltip', () => {
  it('are the markers with a detail near the cursor; interventions without one stay out', () => {
    const markers = [
      { id: 'alarm-1', time: 100, label: 'Swarm', kind: 'alarm' as const, detail: 'Swarm · −2.5 kg' },
      { id: 'alarm-2', time: 500, label: 'Swarm', kind: 'alarm' as const, detail: 'Swarm · −3 kg' },
      { id: '7', time: 101, label: 'Inspection' },
    ];
    const near = markersNear(markers, (t) => Math.abs(t - 100) <= 5);
    expect(near.map((m) => m.id)).toEqual(['alarm-1']);
  });
});
