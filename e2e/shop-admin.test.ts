import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { ShopOrderAnswer } from '@hivescope/contract';
import type { ReceivedMail } from '../apps/server/test/smtp';
import { launchBrowser } from './lib/chromium';
import { baseUrl, inboxUrl, loginViaUi, newContext, sql, uniqueEmail, loggedInPage } from './lib/app';
import { expectVisible } from './lib/expect';
import { followAddressLink, isAddressMail } from './lib/smtp';
import { activeUser, adminWithProfile } from './lib/users';
import { ADMIN } from './global-setup';

/**
 * Order administration at /shop/admin and the settings tab Shop (docs/shop.md "Order administration", "Active
 * config"). The invoice order is placed through the API as a visitor would; the admin works in the browser.
 */
async function placeInvoiceOrder(email: string): Promise<ShopOrderAnswer> {
  const res = await fetch(`${baseUrl()}/api/shop/order`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-language': 'en' },
    body: JSON.stringify({
      mode: 'digital',
      nofSubscriptions: 2,
      paymentMethod: 'invoice',
      acceptTerms: true,
      address: {
        email,
        firstname: 'Vreni',
        lastname: 'Honig',
        street: 'Bienenweg 3',
        zip: '3006',
        city: 'Bern',
        country: 'CH',
      },
    }),
  });
  const body = (await res.json()) as ShopOrderAnswer;
  expect(res.status, JSON.stringify(body)).toBe(201);
  await followAddressLink(baseUrl(), inboxUrl(), email);
  return body;
}

const inbox = async (to: string) =>
  ((await (await fetch(inboxUrl())).json()) as ReceivedMail[]).filter((m) => m.to.includes(to));
/** The order's mails to `to`, without the address link that came first. */
const mailsTo = async (to: string) => (await inbox(to)).filter((m) => !isAddressMail(m));

describe('shop administration', () => {
  let browser: Browser;
  let admin: Page;
  beforeAll(async () => {
    browser = await launchBrowser();
    await adminWithProfile(ADMIN.email);
    const context = await newContext(browser);
    admin = await context.newPage();
    await loginViaUi(admin, ADMIN.email, ADMIN.password);
    await admin.waitForURL('**/dashboard');
  });
  afterAll(() => browser.close());

  it('an admin (German UI) finds an invoice order, activates the prepay (codes mailed), sees flags and events, edits it', async () => {
    const email = uniqueEmail('prepay');
    const order = await placeInvoiceOrder(email);
    await admin.goto('/shop/admin');
    await admin.getByTestId('orders-state').getByText('offen', { exact: true }).click();
    await admin.getByTestId('orders-filter').fill(email);
    await expect.poll(() => admin.getByTestId('orders-table').locator('tbody tr').count()).toBe(1);
    await admin.getByTestId(`order-open-${order.key}`).click();
    const drawer = admin.getByTestId('order-drawer');
    await expectVisible(drawer.getByTestId('order-flag-confirmationSent'), 'the confirmation flag');

    await drawer.getByTestId('order-action-activatePrepay').click();
    await admin.getByTestId('order-action-yes').click();
    await expectVisible(
      admin.getByText('Vorauszahlung aktiviert: Die Bestellung ist bezahlt und ausgeliefert'),
      'the toast',
    );
    const codes = await sql<{ code: string }>(
      'SELECT r.code FROM renewal_codes r JOIN shop_orders o ON o.id = r.order_id WHERE o.key = $1',
      [order.key],
    );
    expect(codes).toHaveLength(2);
    await expect
      .poll(async () => (await mailsTo(email)).some((m) => codes.every((c) => m.text.includes(c.code))), {
        timeout: 15_000,
      })
      .toBe(true);
    await expectVisible(drawer.getByTestId('order-event-paid'), 'the paid event');
    await expect.poll(() => drawer.getByTestId('order-event-paid').textContent()).toContain(ADMIN.email);
    await expectVisible(drawer.getByTestId('order-event-renewalCodesIssued'), 'the codes event');
    await expect.poll(() => drawer.getByTestId('order-payment').textContent()).toContain('bezahlt');
    // activated once: the button is gone, and there is exactly one 'paid' event
    expect(await drawer.getByTestId('order-action-activatePrepay').isDisabled()).toBe(true);

    await drawer.getByTestId('order-edit-comment').fill('Abgeholt am Stand');
    await drawer.getByTestId('order-edit-shipped').check();
    await drawer.getByTestId('order-edit-save').click();
    await expect
      .poll(
        async () =>
          (await sql('SELECT comment, controller_shipped FROM shop_orders WHERE key = $1', [order.key]))[0],
      )
      .toEqual({ comment: 'Abgeholt am Stand', controller_shipped: true });
    await expectVisible(drawer.getByTestId('order-flag-controllerShipped'), 'the shipped flag');
    await expectVisible(drawer.getByTestId('order-event-edited'), 'the edit event');
    const paid = await sql(
      "SELECT count(*)::int AS n FROM shop_order_events e JOIN shop_orders o ON o.id = e.order_id WHERE o.key = $1 AND e.action = 'paid'",
      [order.key],
    );
    expect(paid[0]?.n).toBe(1);
  });

  it('shows every flag of an invoice order (invoice sent, the rest not yet) and sends a stored template after its preview', async () => {
    const email = uniqueEmail('template');
    const order = await placeInvoiceOrder(email);
    await expect.poll(async () => (await mailsTo(email)).length, { timeout: 15_000 }).toBe(1);
    await admin.goto('/shop/admin');
    await admin.getByTestId('orders-filter').fill(email);
    await expect.poll(() => admin.getByTestId('orders-table').locator('tbody tr').count()).toBe(1);
    await admin.getByTestId(`order-open-${order.key}`).click();
    const drawer = admin.getByTestId('order-drawer');
    // the confirmation carried the PDF invoice: both flags set; the other four shown as not yet
    await expectVisible(drawer.getByTestId('order-flag-invoiceSent'), 'the invoice flag');
    await expectVisible(drawer.getByTestId('order-flag-confirmationSent'), 'the confirmation flag');
    for (const flag of ['offerSent', 'controllerShipped', 'cleared', 'advanceRequested'])
      await expectVisible(drawer.getByTestId(`order-flag-off-${flag}`), `${flag} not yet`);

    await drawer.getByTestId('order-action-sendTemplate').click();
    const dialog = admin.getByTestId('order-action-confirm');
    await dialog.getByTestId('order-action-template').click();
    await admin.getByRole('option', { name: 'Versandt', exact: true }).click();
    // nothing goes out before the admin has seen the preview of exactly this choice
    expect(await dialog.getByTestId('order-action-yes').isDisabled()).toBe(true);
    await dialog.getByTestId('order-action-preview-show').click();
    const subject = `Your Hivescope order ${order.key} is on its way`;
    await expect.poll(() => dialog.getByTestId('order-action-preview-subject').textContent()).toBe(subject);
    expect(await dialog.getByTestId('order-action-preview-text').textContent()).toContain(
      'Hello Vreni Honig,',
    );
    await dialog.getByTestId('order-action-text').fill('Tracking: 99.00.123456.78901234');
    expect(await dialog.getByTestId('order-action-yes').isDisabled()).toBe(true); // the text changed
    await dialog.getByTestId('order-action-preview-show').click();
    await expect
      .poll(() => dialog.getByTestId('order-action-preview-text').textContent())
      .toContain('Tracking: 99.00.123456.78901234');
    await dialog.getByTestId('order-action-yes').click();
    await expectVisible(admin.getByText('Die Nachricht wurde gesendet'), 'the sent toast');
    await expect
      .poll(async () => (await mailsTo(email)).find((m) => m.subject === subject)?.text ?? '', {
        timeout: 15_000,
      })
      .toContain('Tracking: 99.00.123456.78901234');
    await expectVisible(drawer.getByTestId('order-event-templateSent'), 'the template event');
  });

  it('a user who is no admin gets the not-found view at /shop/admin', async () => {
    const user = await activeUser();
    const { page } = await loggedInPage(browser, user);
    await page.goto('/shop/admin');
    await expectVisible(page.getByTestId('not-found'), 'the not-found view');
    expect(await page.getByTestId('orders-table').count()).toBe(0);
  });

  it('the Shop settings tab refuses a broken YAML with its line and saves a good one as a new version', async () => {
    await admin.goto('/settings?tab=shop');
    const yaml = admin.getByTestId('shop-config-yaml');
    // the admin of the e2e setup reads German (their account's language)
    await expect.poll(async () => (await yaml.inputValue()).includes('transmitters:')).toBe(true);
    const good = await yaml.inputValue();
    const lines = good.split('\n');
    const priceLine = lines.findIndex((l) => /^\s+price: \d+\.\d\d$/.test(l));
    expect(priceLine).toBeGreaterThan(0);
    const broken = lines.map((l, i) => (i === priceLine ? l.replace(/\d\d$/, '005') : l)).join('\n');
    const before = (await sql<{ n: number }>('SELECT count(*)::int AS n FROM shop_configs'))[0]?.n;

    await yaml.fill(broken);
    await admin.getByTestId('shop-config-save').click();
    const error = admin.getByTestId('shop-config-error').first();
    await expectVisible(error, 'the config error');
    expect(await error.textContent()).toMatch(
      new RegExp(`Zeile ${priceLine + 1}, .*price: .*zwei Dezimalstellen`),
    );
    expect((await sql<{ n: number }>('SELECT count(*)::int AS n FROM shop_configs'))[0]?.n).toBe(before);

    // the same config as before, stored as a new version: other tests' shop stays as it was
    await yaml.fill(good);
    await admin.getByTestId('shop-config-save').click();
    await expectVisible(
      admin.getByText(/Die Shop-Konfiguration Version \d+ wurde gespeichert/),
      'the saved toast',
    );
    const [latest] = await sql<{ id: number }>('SELECT max(id)::int AS id FROM shop_configs');
    expect(latest?.id).toBeGreaterThan(0);
    await expect.poll(() => admin.getByTestId('shop-config-version').inputValue()).toContain(`${latest?.id}`);
    expect(await admin.getByTestId('shop-config-error').count()).toBe(0);
  });
});
