import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './lib/chromium';
import { loggedInPage, sql } from './lib/app';
import { expectVisible } from './lib/expect';
import { activeUser, adminWithProfile, makeManager } from './lib/users';
import { ADMIN } from './global-setup';

describe('rough edges a new user hits (issue 30, items 5-7)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
    await adminWithProfile(ADMIN.email);
  });
  afterAll(() => browser.close());

  it('Settings → User management is the real list: every user for an admin, the affiliation for a manager', async () => {
    const manager = await activeUser();
    const colleague = await activeUser();
    const stranger = await activeUser();
    const affiliation = await makeManager(manager.userId, `Inspektorat ${Date.now()}`);
    await sql('UPDATE users SET affiliation_id = $2 WHERE id = $1', [colleague.userId, affiliation]);

    const { page: admin } = await loggedInPage(browser, ADMIN);
    await admin.goto('/settings?tab=users');
    const tab = admin.getByTestId('settings-tab-users');
    await expectVisible(tab.getByTestId('users-table'), "the admin's user list in the tab");
    await tab.getByTestId('users-filter').fill(stranger.email);
    await expect.poll(() => tab.getByTestId('users-table').locator('tbody tr').count()).toBe(1);
    await expectVisible(tab.getByTestId(`user-active-${stranger.userId}`), 'the active switch of the user');
    await expectVisible(tab.getByTestId(`user-edit-${stranger.userId}`), 'the edit button of the user');
    expect(await tab.getByTestId('users-page-link').getAttribute('href')).toBe('/a/users');
    expect(await admin.locator('body').innerText()).not.toMatch(/coming soon|being built/i);

    const { page } = await loggedInPage(browser, manager);
    await page.goto('/settings?tab=users');
    const own = page.getByTestId('settings-tab-users');
    await expectVisible(own.getByTestId(`user-row-${colleague.userId}`), 'the colleague of the affiliation');
    expect(await own.getByTestId(`user-row-${stranger.userId}`).count()).toBe(0);
    expect(await own.getByTestId(`user-active-${colleague.userId}`).count()).toBe(0);
    expect(await own.getByTestId('users-page-link').getAttribute('href')).toBe('/m/users');
  });
});
