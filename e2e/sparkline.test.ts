import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { seriesResponseSchema, type SeriesResponse } from '@hivescope/contract';
import { launchBrowser } from './lib/chromium';
import { newContext, sql } from './lib/app';
import { activeUser, adminWithProfile } from './lib/users';
import { report } from './lib/device';
import { createControllerViaApi, loginViaApi, registerControllerViaApi } from './lib/controllers';
import { expectUrl, expectVisible } from './lib/expect';
import { ADMIN } from './global-setup';

const HOUR = 3_600_000;
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

/** The next answer of GET series, parsed with the contract's schema. */
async function nextSeries(page: Page, action: () => Promise<unknown>): Promise<SeriesResponse> {
  const [response] = await Promise.all([page.waitForResponse((r) => isSeries(r.request())), action()]);
  expect(response.status()).toBe(200);
  return seriesResponseSchema.parse(await response.json());
}

describe('dashboard sparklines open the timeline; timeline live mode and fullscreen', () => {
  let browser: Browser;
  let context: BrowserContext;
  let controllerId = 0;
  let linde = 0;
  let raps = 0;

  beforeAll(async () => {
    browser = await launchBrowser();
    await adminWithProfile(ADMIN.email);
    const adminContext = await newContext(browser);
    await loginViaApi(adminContext.request, ADMIN.email, ADMIN.password);
    const device = await createControllerViaApi(adminContext.request, 'Bienenstand Sparkline');
    await adminContext.close();

    const owner = await activeUser();
    context = await newContext(browser);
    await loginViaApi(context.request, owner.email, owner.password);
    await registerControllerViaApi(context.request, device, ['Volk Linde', 'Volk Raps']);
    const scales = await sql<{ id: number; controller_id: number }>(
      `SELECT s.id, s.controller_id FROM scales s JOIN controllers c ON c.id = s.controller_id
        WHERE c.imsi = $1 ORDER BY s.channel`,
      [device.imsi],
    );
    controllerId = scales[0]!.controller_id;
    linde = scales[0]!.id;
    raps = scales[1]!.id;
    // set up ten days ago, so that the readings of the last 8 days belong to the scales
    await sql(`UPDATE scales SET setup_at = now() - interval '10 days' WHERE controller_id = $1`, [
      controllerId,
    ]);
    const end = Math.floor(Date.now() / HOUR) * HOUR - HOUR;
    const readings = Array.from({ length: 8 * 24 }, (_, i) => ({
      time: new Date(end - (8 * 24 - 1 - i) * HOUR),
      channels: [
        { channel: 1, weight: 40 + i / 10 },
        { channel: 2, weight: 35 + i / 20 },
      ],
    }));
    const answer = await report(device.token, device, readings);
    expect(answer.body.accepted).toBe(8 * 24 * 2);
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
