import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './lib/chromium';
import { baseUrl, loginViaUi, newContext, sql, loggedInPage } from './lib/app';
import { settle } from './lib/settle';
import { activeUser } from './lib/users';
import { expectUrl, expectVisible } from './lib/expect';

describe('login, logout, session', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('logs in and goes to the `from` path; the session cookie is HttpOnly, SameSite, rotated and dies at logout', async () => {
    const user = await activeUser();
    const context = await newContext(browser);
    onTestFinished(() => context.close());
    const page = await context.newPage();
    await page.goto('/settings?tab=profile');
    await page.waitForURL(/\/login\?from=%2Fsettings/);
    await page.getByLabel('Email', { exact: true }).fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL('**/settings?tab=profile');
    await expect.poll(() => page.getByLabel('Street').inputValue()).toBe('Bienenweg 3');

    const cookie = (await context.cookies()).find((c) => c.name === 'hs_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    expect(await page.evaluate('document.cookie')).not.toContain('hs_session');

    // a second login gets a new session value
    await page.goto('/logout');
    await page.waitForURL(`${baseUrl()}/`);
    expect((await context.cookies()).find((c) => c.name === 'hs_session')).toBeUndefined();
    const dead = await fetch(`${baseUrl()}/api/user/ping`, {
      headers: { cookie: `hs_session=${cookie!.value}` },
    });
    expect(dead.status).toBe(401);
    await loginViaUi(page, user.email, user.password);
    await page.waitForURL('**/dashboard');
    const again = (await context.cookies()).find((c) => c.name === 'hs_session');
    expect(again?.value).toBeTruthy();
    expect(again?.value).not.toBe(cookie!.value);
  });

  it('refuses a wrong password with a localised message and never accepts an off-site `from`', async () => {
    const user = await activeUser();
    const context = await newContext(browser, 'de-DE', null);
    onTestFinished(() => context.close());
    const page = await context.newPage();
    await page.goto('/?from=//evil.example.org/x&lang=de');
    await page.getByLabel('E-Mail').fill(user.email);
    await page.getByLabel('Passwort', { exact: true }).fill('wrong password');
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await expect
      .poll(() => page.getByTestId('login-error').textContent())
      .toBe('E-Mail oder Passwort falsch');
    await page.getByLabel('Passwort', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await page.waitForURL('**/dashboard');
    expect(new URL(page.url()).host).toBe(new URL(baseUrl()).host);
  });

  it('sends the user to the login page with `from` when the server answers 401 (session ended elsewhere)', async () => {
    const user = await activeUser();
    const { page } = await loggedInPage(browser, user);
    // The session ends while the dashboard is quiet: a dashboard request still in flight would get the 401 first
    // and rightly send the user to /login?from=/dashboard, which is not what this test is about.
    await settle(page);
    await sql('DELETE FROM sessions WHERE user_id = $1', [user.userId]);
    await page.goto('/settings?tab=profile');
    await expectUrl(page, /\/login\?from=%2Fsettings%3Ftab%3Dprofile/);
    await expectVisible(page.getByRole('button', { name: 'Log in' }), 'the login form');
  });

  it('shows the 404 page with a link to the dashboard', async () => {
    const context = await newContext(browser);
    onTestFinished(() => context.close());
    const page = await context.newPage();
    await page.goto('/no/such/page');
    await expect
      .poll(() => page.getByTestId('not-found').textContent())
      .toContain('This page does not exist');
    await page.getByTestId('not-found-dashboard-link').click();
    await expectUrl(page, /\/login\?from=%2Fdashboard$|\/dashboard$/);
  });

  it('sends security headers; only /shared/* pages may be framed', async () => {
    const page = await fetch(`${baseUrl()}/dashboard`);
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(page.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    const shared = await fetch(`${baseUrl()}/shared/map`);
    expect(shared.headers.get('content-security-policy')).toContain('frame-ancestors *');
    expect(shared.headers.get('x-frame-options')).toBeNull();
  });

  it('shows the checking-login spinner, then the stuck-login hint with a link to / while the session check hangs', async () => {
    const user = await activeUser();
    const { page } = await loggedInPage(browser, user);
    await page.route('**/api/user/ping', () => {
      /* never answered: the session check hangs */
    });
    await page.reload();
    await expectVisible(page.getByTestId('checking-login'), 'the checking-login spinner');
    await expectVisible(page.getByTestId('stuck-login'), 'the stuck-login hint', 20_000);
    expect(await page.getByTestId('stuck-login-link').getAttribute('href')).toBe('/');
  });

  it('shows the error page with a start-over link', async () => {
    const context = await newContext(browser);
    onTestFinished(() => context.close());
    const page = await context.newPage();
    await page.goto('/error');
    await expect.poll(() => page.getByTestId('error-page').textContent()).toContain('An error occurred');
    await page.getByTestId('start-over-link').click();
    await expect.poll(() => page.url(), { timeout: 15_000 }).toBe(`${baseUrl()}/`);
  });
});
