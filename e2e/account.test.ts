import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './lib/chromium';
import { baseUrl, inboxUrl, loginViaUi, newContext, sha256, sql, loggedInPage } from './lib/app';
import { activeUser } from './lib/users';
import { waitForMail } from './lib/smtp';
import { expectVisible } from './lib/expect';

describe('account screens', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('resets a forgotten password through the mailed link, once', async () => {
    const user = await activeUser({ locale: 'fr' });
    const context = await newContext(browser);
    onTestFinished(() => context.close());
    const page = await context.newPage();
    await page.goto('/password/request');
    await page.getByLabel('Email', { exact: true }).fill(user.email);
    await page.getByRole('button', { name: 'Send link' }).click();
    const mail = await waitForMail(inboxUrl(), user.email);
    expect(mail.subject.length).toBeGreaterThan(0);
    const link = /https?:\/\/[^\s"<>]+\/password\/reset\/[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
    expect(link, 'the mail carries the reset link').toBeTruthy();
    // the mail is in the user's language (fr), not the browser's
    expect(mail.text).toMatch(/mot de passe/i);

    await page.goto(link!);
    await page.getByTestId('password-reset-new').fill('a brand new secret');
    await page.getByTestId('password-reset-confirmation').fill('a brand new secret');
    await page.getByTestId('password-reset-submit').click();
    // the login page (outside the app) says the password was reset
    await page.waitForURL(/\/login\?notice=passwordReset$/);
    await expect
      .poll(() => page.getByTestId('login-notice').textContent())
      .toBe('The password has been reset; you can log in now');
    await loginViaUi(page, user.email, 'a brand new secret');
    await page.waitForURL('**/dashboard');

    const again = await context.newPage();
    await again.goto(link!);
    // after logging in, the app speaks the account's language (fr)
    await expectVisible(again.getByTestId('password-reset-invalid'), 'the invalid-link message');
    expect(await again.getByTestId('password-reset-invalid').textContent()).toContain(
      "Ce lien n'est pas valide",
    );
  });

  it('shows "This link is invalid" for an unknown token', async () => {
    const context = await newContext(browser);
    onTestFinished(() => context.close());
    const page = await context.newPage();
    await page.goto('/password/reset/not-a-real-token');
    await expectVisible(page.getByTestId('password-reset-invalid'), 'the invalid-link message');
    expect(await page.getByTestId('password-reset-invalid').textContent()).toContain('This link is invalid');
  });

  it('switches the language with the picker and with ?lang=, and stores it for the account', async () => {
    const user = await activeUser();
    const { page } = await loggedInPage(browser, user);
    await page.getByTestId('language-picker').click();
    await page.getByTestId('language-option-fr').click();
    await expectVisible(
      page.getByTestId('nav-settings').filter({ hasText: 'Paramètres' }).first(),
      'French navigation',
    );
    await expect
      .poll(async () => (await sql('SELECT locale FROM users WHERE id = $1', [user.userId]))[0]?.locale)
      .toBe('fr');
    await page.goto('/settings?tab=profile&lang=es');
    await expectVisible(page.getByText('Cambiar contraseña').first(), 'the Spanish profile tab');
  });

  it('stores a language picked while the session is still being checked on the account', async () => {
    const user = await activeUser();
    const { page } = await loggedInPage(browser, user);
    // the next page load's session check answers late, as on a slow line
    await page.route('**/api/user/ping', async (route) => {
      await new Promise((r) => setTimeout(r, 1500));
      await route.continue();
    });
    await page.reload();
    await page.getByTestId('language-picker').click();
    await page.getByTestId('language-option-fr').click();
    await expect
      .poll(async () => (await sql('SELECT locale FROM users WHERE id = $1', [user.userId]))[0]?.locale, {
        timeout: 10_000,
      })
      .toBe('fr');
    await page.unroute('**/api/user/ping');
  });

  it('forces a user without a street to complete the contact data first', async () => {
    const user = await activeUser();
    await sql('UPDATE users SET street = NULL WHERE id = $1', [user.userId]);
    const context = await newContext(browser);
    onTestFinished(() => context.close());
    const page = await context.newPage();
    await loginViaUi(page, user.email, user.password);
    await expectVisible(
      page.getByText('Please update your contact data to continue'),
      'the contact-data notice',
    );
    await page.goto('/settings?tab=profile');
    await expectVisible(page.getByTestId('forced-profile-update'), 'the forced profile form');
    await page.getByTestId('forced-profile-form').getByTestId('profile-street').fill('Wabenstrasse 9');
    await page.getByTestId('forced-profile-form-submit').click();
    await page.getByTestId('forced-profile-update').waitFor({ state: 'detached' });
    expect((await sql('SELECT street FROM users WHERE id = $1', [user.userId]))[0]?.street).toBe(
      'Wabenstrasse 9',
    );
  });

  it('edits the profile and changes the password in Settings → Profile/account', async () => {
    const user = await activeUser();
    const { page } = await loggedInPage(browser, user);
    await page.goto('/settings?tab=profile');
    await page.getByTestId('profile-form').getByTestId('profile-city').fill('Thun');
    await page.getByTestId('profile-form-submit').click();
    await expect
      .poll(async () => (await sql('SELECT city FROM users WHERE id = $1', [user.userId]))[0]?.city)
      .toBe('Thun');

    await page.getByTestId('password-change-current').fill('wrong one');
    await page.getByTestId('password-change-new').fill('another secret 2');
    await page.getByTestId('password-change-confirmation').fill('another secret 2');
    await page.getByTestId('password-change-submit').click();
    await expectVisible(
      page.getByText('The current password is wrong').first(),
      'the wrong-password message',
    );
    await page.getByTestId('password-change-current').fill(user.password);
    await page.getByTestId('password-change-submit').click();
    // The form empties once the server took the new password. Only then try it: each refused login counts
    // towards the per-address limit (5 in 15 min), and a poll under load once used them up and got 429.
    await expect.poll(() => page.getByTestId('password-change-current').inputValue()).toBe('');
    const loginWith = async (password: string) =>
      (
        await fetch(`${baseUrl()}/api/user/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: user.email, password: sha256(password) }),
        })
      ).status;
    expect(await loginWith('another secret 2')).toBe(200);
    expect(await loginWith(user.password)).toBe(401);
  });
});
