import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page, Response } from 'playwright-core';
import {
  analysisResponseSchema,
  heatmapHoursResponseSchema,
  heatmapResponseSchema,
} from '@hivescope/contract';
import { launchBrowser } from './lib/chromium';
import { newContext, sql } from './lib/app';
import { activeUser, adminWithProfile } from './lib/users';
import { report } from './lib/device';
import { createControllerViaApi, loginViaApi, registerControllerViaApi } from './lib/controllers';
import { expectVisible } from './lib/expect';
import { scan } from './lib/axe';
import { ADMIN } from './global-setup';

const DAY_MS = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The next answer of a GET call whose URL contains every one of `parts`. */
async function nextAnswer(page: Page, parts: string[], action: () => Promise<unknown>): Promise<unknown> {
  const [response] = await Promise.all([
    page.waitForResponse(
      (r: Response) => parts.every((p) => r.url().includes(p)) && r.request().method() === 'GET',
    ),
    action(),
  ]);
  expect(response.status()).toBe(200);
  return response.json();
}

/**
 * Five days with one reading each at 10:00 UTC (midday in the controller's Europe/Zurich): 40, 41, 40.5,
 * 43.5, 44 kg → daily changes +1, −0.5, +3, +0.5; net gain +4 kg, 2 days of flow, best day the fourth.
 * One more reading on the fifth day at 09:00 UTC (43.7 kg) gives one hourly change: +0.3 kg at 10:00 UTC.
 */
const WEIGHTS = [40, 41, 40.5, 43.5, 44];

describe('analysis: figures, bar chart and heat map of chosen scales', () => {
  let browser: Browser;
  let context: BrowserContext;
  let controllerId = 0;
  let hive = 0;
  let days: string[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
    await adminWithProfile(ADMIN.email);
    const adminContext = await newContext(browser);
    await loginViaApi(adminContext.request, ADMIN.email, ADMIN.password);
    const device = await createControllerViaApi(adminContext.request, 'Bienenstand Analyse');
    await adminContext.close();

    const owner = await activeUser();
    // bypassCSP: axe is injected as an inline script (as in e2e/a11y.test.ts)
    context = await newContext(browser, 'en-US', 'en', { bypassCSP: true });
    await loginViaApi(context.request, owner.email, owner.password);
    await registerControllerViaApi(context.request, device, ['Volk Akazie']);
    const [scale] = await sql<{ id: number; controller_id: number }>(
      `SELECT s.id, s.controller_id FROM scales s JOIN controllers c ON c.id = s.controller_id
        WHERE c.imsi = $1 ORDER BY s.channel`,
      [device.imsi],
    );
    controllerId = scale!.controller_id;
    hive = scale!.id;
    // the scale was set up ten days ago: its window covers the five days below
    await sql(`UPDATE scales SET setup_at = now() - interval '10 days' WHERE controller_id = $1`, [
      controllerId,
    ]);
    const today = Date.parse(`${dayOf(Date.now())}T10:00:00Z`);
    const times = WEIGHTS.map((_, i) => today - (6 - i) * DAY_MS);
    days = times.map(dayOf);
    const answer = await report(device.token, device, [
      ...times.map((t, i) => ({ time: new Date(t), channels: [{ channel: 1, weight: WEIGHTS[i]! }] })),
      { time: new Date(times[4]! - 3_600_000), channels: [{ channel: 1, weight: 43.7 }] },
    ]);
    expect(answer.body.accepted).toBe(WEIGHTS.length + 1);
  });
  afterAll(() => browser.close());

  it('picks the scale and period, shows the net gain in the table and draws the bars', async () => {
    const page = await context.newPage();
    await page.goto('/analysis');
    await expectVisible(page.getByTestId('analysis-scales'), 'the scale picker');
    // the end first: a start after the current end (this season's) would be refused
    await page.getByTestId('analysis-to').fill(days[4]!);
    await page.getByTestId('analysis-from').fill(days[0]!);
    const body = analysisResponseSchema.parse(
      await nextAnswer(page, ['/api/analysis?', `from=${days[0]}`], () =>
        page.getByLabel('Volk Akazie').check(),
      ),
    );
    expect(body.from).toBe(days[0]);
    expect(body.to).toBe(days[4]);
    expect(body.scales[0]).toMatchObject({
      idscale: hive,
      netGain: 4,
      flowDays: 2,
      bestDay: { date: days[3], kg: 3 },
    });
    const row = page.getByTestId(`analysis-row-${hive}`);
    await expectVisible(row, 'the scale row');
    await expect.poll(() => row.getByTestId('analysis-net-gain').textContent()).toBe('+4.0 kg');
    expect(await row.getByTestId('analysis-flow-days').textContent()).toBe('2');
    await expect.poll(() => page.getByTestId('analysis-bar').count()).toBe(1);
    const bar = page.getByTestId('analysis-bar');
    expect(await bar.getAttribute('aria-label')).toBe('Volk Akazie: +4.0 kg');
    expect(Number(await bar.getAttribute('height'))).toBeGreaterThan(50);
    // the state is in the URL: a reload shows the same figures
    expect(new URL(page.url()).searchParams.get('scales')).toBe(String(hive));
    await page.reload();
    await expect.poll(() => page.getByTestId('analysis-net-gain').textContent()).toBe('+4.0 kg');
    await page.close();
  });

  it('opens the heat map from the timeline: a cell per known day, and days × hours for one scale', async () => {
    const page = await context.newPage();
    await page.goto(`/timeline?series=s${hive}.weight`);
    await expectVisible(page.getByTestId('timeline-heatmap'), 'the heat map button');
    await page.getByTestId('timeline-heatmap').click();
    await page.waitForURL(/\/analysis\?view=heatmap/);
    // the default period is this season, which may not hold these days: pick them
    const map = heatmapResponseSchema.parse(
      await nextAnswer(page, ['/api/heatmap?', `from=${days[0]}`, `to=${days[4]}`], async () => {
        await page.getByTestId('analysis-to').fill(days[4]!);
        await page.getByTestId('analysis-from').fill(days[0]!);
      }),
    );
    expect(map.days).toEqual(days);
    expect(map.rows[0]?.values).toEqual([null, 1, -0.5, 3, 0.5]);
    const grid = page.getByTestId('heatmap-days');
    await expect.poll(() => grid.getByTestId('heatmap-cell').count()).toBe(4);
    await expectVisible(grid.getByTestId('heatmap-legend'), 'the legend');
    expect(await grid.locator('svg[role="img"]').getAttribute('aria-label')).toContain(
      'Daily net weight change',
    );
    // the accessible table shows the same values
    await grid.getByTestId('heatmap-as-table').click();
    await expect.poll(() => grid.getByTestId('heatmap-table').textContent()).toContain('+3.0 kg');

    const hours = heatmapHoursResponseSchema.parse(
      await nextAnswer(page, ['/api/heatmap/hours?'], () => page.getByText('Days × hours').click()),
    );
    expect(hours.idscale).toBe(hive);
    expect(hours.values).toHaveLength(5);
    expect(hours.values.flat().filter((v) => v !== null)).toEqual([0.3]);
    const byHour = page.getByTestId('heatmap-hours');
    await expect.poll(() => byHour.getByTestId('heatmap-cell').count()).toBe(1);
    // the heat map with its legend passes axe (no critical or serious violation)
    const blocking = (await scan(page)).filter((v) => v.impact === 'critical' || v.impact === 'serious');
    expect(blocking.map((v) => v.id)).toEqual([]);
    await page.close();
  });
});
