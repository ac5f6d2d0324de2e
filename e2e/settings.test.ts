import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from './lib/chromium';
import { newContext, sql } from './lib/app';
import { activeUser, adminWithProfile, makeManager } from './lib/users';
import { createControllerViaApi, loginViaApi, registerControllerViaApi } from './lib/controllers';
import { ADMIN } from './global-setup';
import { expectUrl, expectVisible } from './lib/expect';

const OWN_DATA = [
  'profile',
  'controllers',
  'registerTransmitters',
  'watchTransmitters',
  'notifications',
  'sharing',
  'regions',
];

describe('settings: the tabs of each role, one controller part at a time', () => {
  let browser: Browser;
  const pages: Page[] = [];

  async function pageOf(email: string, password: string) {
    const context = await newContext(browser);
    await loginViaApi(context.request, email, password);
    const page = await context.newPage();
    pages.push(page);
    return page;
  }

  async function shownTabs(page: Page) {
    await page.goto('/settings');
    await expectVisible(page.getByTestId('profile-tab'), 'the profile tab');
    const buttons = await page.locator('[data-testid^="settings-tab-button-"]').all();
    const ids = await Promise.all(buttons.map((b) => b.getAttribute('data-testid')));
    return ids.map((id) => id?.replace('settings-tab-button-', ''));
  }

  beforeAll(async () => {
    browser = await launchBrowser();
    await adminWithProfile(ADMIN.email);
  });
  afterAll(async () => {
    for (const page of pages) await page.context().close();
    await browser.close();
  });

  it('an ordinary user sees only their own tabs; a direct link to an admin tab opens the first allowed one', async () => {
    const user = await activeUser();
    const page = await pageOf(user.email, user.password);
    expect(await shownTabs(page)).toEqual([...OWN_DATA, 'jobs']);
    for (const tab of ['firmware', 'users', 'shop']) {
      await page.goto(`/settings?tab=${tab}`);
      await expectUrl(page, /\/settings\?tab=profile$/);
      await expectVisible(page.getByTestId('profile-tab'), `the profile tab instead of ${tab}`);
      expect(await page.getByTestId(`settings-tab-${tab}`).count()).toBe(0);
    }
  });

  it('a manager also gets user management, an admin every tab', async () => {
    const manager = await activeUser();
    await makeManager(manager.userId, `Inspektorat ${Date.now()}`);
    expect(await shownTabs(await pageOf(manager.email, manager.password))).toEqual([
      ...OWN_DATA,
      'users',
      'jobs',
    ]);
    const admin = await pageOf(ADMIN.email, ADMIN.password);
    expect(await shownTabs(admin)).toEqual([...OWN_DATA, 'users', 'jobs', 'firmware', 'shop']);
    await admin.goto('/settings?tab=firmware');
    await expectVisible(admin.getByTestId('settings-tab-firmware'), 'the firmware tab for the admin');
  });

  it('controllers: a list, one controller at a time, each part with a single save button', async () => {
    const owner = await activeUser();
    const adminPage = await pageOf(ADMIN.email, ADMIN.password);
    const ownerPage = await pageOf(owner.email, owner.password);
    const ids: number[] = [];
    for (const name of ['Bienenhaus Ost', 'Bienenhaus West']) {
      const device = await createControllerViaApi(adminPage.context().request, name);
      await registerControllerViaApi(ownerPage.context().request, device, ['Volk A', 'Volk B']);
      ids.push(device.id);
    }
    const [east, west] = ids as [number, number];
    await ownerPage.goto('/settings?tab=controllers');
    // the first controller is shown, the other one is a click away in the list
    await expectVisible(ownerPage.getByTestId(`controller-settings-${east}`), 'the first controller');
    expect(await ownerPage.getByTestId(`controller-settings-${west}`).count()).toBe(0);
    await ownerPage.getByTestId(`controller-pick-${west}`).click();
    const settings = ownerPage.getByTestId(`controller-settings-${west}`);
    await expectVisible(settings, 'the second controller');
    await expectUrl(ownerPage, new RegExp(`controller=${west}`));

    const saveButtons = () => ownerPage.locator('main button[data-testid^="save-"]:visible').count();
    await expectVisible(settings.getByTestId(`controller-form-${west}`), 'the general settings');
    expect(await saveButtons()).toBe(1);
    await settings.getByTestId('controller-section-loadCells').click();
    await expectVisible(settings.getByTestId(`channel-config-${west}`), 'the load-cell configuration');
    expect(await saveButtons()).toBe(1);
    await settings.getByTestId('controller-section-scales').click();
    await expectVisible(settings.getByTestId('channel-toggle-2'), 'the channel list');
    expect(await saveButtons()).toBe(0);
    await settings.getByTestId('channel-toggle-2').click();
    await expectVisible(settings.getByTestId('save-scale-2'), 'the scale of channel 2');
    expect(await saveButtons()).toBe(1);

    // that one save changes only that scale, of that controller
    await settings.getByTestId('scale-name-input').fill('Volk Birke');
    await settings.getByTestId('save-scale-2').click();
    await expect
      .poll(async () =>
        (
          await sql<{ controller_id: number; name: string }>(
            "SELECT controller_id, name FROM scales WHERE controller_id = ANY($1) AND state <> 'archived' ORDER BY controller_id, channel",
            [ids],
          )
        ).map((s) => `${s.controller_id}:${s.name}`),
      )
      .toEqual([`${east}:Volk A`, `${east}:Volk B`, `${west}:Volk A`, `${west}:Volk Birke`]);
    // a reload keeps the controller and the part that was open
    await ownerPage.reload();
    await expectVisible(
      ownerPage.getByTestId(`controller-settings-${west}`).getByTestId('channel-toggle-2'),
      'the scales of the second controller after a reload',
    );
  });
});
