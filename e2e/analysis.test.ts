import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page, Response } from 'playwright-core';
import {
  analysisResponseSchema,
  heatmapHoursResponseSchema,
  heatmapResponseSchema,
} from '@hivescope/contract';
import { launchBrowser } from './lib/chromium';
import { newContext, sql } from './lib/app';
import { activeUser, adminWithProfile, makeManager } from './lib/users';
import { report } from './lib/device';
import { createControllerViaApi, loginViaApi, registerControllerViaApi } from './lib/controllers';
import { expectUrl, expectVisible } from './lib/expect';
import { nextSeries } from './lib/hives';
import { scan } from './lib/axe';
import { ADMIN } from './global-setup';

const DAY_MS = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** Epoch seconds of 00:00 on `day` + `add` days in Zurich (UTC+1 or, in summer, UTC+2): both candidates. */
const zurichMidnights = (day: string, add: number) => {
  const utc = (Date.parse(`${day}T00:00:00Z`) + add * DAY_MS) / 1000;
  return [utc - 3600, utc - 7200];
};

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

/**
 * Types a period into the two date fields. A field refuses a start after the shown end (or an end before the
 * shown start), so the side that keeps the shown period valid comes first: the end when it is not before
 * the shown start (the default period, this season, may still lie ahead of these days on 1 or 2 March).
 */
async function fillPeriod(page: Page, from: string, to: string) {
  const shownFrom = await page.getByTestId('analysis-from').inputValue();
  const order =
    to >= shownFrom
      ? (['analysis-to', 'analysis-from'] as const)
      : (['analysis-from', 'analysis-to'] as const);
  for (const id of order) await page.getByTestId(id).fill(id === 'analysis-from' ? from : to);
}

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
    await fillPeriod(page, days[0]!, days[4]!);
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
      await nextAnswer(page, ['/api/heatmap?', `from=${days[0]}`, `to=${days[4]}`], () =>
        fillPeriod(page, days[0]!, days[4]!),
      ),
    );
    expect(map.days).toEqual(days);
    expect(map.rows[0]?.values).toEqual([null, 1, -0.5, 3, 0.5]);
    const grid = page.getByTestId('heatmap-days');
    await expect.poll(() => grid.getByTestId('heatmap-cell').count()).toBe(4);
    await expectVisible(grid.getByTestId('heatmap-legend'), 'the legend');
    expect(await grid.locator('svg[role="group"]').getAttribute('aria-label')).toContain(
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

  it('a heat map cell opens the timeline on that scale around its day, by keyboard and by mouse', async () => {
    const page = await context.newPage();
    await page.goto(`/analysis?view=heatmap&scales=${hive}&from=${days[0]}&to=${days[4]}`);
    const grid = page.getByTestId('heatmap-days');
    await expect.poll(() => grid.getByTestId('heatmap-cell').count()).toBe(4);
    // the grid is one Tab stop: its first known cell (day 2, +1 kg); the arrows move on, Enter opens
    const stop = grid.locator('a[tabindex="0"]');
    expect(await stop.count()).toBe(1);
    expect(await stop.getAttribute('aria-label')).toMatch(
      /^Volk Akazie .*: \+1\.0 kg – open in the scale comparison$/,
    );
    await stop.focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    const focused = page.locator(':focus');
    expect(await focused.getAttribute('aria-label')).toContain('+3.0 kg');
    expect(await grid.locator('a[tabindex="0"]').getAttribute('aria-label')).toContain('+3.0 kg');
    await expectVisible(grid.getByTestId('heatmap-focus'), 'the focus ring on the cell');
    // the grid of links passes axe (no critical or serious violation: names, roles, focus order)
    const blocking = (await scan(page)).filter((v) => v.impact === 'critical' || v.impact === 'serious');
    expect(blocking.map((v) => `${v.id}: ${v.targets.slice(0, 3).join(' | ')}`)).toEqual([]);

    const week = await nextSeries(page, () => page.keyboard.press('Enter'));
    await expectUrl(page, /\/timeline\?/);
    // that scale's weight, from 3 days before the cell's day to the end of 3 days after (Zurich days)
    expect(new URL(page.url()).searchParams.get('series')).toBe(`s${hive}.weight`);
    expect(week.series.find((s) => s.id === hive && s.series === 'weight')?.status).toBe('ok');
    expect(zurichMidnights(days[3]!, -3)).toContain(week.xmin);
    expect(zurichMidnights(days[3]!, 4)).toContain(week.xmax);
    expect(await page.getByTestId(`timeline-scale-${hive}`).isChecked()).toBe(true);
    await expectVisible(page.getByTestId('time-chart').locator('canvas'), 'the chart of the scale');

    // days × hours: the one known hour (day 5) opens that whole day
    await page.goBack();
    await expectUrl(page, /\/analysis\?/);
    await page.getByText('Days × hours').click();
    const byHour = page.getByTestId('heatmap-hours');
    await expect.poll(() => byHour.getByTestId('heatmap-cell').count()).toBe(1);
    const day = await nextSeries(page, () => byHour.getByTestId('heatmap-cell').click());
    await expectUrl(page, /\/timeline\?/);
    expect(zurichMidnights(days[4]!, 0)).toContain(day.xmin);
    expect(zurichMidnights(days[4]!, 1)).toContain(day.xmax);
    expect(await page.getByTestId(`timeline-scale-${hive}`).isChecked()).toBe(true);
    await page.close();
  });

  it('admins and managers add any transmitter they may see by its number; a beekeeper has no such field', async () => {
    const own = await context.newPage();
    await own.goto('/analysis');
    await expectVisible(own.getByLabel('Volk Akazie'), 'the own scale');
    expect(await own.getByTestId('analysis-add-controller').count()).toBe(0);
    await own.close();

    const admin = await newContext(browser);
    await loginViaApi(admin.request, ADMIN.email, ADMIN.password);
    const elsewhere = await createControllerViaApi(admin.request, 'Stand ohne Verein');
    const manager = await activeUser();
    const affiliation = await makeManager(manager.userId, `Imkerverein Analyse ${Date.now()}`);
    await sql('UPDATE controllers SET affiliation_id = $2 WHERE id = $1', [controllerId, affiliation]);
    const managerContext = await newContext(browser);
    await loginViaApi(managerContext.request, manager.email, manager.password);

    for (const [who, ctx] of [
      ['admin', admin],
      ['manager', managerContext],
    ] as const) {
      const page = await ctx.newPage();
      await page.goto(`/analysis?from=${days[0]}&to=${days[4]}`);
      const field = page.getByTestId('analysis-add-controller');
      await expectVisible(field, `the ${who}'s field for a transmitter number`);
      expect(await page.getByLabel('Volk Akazie').count()).toBe(0);
      await field.fill(String(controllerId));
      await page.getByRole('button', { name: 'Add', exact: true }).click();
      await expectVisible(page.getByLabel('Volk Akazie'), `the added transmitter's scale (${who})`);
      await expectUrl(page, new RegExp(`controllers=${controllerId}`));
      const body = analysisResponseSchema.parse(
        await nextAnswer(page, ['/api/analysis?', `scales=${hive}`], () =>
          page.getByLabel('Volk Akazie').check(),
        ),
      );
      expect(body.scales[0]).toMatchObject({ idscale: hive, netGain: 4, flowDays: 2 });
      await expect.poll(() => page.getByTestId('analysis-net-gain').textContent()).toBe('+4.0 kg');
      // the added transmitter stays after a reload (it is part of the URL)
      await page.reload();
      await expect.poll(() => page.getByTestId('analysis-net-gain').textContent()).toBe('+4.0 kg');

      if (who === 'manager') {
        // a transmitter outside the manager's association: "not found", nothing added
        await field.fill(String(elsewhere.id));
        await page.getByRole('button', { name: 'Add', exact: true }).click();
        const refusal = page.getByText('The transmitter was not found');
        await expectVisible(refusal.first(), 'the refusal');
        expect(await refusal.count(), 'one message, not two').toBe(1);
        expect(new URL(page.url()).searchParams.get('controllers')).toBe(String(controllerId));
        expect(await page.getByText('Stand ohne Verein').count()).toBe(0);
      }
      await page.close();
    }
    await managerContext.close();
    await admin.close();
  });
});
