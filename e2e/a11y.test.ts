import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from './lib/chromium';
import { loginViaUi, newContext, sql } from './lib/app';
import { loginViaApi } from './lib/controllers';
import { activeUser } from './lib/users';

/**
 * What a keyboard user and a visitor choosing a language get on every screen: the skip link, the focus after
 * a route change, and the language picked on the login page. The axe scans are in a11y-en/-de.test.ts.
 */
/** What has the keyboard focus: its test id, id, tag and text ("body" when nothing has it). */
async function focused(page: Page) {
  const element = page.locator(':focus');
  if ((await element.count()) === 0) return { testId: null, id: null, tag: 'body', text: '' };
  return {
    testId: await element.getAttribute('data-testid'),
    id: await element.getAttribute('id'),
    // the e2e code is compiled without the DOM library
    tag: await element.evaluate((el) => (el as unknown as { tagName: string }).tagName.toLowerCase()),
    text: ((await element.textContent()) ?? '').trim(),
  };
}

describe('keyboard: skip link and focus after navigation', () => {
  let browser2: Browser;
  beforeAll(async () => {
    browser2 = await launchBrowser();
  });
  afterAll(() => browser2.close());

  it('offers "Skip to content" as the first Tab stop; it leads straight to the login form', async () => {
    const context = await newContext(browser2);
    const page = await context.newPage();
    await page.goto('/');
    await page.getByTestId('login-form').waitFor();
    await page.keyboard.press('Tab');
    expect(await focused(page)).toMatchObject({ testId: 'skip-link', text: 'Skip to content' });
    // shown on screen while focused (it is off screen otherwise)
    const box = await page.getByTestId('skip-link').boundingBox();
    expect(box && box.y >= 0 && box.height > 0).toBe(true);
    await page.keyboard.press('Enter');
    expect((await focused(page)).id).toBe('main-content');
    await page.keyboard.press('Tab');
    expect((await focused(page)).testId).toBe('login-email');
    await context.close();
  });

  it("moves the focus to the new screen's h1 after a route change, not on the first load", async () => {
    const user = await activeUser();
    const context = await newContext(browser2);
    await loginViaApi(context.request, user.email, user.password);
    const page = await context.newPage();
    await page.goto('/dashboard');
    await page.getByTestId('dashboard-empty').waitFor();
    expect((await focused(page)).tag).toBe('body');

    await page.getByTestId('nav-settings').click();
    await page.waitForURL('**/settings');
    await expect.poll(() => focused(page)).toMatchObject({ tag: 'h1', text: 'Settings' });
    // the focused heading is the page's only h1
    expect(await page.locator('h1').count()).toBe(1);

    await page.keyboard.press('Tab');
    expect((await focused(page)).tag).not.toBe('h1');
    await page.goBack();
    await page.waitForURL('**/dashboard');
    await expect.poll(() => focused(page)).toMatchObject({ tag: 'h1', text: 'Dashboard' });
    await context.close();
  });
});

describe('language chosen on the login page', () => {
  let browser3: Browser;
  beforeAll(async () => {
    browser3 = await launchBrowser();
  });
  afterAll(() => browser3.close());

  const accountLocale = async (userId: number) =>
    (await sql<{ locale: string }>('SELECT locale FROM users WHERE id = $1', [userId]))[0]?.locale;

  it('survives the login and becomes the account language', async () => {
    const user = await activeUser({ locale: 'en' });
    const context = await newContext(browser3);
    const page = await context.newPage();
    await page.goto('/');
    await page.getByTestId('language-picker').click();
    await page.getByTestId('language-option-fr').click();
    await page.getByRole('button', { name: 'Se connecter' }).waitFor();
    await page.getByTestId('login-email').fill(user.email);
    await page.getByTestId('login-password').fill(user.password);
    await page.getByTestId('login-submit').click();
    await page.waitForURL('**/dashboard');
    await page.getByTestId('nav-settings').filter({ hasText: 'Paramètres' }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('fr');
    await expect.poll(() => accountLocale(user.userId)).toBe('fr');
    await context.close();

    // another visit without a pick: the (new) account language wins over the browser's last language
    const other = await newContext(browser3, 'en-US', 'de');
    const again = await other.newPage();
    await loginViaUi(again, user.email, user.password);
    await again.waitForURL('**/dashboard');
    await again.getByTestId('nav-settings').filter({ hasText: 'Paramètres' }).waitFor();
    await other.close();
  });

  it('without a pick on this visit, the account language replaces the page language at login', async () => {
    const user = await activeUser({ locale: 'de' });
    const context = await newContext(browser3);
    const page = await context.newPage();
    await loginViaUi(page, user.email, user.password);
    await page.waitForURL('**/dashboard');
    await page.getByTestId('nav-settings').filter({ hasText: 'Einstellungen' }).waitFor();
    expect(await accountLocale(user.userId)).toBe('de');
    await context.close();
  });
});
