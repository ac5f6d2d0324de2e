import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from './lib/chromium';
import { newContext, sql } from './lib/app';
import { activeUser, adminWithProfile } from './lib/users';
import { createControllerViaApi, loginViaApi, registerControllerViaApi } from './lib/controllers';
import { report } from './lib/device';
import { ADMIN } from './global-setup';
import { expectVisible } from './lib/expect';
import { isCutOff, layoutProblems, VIEWPORTS } from './lib/layout';

type Width = keyof typeof VIEWPORTS;
const LANGS = ['en', 'de'] as const;

/**
 * No cut-off or unreachable text at 1280 px and on a phone (390 px), in English and in German (the longest
 * texts): the dashboard tiles, the admin controllers table (its subscription badge was cut to "A."), the
 * settings tab row and the controller settings. The check itself: e2e/lib/layout.ts.
 */
describe('layout: nothing cut off or off-screen at 1280 px and 390 px', () => {
  let browser: Browser;
  const owner = { email: '', password: '' };
  let controllerId = 0;
  const contexts: BrowserContext[] = [];

  async function pageFor(who: 'admin' | 'owner', width: Width, lang: string): Promise<Page> {
    const context = await newContext(browser, 'en-US', lang, {
      viewport: VIEWPORTS[width],
      ...(width === 'phone' && { isMobile: true, hasTouch: true }),
    });
    contexts.push(context);
    const account = who === 'admin' ? ADMIN : owner;
    await loginViaApi(context.request, account.email, account.password);
    return context.newPage();
  }

  async function expectNoProblems(page: Page, root: string, what: string, minimum: number) {
    const found = await layoutProblems(page, root);
    // the check looked at the screen's texts (it cannot pass on an empty page) …
    expect(found.checked, `texts checked on ${what}`).toBeGreaterThanOrEqual(minimum);
    // … and none of them is cut off or out of reach
    expect(found.problems, what).toEqual([]);
  }

  beforeAll(async () => {
    browser = await launchBrowser();
    await adminWithProfile(ADMIN.email);
    const user = await activeUser();
    Object.assign(owner, user);
    const adminContext = await newContext(browser, 'en-US', null);
    contexts.push(adminContext);
    await loginViaApi(adminContext.request, ADMIN.email, ADMIN.password);
    const device = await createControllerViaApi(adminContext.request, 'Bienenhaus am Waldrand Nord');
    controllerId = device.id;
    const ownerContext = await newContext(browser, 'en-US', null);
    contexts.push(ownerContext);
    await loginViaApi(ownerContext.request, user.email, user.password);
    await registerControllerViaApi(ownerContext.request, device, ['Volk Linde', 'Volk Rapsfeld', 'Klima']);
    // "expiring soon": the longest subscription badge text
    await sql("UPDATE controllers SET subscription_end = now() + interval '10 days' WHERE id = $1", [
      device.id,
    ]);
    await report(device.token, device, [
      { time: new Date(Date.now() - 60 * 60_000), channels: [{ channel: 1, weight: 40.5 }] },
      {
        time: new Date(Date.now() - 5 * 60_000),
        channels: [
          { channel: 1, weight: 41.25, temperature: 15.1, humidity: 58 },
          { channel: 2, weight: 1037.5 },
        ],
      },
    ]);
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser.close();
  });

  for (const width of Object.keys(VIEWPORTS) as Width[]) {
    for (const lang of LANGS) {
      it(`dashboard tiles and header (${width}, ${lang}), in each display mode`, async () => {
        const page = await pageFor('owner', width, lang);
        await page.goto('/dashboard');
        const card = page.getByTestId(`controller-card-${controllerId}`);
        await expectVisible(card.getByTestId('controller-subscription'), 'the subscription badge');
        await expectVisible(card.getByTestId('scale-last-update').first(), 'the time of the last reading');
        for (const mode of ['classic', 'activity', 'bars']) {
          await page.getByTestId(`tile-mode-${mode}`).click();
          await expectVisible(card.locator('[data-testid^="scale-tile-"]').first(), `the tiles (${mode})`);
          await expectNoProblems(page, 'main', `the dashboard (${mode}, ${width}, ${lang})`, 12);
        }
        // the check does see cut-off text: a badge-like box too narrow for its text is reported
        await page.evaluate(`document.querySelector('main').insertAdjacentHTML('beforeend',
          '<div style="width:40px;overflow:hidden;white-space:nowrap">Subscription expiring soon</div>')`);
        const control = await layoutProblems(page, 'main');
        expect(control.problems.map((p) => `${p.text}: ${p.why}`)).toEqual([
          'Subscription expiring soon: cut off',
        ]);
      });

      it(`admin controllers table with its subscription badges (${width}, ${lang})`, async () => {
        const page = await pageFor('admin', width, lang);
        await page.goto('/a/controllers');
        const row = page.getByTestId(`controller-row-${controllerId}`);
        await expectVisible(row, 'our controller in the table');
        const badge = `[data-testid="controller-row-${controllerId}"] [data-state]`;
        expect(await isCutOff(page, badge), 'the subscription badge is cut off').toBe(false);
        await expectNoProblems(page, 'main', `the admin controllers table (${width}, ${lang})`, 20);
      });

      it(`settings tabs of an admin, all eleven reachable (${width}, ${lang})`, async () => {
        const page = await pageFor('admin', width, lang);
        await page.goto('/settings?tab=profile');
        await expectVisible(page.getByTestId('profile-tab'), 'the profile tab');
        if (width === 'phone') {
          // a select offers every tab instead of a row that cannot fit
          const options = await page.getByTestId('settings-tab-select').locator('option').count();
          expect(options).toBe(11);
        } else {
          const tabs = page.locator('[data-testid^="settings-tab-button-"]');
          expect(await tabs.count()).toBe(11);
          const width = VIEWPORTS.desktop.width;
          for (const tab of await tabs.all()) {
            const box = await tab.boundingBox();
            expect(box, 'a tab is laid out').not.toBeNull();
            expect(
              box!.x + box!.width,
              `${await tab.textContent()} ends inside the window`,
            ).toBeLessThanOrEqual(width);
          }
        }
        await expectNoProblems(page, 'main', `the settings (${width}, ${lang})`, 8);
      });

      it(`controller settings: sections and channels (${width}, ${lang})`, async () => {
        const page = await pageFor('owner', width, lang);
        await page.goto(`/settings?tab=controllers&controller=${controllerId}&section=scales`);
        const settings = page.getByTestId(`controller-settings-${controllerId}`);
        await expectVisible(settings.getByTestId('channel-toggle-1'), 'the channel list');
        await settings.getByTestId('channel-toggle-1').click();
        await expectVisible(settings.getByTestId('save-scale-1'), 'the scale form of channel 1');
        await expectNoProblems(page, 'main', `the scales section (${width}, ${lang})`, 15);
        await settings.getByTestId('controller-section-loadCells').click();
        await expectVisible(settings.getByTestId('save-channel-config'), 'the load-cell configuration');
        await expectNoProblems(page, 'main', `the load-cell section (${width}, ${lang})`, 10);
      });
    }
  }
});
