import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from './lib/chromium';
import { baseUrl, loginViaUi, newContext, sql } from './lib/app';
import { createControllerViaApi, loginViaApi, registerControllerViaApi } from './lib/controllers';
import { expectVisible } from './lib/expect';
import { activeUser, adminWithProfile } from './lib/users';
import { ADMIN } from './global-setup';

/**
 * The codes administration at /shop/admin (docs/shop.md "Codes"): an admin (German UI) makes, edits and
 * deactivates a promo code and makes a standalone renewal code, whose redemption by an owner then shows with
 * the code. What customers can do with the codes is checked through the same API the shop uses.
 */

const validate = (promoCode: string) =>
  fetch(`${baseUrl()}/api/shop/validate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-language': 'en' },
    body: JSON.stringify({ controllers: { 'hs-gsm-4': 1 }, promoCode }),
  });

describe('shop administration: codes', () => {
  let browser: Browser;
  let context: BrowserContext;
  let admin: Page;
  beforeAll(async () => {
    browser = await launchBrowser();
    await adminWithProfile(ADMIN.email);
    context = await newContext(browser);
    admin = await context.newPage();
    await loginViaUi(admin, ADMIN.email, ADMIN.password);
    await admin.waitForURL('**/dashboard');
  });
  afterAll(async () => {
    await context.close();
    await browser.close();
  });

  it('makes a promo code (a bad code refused on its field), edits its maximum, deactivates it; customers are refused then', async () => {
    const code = `E2E-${Date.now().toString(36).toUpperCase()}`;
    await admin.goto('/shop/admin?tab=promoCodes');
    await admin.getByTestId('promo-new').click();
    const form = admin.getByTestId('promo-create-form');
    await form.getByTestId('promo-create-code').fill('AB');
    await form.getByTestId('promo-create-value').fill('15');
    const count = async () => (await sql<{ n: number }>('SELECT count(*)::int AS n FROM promo_codes'))[0]?.n;
    const before = await count();
    await form.getByTestId('promo-create-save').click();
    await expectVisible(
      form.getByText('Verwenden Sie 3 bis 32 Buchstaben, Ziffern und Bindestriche'),
      'the message under the code field',
    );
    expect(await count()).toBe(before);

    await form.getByTestId('promo-create-code').fill(code);
    await form.getByTestId('promo-create-max').fill('3');
    await form.getByTestId('promo-create-save').click();
    await expectVisible(admin.getByText(`Der Aktionscode ${code} wurde erstellt`), 'the created toast');
    const panel = admin.getByTestId('code-drawer').getByTestId('code-panel');
    await expectVisible(panel, 'the new code in the drawer');
    await expect.poll(() => panel.getByTestId('code-discount').textContent()).toBe('15 %');
    await expect.poll(() => panel.getByTestId('code-uses').textContent()).toBe('0 von 3 Verwendungen');
    const priced = await validate(code.toLowerCase());
    expect(priced.status).toBe(200);
    expect(((await priced.json()) as { discount: number }).discount).toBe(Math.round((34900 + 11800) * 0.15));

    await panel.getByTestId('code-edit-max').fill('5');
    await panel.getByTestId('code-edit-save').click();
    await expectVisible(admin.getByText('Der Code wurde gespeichert'), 'the saved toast');
    await expect.poll(() => panel.getByTestId('code-uses').textContent()).toBe('0 von 5 Verwendungen');
    await expect.poll(() => panel.getByTestId('code-event-edited').textContent()).toContain(ADMIN.email);
    await expect
      .poll(() => panel.getByTestId('code-event-edited').textContent())
      .toContain('maximale Verwendungen');

    await panel.getByTestId('code-deactivate').click();
    await admin.getByTestId('code-deactivate-confirm-confirm').click();
    await expectVisible(admin.getByText('Der Code wurde deaktiviert'), 'the deactivated toast');
    await expect.poll(() => panel.getByTestId('code-status').getAttribute('data-status')).toBe('deactivated');
    expect(await panel.getByTestId('code-edit').count()).toBe(0);
    expect((await validate(code)).status).toBe(400);
    const events = await sql<{ action: string; email: string }>(
      `SELECT e.action, u.email FROM shop_code_events e JOIN promo_codes p ON p.id = e.promo_code_id
       JOIN users u ON u.id = e.user_id WHERE p.code = $1 ORDER BY e.id`,
      [code],
    );
    expect(events.map((e) => [e.action, e.email])).toEqual([
      ['created', ADMIN.email],
      ['edited', ADMIN.email],
      ['deactivated', ADMIN.email],
    ]);

    // the list, searched by the code, shows it deactivated
    await admin.keyboard.press('Escape');
    await admin.getByTestId('promo-filter').fill(code);
    await expect.poll(() => admin.getByTestId('promo-table').locator('tbody tr').count()).toBe(1);
    await expect
      .poll(() =>
        admin.getByTestId(`promo-row-${code}`).getByTestId('code-status').getAttribute('data-status'),
      )
      .toBe('deactivated');
  });

  it('makes a standalone renewal code; an owner redeems it and the redemption shows with the code', async () => {
    await admin.goto('/shop/admin');
    await admin.getByTestId('shop-admin-tab-renewalCodes').click();
    await expect.poll(() => new URL(admin.url()).search).toBe('?tab=renewalCodes');
    await admin.getByTestId('rcode-new').click();
    const form = admin.getByTestId('rcode-create-form');
    await form.getByTestId('rcode-create-years').fill('1');
    await form.getByTestId('rcode-create-uses').fill('2');
    await form.getByTestId('rcode-create-save').click();
    const toast = admin.getByText(/Der Erneuerungscode [A-Z0-9-]{19} wurde erstellt/);
    await expectVisible(toast, 'the created toast');
    const code = /([A-Z0-9]{4}(?:-[A-Z0-9]{4}){3})/.exec((await toast.textContent()) ?? '')?.[1] ?? '';
    expect(code).not.toBe('');
    const panel = admin.getByTestId('code-drawer').getByTestId('code-panel');
    await expectVisible(panel.getByTestId('code-redemptions-none'), 'no redemption yet');
    await expect.poll(() => panel.getByTestId('code-origin').textContent()).toBe('Von einem Admin erstellt');

    // an owner redeems it on their transmitter through the same call the renewal dialog makes
    const owner = await activeUser();
    const adminApi = await newContext(browser, 'en-US', null);
    const ownerApi = await newContext(browser, 'en-US', null);
    try {
      await loginViaApi(adminApi.request, ADMIN.email, ADMIN.password);
      const device = await createControllerViaApi(adminApi.request, 'Bienenhaus Code');
      await loginViaApi(ownerApi.request, owner.email, owner.password);
      await registerControllerViaApi(ownerApi.request, device, ['Volk A']);
      const redeemed = await ownerApi.request.post(`/api/controller/${device.id}/renew`, { data: { code } });
      expect(redeemed.status()).toBe(200);
    } finally {
      await adminApi.close();
      await ownerApi.close();
    }

    await admin.keyboard.press('Escape');
    await admin.getByTestId('rcode-filter').fill(code);
    await expect.poll(() => admin.getByTestId('rcode-table').locator('tbody tr').count()).toBe(1);
    await admin.getByTestId(`rcode-open-${code}`).click();
    const row = panel.getByTestId('code-redemption');
    await expectVisible(row, 'the redemption');
    expect(await row.textContent()).toContain('Bienenhaus Code');
    expect(await row.textContent()).toContain(owner.email);
    await expect
      .poll(() => panel.getByTestId('code-uses').textContent())
      .toBe('Noch 1 Verwendung, 1-mal eingelöst');
  });
});
