import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { Browser, Page, Response } from 'playwright-core';
import { launchBrowser } from './lib/chromium';
import { loginViaUi, newContext } from './lib/app';
import { loginViaApi } from './lib/controllers';
import { expectUrl, expectVisible } from './lib/expect';
import { activeUser } from './lib/users';

/**
 * The login page outside the single-page app (docs/decisions.md, "Web bundle and first load"): what it
 * loads, its language menu, its form rules and answers, and where `/` and `/login` lead.
 */

const GZIP_BUDGET = 30 * 1024;

type Script = { path: string; gzip: number };

/** Every JavaScript file the page loads until the network is idle, with its gzip -9 size. */
async function scriptsOf(page: Page, url: string): Promise<Script[]> {
  const pending: Promise<Script>[] = [];
  const onResponse = (res: Response) => {
    const path = new URL(res.url()).pathname;
    if (!path.endsWith('.js')) return;
    pending.push(res.body().then((body) => ({ path, gzip: zlib.gzipSync(body, { level: 9 }).length })));
  };
  page.on('response', onResponse);
  await page.goto(url);
  await page.getByTestId('login-form').waitFor();
  await page.waitForLoadState('networkidle');
  page.off('response', onResponse);
  return Promise.all(pending);
}

const h1 = (page: Page) => page.locator('h1').textContent();

describe('the login page', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('loads no React and no app chunk: its own scripts, one language, ≤ 30 kB gzip, nothing the CSP refuses', async () => {
    // no ?lang= visit first: a fresh profile, nothing cached
    const context = await newContext(browser, 'en-US', null);
    onTestFinished(() => context.close());
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
    page.on('pageerror', (e) => problems.push(e.message));

    const scripts = await scriptsOf(page, '/');
    const names = scripts.map((s) => s.path.replace(/^\/assets\//, ''));
    expect(scripts.length, names.join(', ')).toBeGreaterThanOrEqual(2);
    expect(names.filter((n) => /^(vendor|index)-/.test(n))).toEqual([]);
    // only the active language's texts (German: no language chosen yet, whatever the browser says)
    expect(names.filter((n) => n.startsWith('login-texts-'))).toEqual([
      expect.stringMatching(/^login-texts-de-/),
    ]);
    const total = scripts.reduce((sum, s) => sum + s.gzip, 0);
    expect(total, `${(total / 1024).toFixed(1)} kB gzip in ${names.join(', ')}`).toBeLessThanOrEqual(
      GZIP_BUDGET,
    );
    expect(await h1(page)).toBe('Anmelden');
    expect(problems).toEqual([]);
  });

  it('switches its texts with the language menu, sets <html lang> and keeps the language for the app', async () => {
    const context = await newContext(browser);
    onTestFinished(() => context.close());
    const page = await context.newPage();
    await page.goto('/');
    await expect.poll(() => h1(page)).toBe('Log in');
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    const picker = page.getByTestId('language-picker');
    expect(await picker.textContent()).toContain('EN');
    await picker.click();
    expect(await picker.getAttribute('aria-expanded')).toBe('true');
    await page.getByTestId('language-option-de').click();
    await expect.poll(() => h1(page)).toBe('Anmelden');
    expect(await picker.getAttribute('aria-expanded')).toBe('false');
    expect(await page.locator('html').getAttribute('lang')).toBe('de');
    await expectVisible(page.getByLabel('E-Mail', { exact: true }), 'the German email label');
    await expectVisible(page.getByRole('button', { name: 'Anmelden' }), 'the German submit button');
    expect(await page.getByTestId('forgot-password-link').textContent()).toBe('Passwort vergessen?');

    await page.reload();
    await expect.poll(() => h1(page)).toBe('Anmelden');
    await page.getByTestId('forgot-password-link').click();
    await page.waitForURL('**/password/request');
    await expect.poll(() => page.getByTestId('page-title').textContent()).toBe('Passwort vergessen');
  });

  it("checks the fields as the app's form did, in the page's language, and shows the password on request", async () => {
    const context = await newContext(browser);
    onTestFinished(() => context.close());
    const page = await context.newPage();
    await page.goto('/');
    const email = page.getByTestId('login-email');
    const password = page.getByTestId('login-password');
    await page.getByTestId('login-submit').click();
    await expect.poll(() => page.locator('[aria-invalid="true"]').count()).toBe(2);
    expect(await page.locator('.field-error:visible').allTextContents()).toEqual([
      'Field is required',
      'Field is required',
    ]);
    // the message is the field's description, and the focus is on the first field to fix
    expect(await email.getAttribute('aria-describedby')).toBe('login-email-error');
    expect(await page.locator(':focus').getAttribute('data-testid')).toBe('login-email');

    await email.fill('anna@');
    expect(await email.getAttribute('aria-invalid')).toBeNull();
    await password.fill('a secret');
    await page.getByTestId('login-submit').click();
    await expect
      .poll(() => page.locator('.field-error:visible').allTextContents())
      .toEqual(['Invalid email address']);

    const reveal = page.getByRole('button', { name: 'Show password' });
    await reveal.click();
    expect(await password.getAttribute('type')).toBe('text');
    expect(await reveal.getAttribute('aria-pressed')).toBe('true');
    await reveal.click();
    expect(await password.getAttribute('type')).toBe('password');
  });

  it("shows the server's message for a wrong password in an alert; the button is busy meanwhile", async () => {
    const user = await activeUser();
    const context = await newContext(browser);
    onTestFinished(() => context.close());
    const page = await context.newPage();
    await page.goto('/');
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/user/login', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByTestId('login-email').fill(user.email);
    await page.getByTestId('login-password').fill('not the password');
    const submit = page.getByTestId('login-submit');
    await submit.click();
    await expect.poll(() => submit.getAttribute('aria-disabled')).toBe('true');
    release();
    const alert = page.getByRole('alert');
    await expect.poll(() => alert.textContent()).toBe('Wrong email or password');
    expect(await alert.getAttribute('data-testid')).toBe('login-error');
    expect(await submit.getAttribute('aria-disabled')).toBeNull();
  });

  it('sends a logged-in visitor of / to the dashboard and of /login?from=/timeline to the timeline', async () => {
    const user = await activeUser();
    const context = await newContext(browser);
    onTestFinished(() => context.close());
    await loginViaApi(context.request, user.email, user.password);
    const page = await context.newPage();
    await page.goto('/');
    await page.waitForURL('**/dashboard');
    await expectVisible(page.getByTestId('dashboard-empty'), 'the dashboard');
    await page.goto('/login?from=%2Ftimeline');
    await page.waitForURL('**/timeline');
    await page.goto(`/login?from=${encodeURIComponent('//evil.example.org/x')}`);
    await page.waitForURL('**/dashboard');
  });

  it("logs in to the `from` path with a full page load; the app then speaks the account's language", async () => {
    const user = await activeUser({ locale: 'fr' });
    const context = await newContext(browser);
    onTestFinished(() => context.close());
    const page = await context.newPage();
    await page.goto('/settings?tab=profile');
    await expectUrl(page, /\/login\?from=%2Fsettings%3Ftab%3Dprofile$/);
    await loginViaUi(page, user.email, user.password, page.url());
    await page.waitForURL('**/settings?tab=profile');
    await page.getByTestId('nav-settings').filter({ hasText: 'Paramètres' }).first().waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('fr');
  });

  it('fits a 390 px phone: nothing wider than the screen, the language list inside it', async () => {
    const context = await newContext(browser, 'en-US', 'en', { viewport: { width: 390, height: 844 } });
    onTestFinished(() => context.close());
    const page = await context.newPage();
    await page.goto('/');
    await page.getByTestId('login-form').waitFor();
    const width = () => page.evaluate('document.documentElement.scrollWidth');
    expect(await width()).toBeLessThanOrEqual(390);
    for (const id of ['login-form', 'login-submit', 'registration-link', 'language-picker']) {
      const box = await page.getByTestId(id).boundingBox();
      expect(box, id).not.toBeNull();
      expect(box!.x, id).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width, id).toBeLessThanOrEqual(390);
    }
    await page.getByTestId('language-picker').click();
    const list = await page.locator('#language-list').boundingBox();
    expect(list!.x).toBeGreaterThanOrEqual(0);
    expect(list!.x + list!.width).toBeLessThanOrEqual(390);
    expect(await width()).toBeLessThanOrEqual(390);
  });
});
