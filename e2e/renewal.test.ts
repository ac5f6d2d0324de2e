import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import { launchBrowser } from './lib/chromium';
import { newContext, sql } from './lib/app';
import { activeUser } from './lib/users';
import { createControllerViaApi, loginViaApi, registerControllerViaApi } from './lib/controllers';
import { ADMIN } from './global-setup';
import { expectVisible } from './lib/expect';

const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const newCode = () =>
  [0, 1, 2, 3]
    .map(() => Array.from({ length: 4 }, () => ALPHABET[crypto.randomInt(ALPHABET.length)]).join(''))
    .join('-');

/**
 * Issue 11 item 3 in a browser: the owner of an expired transmitter redeems a renewal code from the dashboard
 * tile, and a second code from Settings → Controllers (docs/shop.md "Renewal codes").
 */
describe('renewal code dialog', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let controllerId = 0;
  const owner = { email: '', password: '' };

  beforeAll(async () => {
    browser = await launchBrowser();
    Object.assign(owner, await activeUser());
    const admin = await newContext(browser, 'en-US', null);
    contexts.push(admin);
    await loginViaApi(admin.request, ADMIN.email, ADMIN.password);
    const device = await createControllerViaApi(admin.request, 'Bienenhaus Renewal');
    controllerId = device.id;
    const ownerContext = await newContext(browser, 'en-US', null);
    contexts.push(ownerContext);
    await loginViaApi(ownerContext.request, owner.email, owner.password);
    await registerControllerViaApi(ownerContext.request, device, ['Volk A']);
    await sql("UPDATE controllers SET subscription_end = now() - interval '10 days' WHERE id = $1", [
      device.id,
    ]);
  });
  afterAll(async () => {
    for (const c of contexts) await c.close();
    await browser?.close();
  });

  it('an expired tile offers the dialog: a formatted code, the server message, then the new end', async () => {
    const code = newCode();
    await sql('INSERT INTO renewal_codes (code, years, bonus_days, uses_remaining) VALUES ($1, 1, 0, 1)', [
      code,
    ]);
    const context = await newContext(browser, 'en-US', 'en');
    contexts.push(context);
    await loginViaApi(context.request, owner.email, owner.password);
    const page = await context.newPage();
    await page.goto('/');
    const badge = page.locator(`[data-testid="controller-subscription"][data-state="expired"]`);
    await expectVisible(badge, 'the expired badge');
    await page.getByTestId(`renewal-open-${controllerId}`).click();
    const input = page.getByTestId('renewal-code');
    await input.fill('zzzz zzzz zzzz zzzz');
    expect(await input.inputValue()).toBe('ZZZZ-ZZZZ-ZZZZ-ZZZZ');
    await page.getByTestId('renewal-submit').click();
    await expectVisible(page.getByText('This renewal code does not exist'), 'the server message');
    await input.fill(code.replace(/-/g, '').toLowerCase());
    expect(await input.inputValue()).toBe(code);
    // a 1-year code ends one calendar year after the server's now(), which lies between `before` and `after`:
    // in the next local year, on every day (365 days after 1 January of a leap year are still 31 December)
    const before = new Date().getFullYear();
    await page.getByTestId('renewal-submit').click();
    const done = page.getByTestId('renewal-new-end');
    await expectVisible(done, 'the new subscription end');
    const after = new Date().getFullYear();
    const shown = (await done.textContent())?.match(/\b\d{4}\b/)?.[0];
    expect([String(before + 1), String(after + 1)]).toContain(shown);
    await page.getByTestId('renewal-close').click();
    // the tile refreshes: the subscription is active again and the button is gone
    await expectVisible(
      page.locator(`[data-testid="controller-subscription"][data-state="active"]`),
      'the active badge',
    );
    expect(await page.getByTestId(`renewal-open-${controllerId}`).count()).toBe(0);
  });

  it('Settings → Controllers: the subscription section opens the dialog; a used-up code says "0 uses remaining"', async () => {
    const code = newCode();
    await sql('INSERT INTO renewal_codes (code, years, bonus_days, uses_remaining) VALUES ($1, 2, 0, 0)', [
      code,
    ]);
    const context = await newContext(browser, 'en-US', 'en');
    contexts.push(context);
    await loginViaApi(context.request, owner.email, owner.password);
    const page = await context.newPage();
    await page.goto(`/settings?tab=controllers&controller=${controllerId}`);
    const section = page.getByTestId(`controller-settings-${controllerId}`).getByTestId('renewal-section');
    await expectVisible(section, 'the subscription section');
    await section.getByTestId(`renewal-open-${controllerId}`).click();
    await page.getByTestId('renewal-code').fill(code);
    await page.getByTestId('renewal-submit').click();
    await expectVisible(page.getByText('0 uses remaining'), 'the used-up message');
  });
});
