import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { SERIES_MAX_POINTS } from '@hivescope/contract';
import type { Browser } from 'playwright-core';
import { build } from 'vite';
import { launchBrowser } from '../e2e/lib/chromium';
import { scriptsLoadedBy, type ScriptFile } from './lib/browser';
import { embeddedScratch } from './lib/postgres';
import { root, startApp } from './lib/processes';
import { clientPassword, createBeekeeper } from './lib/seed';
import { buildWeb } from './login-bundle';

/**
 * Timeline in the browser (`BENCH_ONLY=chart`):
 * - first render of the shared TimeChart with 8 × 17,520 points in Chromium, on a bench-only page
 *   (bench/chart-page, bundled by vite here) that times each render from handing the data to React to the
 *   chart's first-draw performance mark; the first (cold) render and the median of BENCH_CHART_RUNS more;
 * - the gzip size of every JavaScript file the /timeline route loads for a logged-in user (real server,
 *   embedded PostgreSQL, the app built as for production or BENCH_WEB_DIST).
 */

export const CHART_RENDER_BUDGET_MS = 60;
export const TIMELINE_BUDGET_KB = 250;
const RUNS = Number(process.env.BENCH_CHART_RUNS ?? 10);
const PAGE_ORIGIN = 'http://chart-bench.local';

async function buildChartPage(): Promise<string> {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hivescope-chart-bench-'));
  await build({
    configFile: false,
    root: path.join(root, 'bench/chart-page'),
    base: './',
    logLevel: 'warn',
    plugins: [react()],
    // the web app's own copy of Mantine (the bench page lives outside apps/web)
    resolve: { alias: { '@mantine/core': path.join(root, 'apps/web/node_modules/@mantine/core') } },
    build: { outDir, emptyOutDir: true },
  });
  return outDir;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

/** ms from the data to the first draw, and the part until React committed (render + aligning the data). */
type Run = { total: number; commit: number };
type RenderResult = { points: number; first: Run; runs: Run[] };

/** A fresh page per size, so that each "first chart" is the first on its page. */
async function measureRender(browser: Browser, dir: string, points: number): Promise<RenderResult> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const page = await context.newPage();
    await page.route(`${PAGE_ORIGIN}/**`, (route) => {
      const file = path.join(dir, new URL(route.request().url()).pathname);
      const type = file.endsWith('.js')
        ? 'text/javascript'
        : file.endsWith('.css')
          ? 'text/css'
          : 'text/html';
      return fs.existsSync(file) && fs.statSync(file).isFile()
        ? route.fulfill({ body: fs.readFileSync(file), contentType: type })
        : route.fulfill({ status: 404 });
    });
    await page.goto(`${PAGE_ORIGIN}/index.html`);
    await page.waitForFunction(() => 'benchChartRender' in globalThis);
    // Runs in the page (bench/chart-page/main.tsx defines these); globalThis: no DOM lib in this file.
    const all = await page.evaluate(
      async ([n, p]) => {
        const g = globalThis as unknown as {
          benchChartRender: (runs: number, points: number) => Promise<[number, number][]>;
        };
        return g.benchChartRender(n, p);
      },
      [RUNS + 1, points] as const,
    );
    const [first, ...runs] = all.map(([total, commit]) => ({ total, commit }));
    if (!first || runs.length === 0) throw new Error('the chart page measured nothing');
    return { points: points * 8, first, runs };
  } finally {
    await context.close();
  }
}

const EMAIL = 'chart-bench@hivescope.local';

async function timelineScripts(browser: Browser): Promise<ScriptFile[]> {
  const web = buildWeb();
  const scratch = await embeddedScratch();
  const server = await startApp(scratch.url, { WEB_DIST: web.dir });
  try {
    await createBeekeeper(scratch.db, EMAIL, 'Chart');
    const login = async (context: import('playwright-core').BrowserContext) => {
      const password = clientPassword();
      const res = await context.request.post(`${server.url}/api/user/login`, {
        data: { email: EMAIL, password },
      });
      if (!res.ok()) throw new Error(`login failed: ${res.status()} ${await res.text()}`);
    };
    const files = await scriptsLoadedBy(
      browser,
      `${server.url}/timeline?lang=de`,
      '[data-testid="timeline"]',
      login,
    );
    if (!files.some((f) => /uplot/i.test(f.name)))
      throw new Error('the /timeline route loaded no uPlot chunk: not the timeline screen?');
    return files;
  } finally {
    await server.stop();
    await scratch.dispose();
    web.dispose();
  }
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const met = (ok: boolean) => (ok ? 'met' : 'NOT met');

function renderReport(render: RenderResult, budget: boolean): string[] {
  const totals = render.runs.map((r) => r.total);
  const warm = median(totals);
  const warmCommit = median(render.runs.map((r) => r.commit));
  const { first } = render;
  return [
    `\nTimeChart render, ${render.points.toLocaleString('en')} points (8 lines), Chromium, data → first draw:`,
    `  first chart on the page ${first.total.toFixed(1)} ms (React render + aligning ${first.commit.toFixed(1)} ms, then uPlot)`,
    `  median of ${render.runs.length} more       ${warm.toFixed(1)} ms (React render + aligning ${warmCommit.toFixed(1)} ms; min ${Math.min(...totals).toFixed(1)}, max ${Math.max(...totals).toFixed(1)})`,
    ...(budget
      ? [
          `  budget ${CHART_RENDER_BUDGET_MS} ms: first ${met(first.total <= CHART_RENDER_BUDGET_MS)}, median ${met(warm <= CHART_RENDER_BUDGET_MS)}`,
        ]
      : []),
  ];
}

function bundleReport(files: ScriptFile[]): string[] {
  const gzip = files.reduce((s, f) => s + f.gzip, 0);
  const raw = files.reduce((s, f) => s + f.raw, 0);
  const largest = [...files].sort((a, b) => b.gzip - a.gzip).slice(0, 8);
  return [
    `\n/timeline JavaScript (logged in): ${files.length} files, ${kb(raw)} kB raw, ${kb(gzip)} kB gzip ` +
      `(budget ${TIMELINE_BUDGET_KB} kB: ${met(gzip / 1024 <= TIMELINE_BUDGET_KB)})`,
    '  largest chunks (kB gzip / raw):',
    ...largest.map((f) => `  ${kb(f.gzip).padStart(7)} ${kb(f.raw).padStart(8)}  ${path.basename(f.name)}`),
  ];
}

export async function benchChart(): Promise<void> {
  const pageDir = await buildChartPage();
  const browser = await launchBrowser();
  try {
    // the case (two years hourly), and what the series call actually answers (≤ 2,000 per series)
    const full = await measureRender(browser, pageDir, 17_520);
    const answered = await measureRender(browser, pageDir, SERIES_MAX_POINTS);
    const files = await timelineScripts(browser);
    console.log(
      [...renderReport(full, true), ...renderReport(answered, false), ...bundleReport(files)].join('\n'),
    );
  } finally {
    await browser.close();
    fs.rmSync(pageDir, { recursive: true, force: true });
  }
}
