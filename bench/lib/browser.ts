import zlib from 'node:zlib';
import type { Browser, BrowserContext, Response } from 'playwright-core';

/** One JavaScript file the page loaded: decoded size, gzip -9 size, and the bytes that crossed the network. */
export type ScriptFile = { name: string; raw: number; gzip: number; transferred: number; encoding: string };

/** Timings of one throttled page load, in ms from navigation start (null: the browser did not report it). */
export type PageTimings = {
  fcp: number | null;
  lcp: number | null;
  formReady: number;
  /** Lighthouse-style time to interactive: form ready and no long task (> 50 ms) after it. */
  interactive: number;
  /** Sum of (long task − 50 ms) between FCP and time to interactive, as Lighthouse counts it. */
  totalBlocking: number;
};

/** Lighthouse's "slow 4G" mobile profile: 4× CPU slowdown, 1.6 Mbit/s down, 750 kbit/s up, 150 ms RTT. */
export const MOBILE_PROFILE = { cpuSlowdown: 4, downBitsPerS: 1.6e6, upBitsPerS: 750e3, rttMs: 150 };

const isScript = (res: Response) =>
  /\.m?js(\?|$)/.test(new URL(res.url()).pathname) ||
  (res.headers()['content-type'] ?? '').includes('javascript');

async function describe(res: Response): Promise<ScriptFile> {
  const body = await res.body();
  const sizes = await res.request().sizes();
  return {
    name: new URL(res.url()).pathname,
    raw: body.length,
    gzip: zlib.gzipSync(body, { level: 9 }).length,
    transferred: sizes.responseBodySize,
    encoding: res.headers()['content-encoding'] ?? 'identity',
  };
}

/**
 * Opens `url` in a fresh browser profile, waits until `readySelector` is there and the network is idle, and
 * returns every JavaScript file the page loaded (entry, preloads and lazy chunks alike). `prepare` runs in the
 * fresh profile before the page opens (e.g. a login through the API for a route behind the login).
 */
export async function scriptsLoadedBy(
  browser: Browser,
  url: string,
  readySelector: string,
  prepare?: (context: BrowserContext) => Promise<void>,
) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    await prepare?.(context);
    const page = await context.newPage();
    const pending = new Map<string, Promise<ScriptFile>>();
    page.on('response', (res) => {
      if (res.ok() && isScript(res) && !pending.has(res.url())) pending.set(res.url(), describe(res));
    });
    await page.goto(url);
    await page.locator(readySelector).waitFor();
    await page.waitForLoadState('networkidle');
    return await Promise.all(pending.values());
  } finally {
    await context.close();
  }
}

/** Runs in the page before any of its scripts: records paint, LCP, long tasks and when the form is usable. */
const observerScript = (readySelector: string) => `
  (() => {
    const m = { fcp: null, lcp: null, formReady: null, longTasks: [] };
    window.__hivescopeTimings = m;
    const observe = (type, fn) => {
      try { new PerformanceObserver((l) => l.getEntries().forEach(fn)).observe({ type, buffered: true }); }
      catch { /* entry type not supported */ }
    };
    observe('paint', (e) => { if (e.name === 'first-contentful-paint') m.fcp = e.startTime; });
    observe('largest-contentful-paint', (e) => { m.lcp = e.startTime; });
    observe('longtask', (e) => { m.longTasks.push([e.startTime, e.duration]); });
    const check = () => {
      const el = document.querySelector(${JSON.stringify(readySelector)});
      if (m.formReady === null && el && !el.disabled) m.formReady = performance.now();
    };
    new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true });
  })();
`;

type RawTimings = {
  fcp: number | null;
  lcp: number | null;
  formReady: number | null;
  longTasks: [number, number][];
};

/**
 * Reads what the observer script left in the page. Passed to page.evaluate as source, so it must not call
 * anything defined in this file; globalThis because this file is type-checked without the DOM lib.
 */
const timingsOf = () => (globalThis as { __hivescopeTimings?: RawTimings }).__hivescopeTimings;
const formReadyIn = () =>
  (globalThis as { __hivescopeTimings?: RawTimings }).__hivescopeTimings?.formReady != null;

function summarise(raw: RawTimings & { formReady: number }): PageTimings {
  const lastLongTaskEnd = raw.longTasks.reduce((end, [start, d]) => Math.max(end, start + d), 0);
  const interactive = Math.max(raw.formReady, lastLongTaskEnd);
  const from = raw.fcp ?? 0;
  const totalBlocking = raw.longTasks
    .filter(([start]) => start >= from && start < interactive)
    .reduce((sum, [, d]) => sum + Math.max(0, d - 50), 0);
  return { fcp: raw.fcp, lcp: raw.lcp, formReady: raw.formReady, interactive, totalBlocking };
}

/** One cold load of `url` on the throttled mobile profile (Chrome DevTools Protocol), 412 × 823 viewport. */
export async function throttledLoad(
  browser: Browser,
  url: string,
  readySelector: string,
): Promise<PageTimings> {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: MOBILE_PROFILE.rttMs,
      downloadThroughput: MOBILE_PROFILE.downBitsPerS / 8,
      uploadThroughput: MOBILE_PROFILE.upBitsPerS / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: MOBILE_PROFILE.cpuSlowdown });
    await page.addInitScript(observerScript(readySelector));
    await page.goto(url, { waitUntil: 'commit', timeout: 120_000 });
    await page.waitForFunction(formReadyIn, null, {
      timeout: 120_000,
    });
    // Long tasks and LCP right after the form appeared still count; the network settles meanwhile.
    await page.waitForLoadState('networkidle', { timeout: 120_000 });
    await page.waitForTimeout(1000);
    const raw = await page.evaluate(timingsOf);
    if (!raw || raw.formReady === null) throw new Error('no timings recorded');
    return summarise({ ...raw, formReady: raw.formReady });
  } finally {
    await context.close();
  }
}
