// Bench page (bench/chart-render.ts), bundled by vite for the bench only: renders the product's shared
// TimeChart with 8 lines × 17,520 points (two years hourly) and times each render from the moment the data
// is handed to React to the chart's first draw (its performance mark, CHART_DRAWN_MARK).
import { MantineProvider } from '@mantine/core';
import { useLayoutEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { CHART_DRAWN_MARK, TimeChart } from '../../apps/web/src/components/chart/TimeChart';
import type { ChartLine } from '../../apps/web/src/components/chart/lines';

const LINES = 8;
/** two years hourly per line; the series call itself never answers more than 2,000 points per series */
let POINTS = 17_520;
const START = Date.UTC(2023, 0, 1) / 1000;

/** Fresh arrays each time, as a new series answer would bring (no cached alignment). */
function makeLines(): ChartLine[] {
  return Array.from({ length: LINES }, (_, l) => {
    const times = new Array<number>(POINTS);
    const values = new Array<number | null>(POINTS);
    for (let i = 0; i < POINTS; i++) {
      times[i] = START + i * 3600;
      values[i] = 40 + l + 8 * Math.sin(i / 900 + l) + Math.sin(i / 3) * 0.4;
    }
    return { id: `s${l + 1}.weight`, label: `Volk ${l + 1} · Weight`, unit: 'kg', times, values };
  });
}

function drawn(): Promise<PerformanceEntry> {
  return new Promise((resolve) => {
    const observer = new PerformanceObserver((list) => {
      const entry = list.getEntriesByName(CHART_DRAWN_MARK)[0];
      if (!entry) return;
      observer.disconnect();
      resolve(entry);
    });
    observer.observe({ type: 'mark' });
  });
}

/** Marks React's commit of a chart render (layout effects run before the chart's own effect draws). */
function Committed() {
  useLayoutEffect(() => void performance.mark('bench:commit'), []);
  return null;
}

let show: (lines: ChartLine[] | null) => void = () => undefined;

/** The page's app: Mantine is set up once, as in the product, so a run times the chart alone. */
function App() {
  const [lines, setLines] = useState<ChartLine[] | null>(null);
  show = setLines;
  return (
    <MantineProvider>
      {lines && <Committed />}
      {lines && (
        <TimeChart lines={lines} xmin={START} xmax={START + POINTS * 3600} locale="de" height={380} />
      )}
    </MantineProvider>
  );
}

const frame = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 50)));

/** One chart: ms from handing the data to React until the chart has drawn ([total, React commit]). */
async function renderOnce(): Promise<[number, number]> {
  const lines = makeLines();
  const done = drawn();
  const start = performance.now();
  show(lines);
  const mark = await done;
  await frame();
  show(null);
  await frame();
  const commit = performance.getEntriesByName('bench:commit')[0]?.startTime ?? NaN;
  performance.clearMarks();
  return [mark.startTime - start, commit - start];
}

async function run(runs: number, points = 17_520): Promise<[number, number][]> {
  POINTS = points;
  const times: [number, number][] = [];
  for (let i = 0; i < runs; i++) times.push(await renderOnce());
  return times;
}

const host = document.getElementById('root');
if (!host) throw new Error('no #root');
createRoot(host).render(<App />);
Object.assign(window, { benchChartRender: run });
