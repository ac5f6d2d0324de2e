import { describe, expect, it } from 'vitest';
import type { Controller, SeriesData } from '@hivescope/contract';
import { chartLines, compareLines, scaleLabels, seriesRequest } from './chartData';
import { decodeChartState } from './chartState';

const data = (over: Partial<SeriesData>): SeriesData => ({
  kind: 'scale',
  id: 12,
  controllerId: 7,
  series: 'weight',
  status: 'ok',
  unit: 'kg',
  resolution: 'hourly',
  times: [1, 2],
  values: [40, 41],
  ...over,
});
const naming = {
  scale: (id: number) => `Scale ${id}`,
  controller: (id: number) => `Ctrl ${id}`,
  series: (name: string) => name,
};

describe('chart data', () => {
  const state = decodeChartState('series=s12.weight,c7.windSpeed,s13.temperature,c7.pressure');

  it('asks once for all shown scales, controllers and series over the range', () => {
    expect(seriesRequest(state, { xmin: 10, xmax: 20 })).toEqual({
      scales: [12, 13],
      controllers: [7],
      series: ['weight', 'windSpeed', 'temperature', 'pressure'],
      xmin: 10,
      xmax: 20,
    });
    expect(seriesRequest(decodeChartState(''), { xmin: 10, xmax: 20 })).toBeNull();
  });

  it('draws only the visible series, in their order, and notes the empty ones with their reason', () => {
    const answered = [
      data({}),
      data({ series: 'temperature', unit: '°C' }), // answered for scale 12 but not visible there
      data({ id: 13, series: 'temperature', unit: '°C', status: 'noData', times: [], values: [] }),
      data({ kind: 'controller', id: 7, series: 'windSpeed', unit: 'km/h', status: 'noWeatherData' }),
      data({ kind: 'controller', id: 7, series: 'pressure', unit: 'hPa' }),
    ];
    const { lines, notes } = chartLines(answered, state.series, naming);
    expect(lines.map((l) => [l.id, l.label, l.unit])).toEqual([
      ['s12.weight', 'Scale 12 · weight', 'kg'],
      ['c7.pressure', 'Ctrl 7 · pressure', 'hPa'],
    ]);
    expect(notes).toEqual([
      { id: 'c7.windSpeed', label: 'Ctrl 7 · windSpeed', status: 'noWeatherData' },
      { id: 's13.temperature', label: 'Scale 13 · temperature', status: 'noData' },
    ]);
  });

  it('compare mode: weights become their change since the reference time, other units stay', () => {
    const line = (id: string, unit: string, values: (number | null)[]) => ({
      id,
      label: id,
      unit,
      times: [100, 200, 300],
      values,
    });
    const [a, b, c, d] = compareLines(
      [
        line('a', 'kg', [40, 41.5, 43]),
        line('b', 'kg', [null, 30, 29.25]),
        line('c', '°C', [20, 21, 22]),
        line('d', 'kg', [50, 51, null]),
      ],
      150,
    );
    expect(a!.values).toEqual([-1.5, 0, 1.5]);
    expect(b!.values).toEqual([null, 0, -0.75]);
    expect(c!.values).toEqual([20, 21, 22]);
    expect(compareLines([line('e', 'kg', [50, 51, 52])], 999)[0]!.values).toEqual([-2, -1, 0]);
    expect(d!.values).toEqual([-1, 0, null]);
  });

  it('names a scale by itself, and with its apiary in front where another apiary has a scale of that name', () => {
    const apiary = (id: number, name: string, scales: [number, string][]) =>
      ({ id, name, scales: scales.map(([idscale, n]) => ({ idscale, name: n })) }) as unknown as Controller;
    const labels = scaleLabels([
      apiary(1, 'Bienenstand Nord', [
        [11, 'Hive 1'],
        [12, 'Linde'],
      ]),
      apiary(2, 'Bienenstand Süd', [[21, 'Hive 1']]),
    ]);
    expect([...labels]).toEqual([
      [11, 'Bienenstand Nord · Hive 1'],
      [12, 'Linde'],
      [21, 'Bienenstand Süd · Hive 1'],
    ]);
  });
});
