import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from './lib/chromium';
import { newContext, sql } from './lib/app';
import { activeUser } from './lib/users';
import { loginViaApi } from './lib/controllers';
import { expectUrl, expectVisible } from './lib/expect';
import { nextSeries, ownerWithReportingHives } from './lib/hives';

const DAY_S = 86_400;

const query = (page: Page) => new URL(page.url()).searchParams;

describe('timeline: scale comparison with range, URL state and interventions', () => {
  let browser: Browser;
  let ownerContext: BrowserContext;
  let watcherContext: BrowserContext;
  let controllerId = 0;
  let linde = 0;
  let lastTime = 0;
  let interventionId = 0;

  beforeAll(async () => {
    browser = await launchBrowser();
    ({
      context: ownerContext,
      controllerId,
      linde,
      lastTime,
    } = await ownerWithReportingHives(browser, 'Bienenstand Timeline', { lindeTemperature: 20 }));

    const watcher = await activeUser();
    watcherContext = await newContext(browser);
    await loginViaApi(watcherContext.request, watcher.email, watcher.password);
    const [{ watch_code: code } = { watch_code: '' }] = await sql<{ watch_code: string }>(
      'SELECT watch_code FROM controllers WHERE id = $1',
      [controllerId],
    );
    const watched = await watcherContext.request.post('/api/controller/watches', { data: { code } });
    expect(watched.status()).toBe(200);
  });
  afterAll(() => browser.close());

  it('draws a ticked scale over the default range, keeps the 30-day preset in the URL across a reload, records an intervention', async () => {
    const page = await ownerContext.newPage();
    await page.goto('/timeline');
    await expectVisible(
      page.getByTestId(`timeline-controller-${controllerId}`),
      'the controller in the list',
    );

    const first = await nextSeries(page, () => page.getByTestId(`timeline-scale-${linde}`).click());
    const weight = first.series.find((s) => s.kind === 'scale' && s.id === linde && s.series === 'weight');
    expect(weight?.status).toBe('ok');
    expect(weight!.times.length).toBeGreaterThan(100);
    // nothing was shown before and the last weight is known: 7 days before to 10 minutes after it
    expect(first.xmin).toBe(lastTime - 7 * DAY_S);
    expect(first.xmax).toBe(lastTime + 600);
    expect(query(page).get('series')).toBe(`s${linde}.weight`);
    // showing a series expands its controller: its series are offered
    await expectVisible(
      page.getByTestId(`series-s${linde}-temperature`),
      'the scale series of the expanded controller',
    );
    const chart = page.getByTestId('time-chart');
    await expectVisible(chart.locator('canvas'), 'the chart canvas');
    await expect.poll(() => chart.locator('.u-legend').textContent()).toContain('Volk Linde · Weight');

    const month = await nextSeries(page, () => page.getByTestId('range-preset-30d').click());
    expect(month.xmax - month.xmin).toBe(30 * DAY_S);
    await expectUrl(page, /preset=30d/);
    expect(Number(query(page).get('xmin'))).toBe(month.xmin);
    // the navbar's scale comparison link keeps the chart state (client setting chartState)
    await expect
      .poll(() => page.getByTestId('nav-scaleComparison').getAttribute('href'))
      .toContain(`xmin=${month.xmin}`);

    const reloaded = await nextSeries(page, () => page.reload());
    expect([reloaded.xmin, reloaded.xmax]).toEqual([month.xmin, month.xmax]);
    expect(await page.getByTestId(`timeline-scale-${linde}`).isChecked()).toBe(true);
    expect(await page.getByTestId('range-preset-30d').getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => chart.locator('.u-legend').textContent()).toContain('Volk Linde · Weight');

    await page.getByTestId('intervention-add').click();
    const form = page.getByTestId('intervention-form');
    await form.getByTestId('intervention-label').click();
    await page.getByRole('option', { name: 'Feeding' }).click();
    await form.getByTestId('intervention-description').fill('2 kg Futterteig');
    const when = new Date((lastTime - 2 * DAY_S) * 1000);
    const pad = (n: number) => String(n).padStart(2, '0');
    await form
      .getByTestId('intervention-date')
      .fill(`${when.getFullYear()}-${pad(when.getMonth() + 1)}-${pad(when.getDate())}`);
    await form.getByTestId('intervention-time').fill('10:30');
    const [saved] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/intervention') && r.request().method() === 'POST'),
      form.getByTestId('intervention-save').click(),
    ]);
    expect(saved.status()).toBe(200);
    const { intervention } = (await saved.json()) as { intervention: { id: number } };
    interventionId = intervention.id;
    const row = page.getByTestId(`intervention-row-${intervention.id}`);
    await expectVisible(row, 'the new intervention in the list');
    expect(await row.textContent()).toContain('2 kg Futterteig');
    const marker = chart.getByTestId(`chart-marker-${intervention.id}`);
    await expectVisible(marker, 'the intervention marker on the chart');
    expect(await marker.textContent()).toBe('Feeding · Volk Linde');
    // filtered out by label: the marker goes, the filter is part of the URL
    await page.getByTestId('intervention-filter').click();
    await page.getByRole('option', { name: 'Harvest' }).click();
    await expectUrl(page, /filter=harvest/);
    await expect.poll(() => chart.getByTestId(`chart-marker-${intervention.id}`).count()).toBe(0);
    await page.close();
  });

  it('a watcher sees the watched controller read-only: chart and interventions, but no edits', async () => {
    const page = await watcherContext.newPage();
    await page.goto(`/scaleoverview/${controllerId}`);
    await expectVisible(page.getByTestId(`timeline-readonly-${controllerId}`), 'the read-only mark');
    // the expand segment opens the controller
    await expectVisible(page.getByTestId(`series-c${controllerId}-chipTemperature`), 'the controller series');
    const answer = await nextSeries(page, () => page.getByTestId(`timeline-scale-${linde}`).click());
    expect(answer.series.find((s) => s.id === linde)?.status).toBe('ok');
    await page.getByTestId('range-preset-30d').click();
    const row = page.locator('[data-testid^="intervention-row-"]');
    await expectVisible(row.first(), "the owner's intervention");
    expect(await row.first().locator('[data-testid^="intervention-edit-"]').count()).toBe(0);
    expect(await row.first().locator('[data-testid^="intervention-delete-"]').count()).toBe(0);
    expect(await page.getByTestId('intervention-add').isDisabled()).toBe(true);
    await expectVisible(page.getByTestId('interventions-readonly'), 'the read-only note');
    await page.close();
  });

  it('the owner comes back through the navbar link to the same view, edits and deletes the intervention', async () => {
    expect(interventionId).toBeGreaterThan(0);
    const page = await ownerContext.newPage();
    await page.goto('/dashboard');
    await page.getByTestId('nav-scaleComparison').click();
    await expectUrl(page, new RegExp(`series=s${linde}\\.weight.*preset=30d.*filter=harvest`));
    await expectVisible(page.getByTestId('time-chart').locator('canvas'), 'the chart canvas');
    // take the label filter off again: the intervention is listed (with a label chosen, the field is the pill box)
    await page.getByTestId('interventions').locator('.mantine-MultiSelect-input').click();
    await page.getByRole('option', { name: 'Harvest' }).click();
    await page.keyboard.press('Escape');
    const row = page.getByTestId(`intervention-row-${interventionId}`);
    await expectVisible(row, 'the intervention in the list');

    await row.getByTestId(`intervention-edit-${interventionId}`).click();
    const form = page.getByTestId('intervention-form');
    await form.getByTestId('intervention-description').fill('3 kg Futterteig');
    await form.getByTestId('intervention-save').click();
    await expect.poll(() => row.textContent()).toContain('3 kg Futterteig');
    const [stored] = await sql<{ description: string }>(
      'SELECT description FROM interventions WHERE id = $1',
      [interventionId],
    );
    expect(stored?.description).toBe('3 kg Futterteig');

    await row.getByTestId(`intervention-delete-${interventionId}`).click();
    await page.getByTestId('intervention-delete-confirm').click();
    await expect.poll(() => row.count()).toBe(0);
    expect(await page.getByTestId(`chart-marker-${interventionId}`).count()).toBe(0);

    // compare mode: weights as their change since the reference time (the range start), kept in the URL
    await page.getByTestId('compare-toggle').click();
    await expectUrl(page, /compare=1/);
    await expectVisible(page.getByTestId('chart-marker-reference'), 'the reference time marker');
    await page.close();
  });

  it('live mode reloads the moving window without covering the chart; a new window is covered while it loads', async () => {
    const page = await ownerContext.newPage();
    await page.goto(`/timeline?series=s${linde}.weight&expanded=${controllerId}&live=24h`);
    const frame = page.getByTestId('timeline-chart');
    await expectVisible(frame.locator('canvas'), 'the chart canvas');
    await expect.poll(() => frame.getAttribute('data-loading')).toBe('false');
    // every series call takes a while, so a loading state cannot pass unseen between two checks
    await page.route('**/api/series?*', async (route) => {
      await new Promise((r) => setTimeout(r, 800));
      await route.continue();
    });
    // counts, from now on, every DOM change during which the overlay / the small indicator is in the page
    // (a string: the e2e code is compiled without the DOM library)
    const watchLoading = `(() => {
      window.seen = { overlay: 0, refreshing: 0 };
      const check = () => {
        if (document.querySelector('[data-testid="chart-loading-overlay"]')) window.seen.overlay++;
        if (document.querySelector('[data-testid="chart-refreshing"]')) window.seen.refreshing++;
      };
      if (!window.observing) new MutationObserver(check).observe(document.body, { childList: true, subtree: true });
      window.observing = true;
    })()`;
    const seen = () => page.evaluate('window.seen') as Promise<{ overlay: number; refreshing: number }>;
    await page.evaluate(watchLoading);
    expect(new URL(page.url()).searchParams.get('xmin')).toBeNull(); // a live URL has no fixed range

    // the live clock ticks: every minute, and at once when the tab is shown again (the same code path);
    // its time is whole seconds, so wait for the next second first
    await page.waitForTimeout(1100);
    const first = await nextSeries(page, () =>
      page.evaluate("document.dispatchEvent(new Event('visibilitychange'))"),
    );
    const moved = await nextSeries(page, async () => {
      await page.waitForTimeout(1100);
      await page.evaluate("document.dispatchEvent(new Event('visibilitychange'))");
    });
    expect(moved.xmin).toBeGreaterThan(first.xmin);
    expect(moved.xmax - moved.xmin).toBe(DAY_S);
    await expect.poll(() => frame.getAttribute('data-loading')).toBe('false');
    const refresh = await seen();
    expect(refresh.refreshing, 'the small indicator showed during the reloads').toBeGreaterThan(0);
    expect(refresh.overlay, 'the overlay never covered the chart during the reloads').toBe(0);
    await expectVisible(frame.locator('canvas'), 'the chart, still drawn');

    // another window (7 days, still live) is a new view: the overlay covers the chart while it loads
    await page.evaluate(watchLoading);
    const week = await nextSeries(page, () => page.getByTestId('range-preset-7d').click());
    expect(week.xmax - week.xmin).toBe(7 * DAY_S);
    expect((await seen()).overlay, 'the overlay while a new range loads').toBeGreaterThan(0);
    await page.close();
  });
});
