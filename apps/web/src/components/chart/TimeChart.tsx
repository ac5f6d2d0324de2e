import { useEffect, useMemo, useRef } from 'react';
import { Box } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import './chart.css';
import { alignLines, axesFor, LINE_COLORS, unitsOf, type ChartLine, type ChartMarker } from './lines';
import { markersPlugin, selectPlugin, tooltipPlugin } from './plugins';
import { formatPointTime, timeAxisLabels } from './timeFormat';

export type TimeChartProps = {
  lines: ChartLine[];
  xmin: number;
  xmax: number;
  /** UI language: numbers and times in the axes, legend and tooltip */
  locale: string;
  markers?: ChartMarker[];
  /** Drag-selection on the plot (epoch seconds); without it the plot does not zoom. */
  onSelect?: (a: number, b: number) => void;
  height?: number;
  testId?: string;
};

/**
 * Performance mark set when a chart instance has drawn for the first time (bench/chart-render.ts times
 * from the data's arrival to this mark); the mark's detail is the number of points drawn.
 */
export const CHART_DRAWN_MARK = 'timechart:drawn';

function drawnOnce(points: number): NonNullable<uPlot.Hooks.Arrays['draw']> {
  let drawn = false;
  return [
    () => {
      if (drawn) return;
      drawn = true;
      performance.mark(CHART_DRAWN_MARK, { detail: { points } });
    },
  ];
}

/**
 * The chart's number format, made once per language and reused by every chart and every legend update (a
 * cursor move): creating an Intl format costs far more than using one (the first of a page 15–40 ms in
 * Chromium here). Dates and times: timeFormat.ts.
 */
const numberFormats = new Map<string, (value: number) => string>();

function numberFormatFor(locale: string) {
  let num = numberFormats.get(locale);
  if (!num) {
    const format = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
    num = (value) => format.format(value);
    numberFormats.set(locale, num);
  }
  return num;
}

type Options = TimeChartProps & { timeLabel: string };

function options(props: Options, width: number, onSelect: (a: number, b: number) => void) {
  const { lines, xmin, xmax, locale } = props;
  const units = unitsOf(lines);
  const num = numberFormatFor(locale);
  const time = (epoch: number) => formatPointTime(locale, epoch);
  const withUnit = (value: number, i: number) => `${num(value)} ${lines[i - 1]?.unit ?? ''}`.trim();
  const opts: uPlot.Options = {
    width,
    height: props.height ?? 380,
    scales: {
      x: { time: true, range: () => [xmin, xmax] },
      ...Object.fromEntries(units.map((u) => [u, { auto: true }])),
    },
    series: [
      { label: props.timeLabel, value: (_u, v) => (v === null ? '' : time(v)) },
      ...lines.map((line, i) => ({
        label: line.label,
        scale: line.unit,
        stroke: LINE_COLORS[i % LINE_COLORS.length],
        width: 1.5,
        points: { show: false },
        value: (_u: uPlot, v: number | null) => (v === null ? '–' : withUnit(v, i + 1)),
      })),
    ],
    axes: [
      {
        grid: { show: true },
        values: (u, splits, _axis, _space, incr) => {
          const labels = timeAxisLabels(locale, splits, incr);
          // the axis is drawn on a canvas: its labels are also kept on the chart's element to be read
          u.root.dataset.timeTicks = labels.map((l) => l.replace('\n', ' ')).join(' | ');
          return labels;
        },
      },
      ...axesFor(units, num),
    ],
    cursor: { drag: { x: true, y: false, setScale: false } },
    legend: { live: true },
    hooks: {
      draw: drawnOnce(lines.reduce((n, l) => n + l.times.length, 0)),
      // the y axes' labels are drawn on the canvas too: kept on the chart's element to be read
      ready: [
        (u) =>
          void (u.root.dataset.yAxes = u.axes
            .slice(1)
            .map((a) => String(a.label ?? ''))
            .join(' | ')),
      ],
    },
    plugins: [
      tooltipPlugin(time, withUnit, props.markers),
      markersPlugin(props.markers ?? []),
      selectPlugin(onSelect),
    ],
  };
  return opts;
}

/**
 * A time-series chart on uPlot (docs/timeline.md, "Web screen"): one y axis per unit, a legend with the
 * values at the cursor, a crosshair tooltip, markers, and drag-to-select for zooming. Rebuilt when its
 * lines change (a few ms for 8 × 2,000 points); the width follows the container.
 */
export function TimeChart(props: TimeChartProps) {
  const { t } = useTranslation('common');
  const timeLabel = t('chartTime');
  const container = useRef<HTMLDivElement>(null);
  const onSelect = useRef(props.onSelect);
  useEffect(() => {
    onSelect.current = props.onSelect;
  }, [props.onSelect]);
  const data = useMemo(() => alignLines(props.lines, uPlot.join), [props.lines]);
  const { lines, xmin, xmax, locale, markers, height } = props;

  useEffect(() => {
    const el = container.current;
    if (!el) return;
    const opts = options(
      { lines, xmin, xmax, locale, markers, height, timeLabel },
      el.clientWidth || 800,
      (a, b) => onSelect.current?.(a, b),
    );
    const plot = new uPlot(opts, data, el);
    const resize = new ResizeObserver(() => plot.setSize({ width: el.clientWidth, height: opts.height }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [data, lines, xmin, xmax, locale, markers, height, timeLabel]);

  return <Box ref={container} pos="relative" data-testid={props.testId ?? 'time-chart'} />;
}
