import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launchBrowser } from '../e2e/lib/chromium';
import {
  MOBILE_PROFILE,
  scriptsLoadedBy,
  throttledLoad,
  type PageTimings,
  type ScriptFile,
} from './lib/browser';
import { embeddedScratch } from './lib/postgres';
import { root, startApp } from './lib/processes';

/**
 * Login page weight: builds the web app (or takes BENCH_WEB_DIST), starts the real server on it, opens `/`
 * for a logged-out visitor in Chromium — the login page outside the single-page app (docs/decisions.md, "Web
 * bundle and first load") — and sums the gzip size of every JavaScript file the page loaded; then loads the
 * page BENCH_RUNS times (default 3) on Lighthouse's throttled mobile profile and prints the median timings.
 */

/** The budget, and the aim of the lean login page (everything it loads). */
export const LOGIN_BUDGET_KB = 150;
export const LEAN_LOGIN_AIM_KB = 30;
const READY = '[data-testid="login-email"]';
const RUNS = Number(process.env.BENCH_RUNS ?? 3);

export function buildWeb(): { dir: string; dispose: () => void } {
  const given = process.env.BENCH_WEB_DIST;
  if (given) return { dir: path.resolve(given), dispose: () => undefined };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hivescope-bench-web-'));
  const vite = path.join(root, 'node_modules/vite/bin/vite.js');
  const built = spawnSync(
    process.execPath,
    [vite, 'build', '--outDir', dir, '--emptyOutDir', '--logLevel', 'warn'],
    {
      cwd: path.join(root, 'apps/web'),
      stdio: 'inherit',
    },
  );
  if (built.status !== 0) throw new Error('vite build failed');
  return { dir, dispose: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const pad = (s: string, n: number) => s.padStart(n);

function bundleReport(files: ScriptFile[]): string {
  const total = (k: keyof Pick<ScriptFile, 'raw' | 'gzip' | 'transferred'>) =>
    files.reduce((s, f) => s + f[k], 0);
  const gzip = total('gzip');
  const encodings = [...new Set(files.map((f) => f.encoding))].join(', ');
  const met = (limit: number) => (gzip / 1024 <= limit ? 'met' : 'NOT met');
  const app = files
    .filter((f) => /\/(vendor|index)-[\w-]+\.js$/.test(f.name))
    .map((f) => path.basename(f.name));
  const largest = [...files].sort((a, b) => b.gzip - a.gzip).slice(0, 10);
  return [
    `\nLogin page JavaScript: ${files.length} files, ${kb(total('raw'))} kB raw, ${kb(gzip)} kB gzip ` +
      `(budget ${LOGIN_BUDGET_KB} kB: ${met(LOGIN_BUDGET_KB)}; lean page aim ${LEAN_LOGIN_AIM_KB} kB: ` +
      `${met(LEAN_LOGIN_AIM_KB)}), ${kb(total('transferred'))} kB transferred (content-encoding: ${encodings})`,
    `  single-page app chunks loaded: ${app.length ? app.join(', ') : 'none'}`,
    '  largest chunks (kB gzip / raw):',
    ...largest.map((f) => `  ${pad(kb(f.gzip), 7)} ${pad(kb(f.raw), 8)}  ${path.basename(f.name)}`),
  ].join('\n');
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
};

function timingReport(runs: PageTimings[]): string {
  const ms = (pick: (t: PageTimings) => number | null) => {
    const values = runs.map(pick).filter((v): v is number => v !== null);
    return values.length ? `${Math.round(median(values))} ms` : 'n/a';
  };
  const p = MOBILE_PROFILE;
  return [
    `\nLogin page on a throttled mobile profile (${p.cpuSlowdown}× CPU, ${p.downBitsPerS / 1e6} Mbit/s down, ` +
      `${p.upBitsPerS / 1e3} kbit/s up, ${p.rttMs} ms RTT, 412 × 823), median of ${runs.length} cold loads:`,
    `  first contentful paint   ${ms((t) => t.fcp)}`,
    `  largest contentful paint ${ms((t) => t.lcp)}`,
    `  login form ready         ${ms((t) => t.formReady)}  (email input rendered and enabled)`,
    `  time to interactive      ${ms((t) => t.interactive)}  (form ready, no long task after it)`,
    `  total blocking time      ${ms((t) => t.totalBlocking)}`,
  ].join('\n');
}

export async function benchLoginBundle(): Promise<void> {
  const web = buildWeb();
  const scratch = await embeddedScratch();
  const server = await startApp(scratch.url, { WEB_DIST: web.dir });
  const browser = await launchBrowser();
  try {
    const url = `${server.url}/?lang=de`;
    console.log(bundleReport(await scriptsLoadedBy(browser, url, READY)));
    const runs: PageTimings[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await throttledLoad(browser, url, READY));
    console.log(timingReport(runs));
  } finally {
    await browser.close();
    await server.stop();
    await scratch.dispose();
    web.dispose();
  }
}
