import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { launchBrowser } from './lib/chromium';
import { expectUrl, expectVisible } from './lib/expect';
import { nextSeries, ownerWithReportingHives } from './lib/hives';

const DAY_S = 86_400;
const isSeries = (r: Request) => r.url().includes('/api/series?') && r.method() === 'GET';
const query = (page: Page) => new URL(page.url()).searchParams;
/** The test id of the page's fullscreen element (as source into the page: globalThis, no DOM lib here). */
const fullscreenTestId = () =>
  (
    globalThis as unknown as {
      document: { fullscreenElement: { getAttribute: (n: string) => string | null } | null };
    }
  ).document.fullscreenElement?.getAttribute('data-testid') ?? null;

describe('dashboard sparklines open the timeline; timeline live mode and fullscreen', () => {
  let browser: Browser;
  let context: BrowserContext;
  let controllerId = 0;
  let linde = 0;
  let raps = 0;

  beforeAll(async () => {
    browser = await launchBrowser();
    ({ context, controllerId, linde, raps } = await ownerWithReportingHives(
      browser,
      'Bienenstand Sparkline',
    ));
  });
  afterAll(() => browser.close());

  it('each weight tile draws its 7-day sparkline from one series call; a click opens the timeline over 7 days', async () => {
    const page = await context.newPage();
    const calls: string[] = [];
    page.on('request', (r) => {
      if (isSeries(r)) calls.push(r.url());
    });
    await page.goto('/dashboard');
    const tile = page.getByTestId(`scale-tile-${linde}`);
    const spark = tile.getByTestId('scale-sparkline');
    await expectVisible(spark, 'the sparkline of Volk Linde');
    // hourly readings over the last 7 days: well over a hundred points, drawn as a line
    expect(Number(await spark.getAttribute('data-points'))).toBeGreaterThan(100);
    expect(await spark.locator('polyline').count()).toBeGreaterThan(0);
    expect(
      (await spark.locator('polyline').first().getAttribute('points'))!.split(' ').length,
    ).toBeGreaterThan(100);
    // the weight climbed from 40 kg: the summary for screen readers says so
    expect(await spark.getAttribute('aria-label')).toMatch(/from .* to .*kg/);
    await expectVisible(
      page.getByTestId(`scale-tile-${raps}`).getByTestId('scale-sparkline'),
      'the second sparkline',
    );
    // both scales in ONE series call, weights only, over 7 days
    expect(calls).toHaveLength(1);
    const asked = new URL(calls[0]!).searchParams;
    expect(asked.get('scales')?.split(',').map(Number).sort()).toEqual([linde, raps].sort());
    expect(asked.get('series')).toBe('weight');
    expect(Number(asked.get('xmax')) - Number(asked.get('xmin'))).toBe(7 * DAY_S);

    const shown = await nextSeries(page, () => tile.click());
    await expectUrl(page, /\/timeline\?/);
    expect(query(page).get('series')).toBe(`s${linde}.weight`);
    expect(query(page).get('preset')).toBe('7d');
    expect(shown.xmax - shown.xmin).toBe(7 * DAY_S);
    expect(Math.abs(shown.xmax - Date.now() / 1000)).toBeLessThan(120);
    expect(shown.series.find((s) => s.id === linde && s.series === 'weight')?.status).toBe('ok');
    expect(await page.getByTestId(`timeline-scale-${linde}`).isChecked()).toBe(true);
    expect(await page.getByTestId('range-preset-7d').getAttribute('aria-pressed')).toBe('true');
    await expectVisible(page.getByTestId('time-chart').locator('canvas'), 'the chart canvas');
    await page.close();
  });

  it('live mode slides the window to now, stays in the URL across a reload, and ends on a hand-set range', async () => {
    const page = await context.newPage();
    const fixed = Math.floor(Date.now() / 1000) - 20 * DAY_S;
    await page.goto(
      `/timeline?series=s${linde}.weight&expanded=${controllerId}&xmin=${fixed}&xmax=${fixed + 7 * DAY_S}&preset=custom`,
    );
    await expectVisible(page.getByTestId('time-chart').locator('canvas'), 'the chart canvas');

    const live = await nextSeries(page, () => page.getByTestId('range-live').click());
    await expectUrl(page, /live=24h/);
    expect(query(page).get('xmin')).toBeNull();
    expect(live.xmax - live.xmin).toBe(DAY_S);
    expect(Math.abs(live.xmax - Date.now() / 1000)).toBeLessThan(120);

    // a preset while live changes the window and stays live
    const week = await nextSeries(page, () => page.getByTestId('range-preset-7d').click());
    await expectUrl(page, /live=7d/);
    expect(week.xmax - week.xmin).toBe(7 * DAY_S);

    const reloaded = await nextSeries(page, () => page.reload());
    expect(reloaded.xmax - reloaded.xmin).toBe(7 * DAY_S);
    expect(Math.abs(reloaded.xmax - Date.now() / 1000)).toBeLessThan(120);
    expect(await page.getByTestId('range-live').isChecked()).toBe(true);

    // panning sets a range by hand: live mode ends, the range is fixed in the URL again
    await nextSeries(page, () => page.getByTestId('range-earlier').click());
    expect(query(page).get('live')).toBeNull();
    expect(Number(query(page).get('xmin'))).toBeGreaterThan(0);
    expect(await page.getByTestId('range-live').isChecked()).toBe(false);
    await page.close();
  });

  it('the fullscreen button puts the chart container in fullscreen and takes it out again', async () => {
    const page = await context.newPage();
    await page.goto(`/timeline?series=s${linde}.weight&expanded=${controllerId}&live=7d`);
    const chart = page.getByTestId('timeline-chart');
    await expectVisible(chart.locator('canvas'), 'the chart canvas');
    const button = page.getByTestId('chart-fullscreen');
    expect(await button.getAttribute('aria-label')).toBe('Fullscreen');
    await button.click();
    await expect.poll(() => chart.getAttribute('data-fullscreen')).toBe('true');
    expect(await page.evaluate(fullscreenTestId)).toBe('timeline-chart');
    expect(await button.getAttribute('aria-label')).toBe('Exit fullscreen');
    await button.click();
    await expect.poll(() => chart.getAttribute('data-fullscreen')).toBe('false');
    expect(await page.evaluate(fullscreenTestId)).toBeNull();
    await page.close();
  });
});
