import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './lib/chromium';
import { loggedInPage, newContext, sql } from './lib/app';
import { expectUrl, expectVisible } from './lib/expect';
import { activeUser, adminWithProfile, makeManager } from './lib/users';
import { ADMIN } from './global-setup';

describe('admin and manager user management, brands', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
    await adminWithProfile(ADMIN.email);
  });
  afterAll(() => browser.close());

  it('an admin deactivates a user, whose session ends at once, and edits a profile', async () => {
    const user = await activeUser();
    const { page: userPage } = await loggedInPage(browser, user);

    const { page: admin } = await loggedInPage(browser, ADMIN);
    await admin.getByTestId('nav-menu-admin').click();
    await admin.getByTestId('nav-adminUsers').click();
    await admin.waitForURL('**/a/users');
    await admin.getByTestId('users-filter').fill(user.email);
    await expect.poll(() => admin.getByTestId('users-table').locator('tbody tr').count()).toBe(1);
    await admin.getByTestId(`user-active-${user.userId}`).click();
    await expect
      .poll(async () => (await sql('SELECT active FROM users WHERE id = $1', [user.userId]))[0]?.active)
      .toBe(false);

    await userPage.goto('/settings?tab=profile');
    await expectUrl(userPage, /\/login\?from=/);

    await admin.getByTestId(`user-edit-${user.userId}`).click();
    const form = admin.getByTestId('user-edit-form');
    await form.getByTestId('profile-city').fill('Chur');
    await admin.getByTestId('user-edit-form-submit').click();
    await expect
      .poll(async () => (await sql('SELECT city FROM users WHERE id = $1', [user.userId]))[0]?.city)
      .toBe('Chur');
  });

  it('a manager sees the manager menu and only the users of their affiliation', async () => {
    const manager = await activeUser();
    const colleague = await activeUser();
    const stranger = await activeUser();
    const affiliation = await makeManager(manager.userId, `Inspectorate ${Date.now()}`);
    await sql('UPDATE users SET affiliation_id = $2 WHERE id = $1', [colleague.userId, affiliation]);
    const { page } = await loggedInPage(browser, manager);
    await page.getByTestId('nav-menu-manager').click();
    await page.getByTestId('nav-managerUsers').click();
    await page.waitForURL('**/m/users');
    await expectVisible(page.getByTestId(`user-row-${colleague.userId}`), 'the colleague of the affiliation');
    expect(await page.getByTestId(`user-row-${stranger.userId}`).count()).toBe(0);
    expect(await page.getByTestId('nav-menu-admin').count()).toBe(0);
  });

  it('an ordinary user has neither admin nor manager menu', async () => {
    const user = await activeUser();
    const { page } = await loggedInPage(browser, user);
    await expectVisible(page.getByTestId('nav-settings').first(), 'the settings entry');
    expect(await page.getByTestId('nav-menu-admin').count()).toBe(0);
    expect(await page.getByTestId('nav-menu-manager').count()).toBe(0);
  });

  it('switches the brand by hand on localhost and picks brand 2 from the veterinary host', async () => {
    const context = await newContext(browser);
    onTestFinished(() => context.close());
    const page = await context.newPage();
    // a public screen of the app (the login page at / has no footer and no navigation)
    await page.goto('/password/request');
    await expect.poll(() => page.getByTestId('brand-name').textContent()).toBe('Hivescope');
    expect(await page.getByTestId('nav-forum').count()).toBeGreaterThan(0);
    await page.getByTestId('brand-switch').getByText('Hivescope Vet').click();
    await expect.poll(() => page.getByTestId('brand-name').textContent()).toBe('Hivescope Vet');
    await expect.poll(() => page.title()).toContain('Hivescope Vet');
    expect(await page.getByTestId('nav-forum').count()).toBe(0);
    // the login page follows the brand switched by hand
    await page.goto('/');
    await page.getByTestId('login-form').waitFor();
    expect(await page.getByTestId('brand-name').textContent()).toBe('Hivescope Vet');
    expect(await page.title()).toContain('Hivescope Vet');

    const vet = await newContext(browser, 'en-US', null);
    onTestFinished(() => vet.close());
    const vetPage = await vet.newPage();
    const port = new URL(page.url()).port;
    await vetPage.goto(`http://vet.localhost:${port}/`);
    await expect.poll(() => vetPage.getByTestId('brand-name').textContent()).toBe('Hivescope Vet');
  });
});
