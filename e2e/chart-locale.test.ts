import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { launchBrowser } from './lib/chromium';
import { newContext } from './lib/app';
import { expectVisible } from './lib/expect';
import { ownerWithReportingHives } from './lib/hives';
import { settle } from './lib/settle';

const DAY_S = 86_400;

/**
 * The charts speak the reader's language (docs/timeline.md, "Web screen"): the legend's time column, its
 * point time and the time axis's months, weekdays and times are in de-CH, fr-CH, es and en-CH formats on the
 * 24-hour clock, on the timeline and on a public shared view. The browser's own locale stays en-US
 * throughout, so only the app's language can make the formats.
 */
const LANGUAGES = [
  { lang: 'de', time: 'Zeit', date: /\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}/, month: /Nov|Dez/ },
  { lang: 'fr', time: 'Heure', date: /\d{2}\.\d{2}\.\d{4},? \d{2}:\d{2}/, month: /nov\.|déc\./ },
  { lang: 'es', time: 'Hora', date: /\d{2}\/\d{2}\/\d{4},? \d{2}:\d{2}/, month: /nov|dic/ },
  { lang: 'en', time: 'Time', date: /\d{2}\.\d{2}\.\d{4},? \d{2}:\d{2}/, month: /Nov|Dec/ },
] as const;
/** The 12-hour clock ("4pm", "4:00 PM") in any language, and US dates ("11/22/2026") outside Spanish. */
const twelveHour = /\d\s?[ap]\.?\s?m\b/i;
const american = (lang: string, text: string) =>
  twelveHour.test(text) || (lang !== 'es' && /\d{1,2}\/\d{1,2}\/\d{4}/.test(text));

/** The box of a chart's plot area; a rebuild of the chart detaches it for a moment, so it is asked again. */
async function drawnBox(over: Locator) {
  for (let i = 0; i < 50; i++) {
    const box = await over.boundingBox();
    if (box) return box;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the chart was not drawn within 5 s');
}

/** The legend's text and the time axis's labels once the chart has drawn with the cursor on a point. */
async function chartTexts(page: Page) {
  const chart = page.getByTestId('time-chart').first();
  await expectVisible(chart.locator('.u-over'), 'the chart');
  // the chart is rebuilt when its lines change (a second series answer): measure it once the page is quiet
  await settle(page);
  await expect.poll(() => chart.locator('.uplot').getAttribute('data-time-ticks')).toBeTruthy();
  const box = await drawnBox(chart.locator('.u-over'));
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  return {
    legend: (await chart.locator('.u-legend').textContent()) ?? '',
    ticks: (await chart.locator('.uplot').getAttribute('data-time-ticks')) ?? '',
  };
}

describe('charts in the reader’s language', () => {
  let browser: Browser;
  let owner: BrowserContext;
  let linde = 0;
  let controllerId = 0;
  let shareUrl = '';
  let lastTime = 0;

  beforeAll(async () => {
    browser = await launchBrowser();
    ({
      context: owner,
      linde,
      controllerId,
      lastTime,
    } = await ownerWithReportingHives(browser, 'Bienenstand Sprachen'));
    const created = await owner.request.post('/api/share', {
      data: { scales: [linde], series: ['weight'], type: 'live', days: 7, kind: 'link' },
    });
    expect(created.status()).toBe(200);
    const { url } = (await created.json()) as { url: string };
    const u = new URL(url);
    shareUrl = `${u.pathname}${u.search}`;
  });
  afterAll(() => browser.close());

  for (const { lang, time, date, month } of LANGUAGES) {
    it(`${lang}: the timeline's legend and axis and the shared view's legend`, async () => {
      const context = await newContext(browser, 'en-US', lang);
      await context.addCookies(await owner.cookies());
      const page = await context.newPage();
      // 3 days: hour ticks with dates; 7 days: day ticks with month names
      const xmax = lastTime + 600;
      await page.goto(
        `/timeline?series=s${linde}.weight&expanded=${controllerId}&xmin=${xmax - 2 * DAY_S}&xmax=${xmax}`,
      );
      const hours = await chartTexts(page);
      expect(hours.legend).toContain(time);
      if (lang !== 'en') expect(hours.legend).not.toContain('Time');
      expect(hours.legend).toMatch(date);
      expect(hours.ticks).toMatch(/(^|\| )\d{2}:00/);
      expect(hours.ticks).toMatch(month);
      expect(american(lang, `${hours.legend} ${hours.ticks}`)).toBe(false);

      const shared = await context.newPage();
      await shared.goto(shareUrl);
      const view = await chartTexts(shared);
      expect(view.legend).toContain(time);
      expect(view.legend).toMatch(date);
      expect(view.ticks).toMatch(month);
      expect(american(lang, `${view.legend} ${view.ticks}`)).toBe(false);
      await context.close();
    });
  }
});
