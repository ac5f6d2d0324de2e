import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from './lib/chromium';
import { baseUrl, inboxUrl, loggedInPage, loginViaUi, newContext, sha256, sql, uniqueEmail } from './lib/app';
import { loginViaApi } from './lib/controllers';
import { digits15 } from './lib/device';
import { expectUrl, expectVisible } from './lib/expect';
import { followAddressLink } from './lib/smtp';
import { activeUser, adminWithProfile, makeManager } from './lib/users';
import { ADMIN } from './global-setup';

const tag = crypto.randomBytes(3).toString('hex');

/** A controller of an affiliation written straight into the database (the admin map only reads it). */
async function seedStand(name: string, affiliationId: number, location: { lat: number; lng: number } | null) {
  await sql(
    `INSERT INTO controllers (name, imsi, lat, lng, last_update, subscription_end, device_token_hash,
       affiliation_id, update_interval)
     VALUES ($1, $2, $3, $4, now(), now() + interval '300 days', $5, $6, 3)`,
    [
      name,
      digits15('22898'),
      location?.lat ?? null,
      location?.lng ?? null,
      crypto.randomBytes(32).toString('hex'),
      affiliationId,
    ],
  );
}

/** An order placed from the page, as the shop's confirmation step does (the browser sends its Origin). */
async function orderFromPage(page: Page, email: string, paymentMethod: 'card' | 'invoice') {
  const answer = await page.evaluate(
    async ({ email, paymentMethod }) => {
      const res = await fetch('/api/shop/order', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'accept-language': 'en' },
        body: JSON.stringify({
          mode: 'digital',
          nofSubscriptions: 2,
          paymentMethod,
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
      return { status: res.status, body: (await res.json()) as { key: string; paymentUrl: string | null } };
    },
    { email, paymentMethod },
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body;
}

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

  it('/a/map counts every transmitter: a state none is in reads 0, and the summary says which are not shown and why', async () => {
    const [aff] = await sql<{ id: number }>('INSERT INTO affiliations (name) VALUES ($1) RETURNING id', [
      `Veterinäramt ${tag}`,
    ]);
    await seedStand(`Aarau ${tag}`, aff!.id, { lat: 47.39, lng: 8.04 });
    await seedStand(`Baden ${tag}`, aff!.id, { lat: 47.47, lng: 8.31 });
    await seedStand(`Ohne Ort ${tag}`, aff!.id, null);

    const context = await newContext(browser, 'en-US', 'en');
    onTestFinished(() => context.close());
    await loginViaApi(context.request, ADMIN.email, ADMIN.password);
    const page = await context.newPage();
    await page.goto('/a/map');
    await expectVisible(page.getByTestId('admin-map-legend'), 'the legend');
    await page.getByTestId('admin-map-affiliation').click();
    await page.getByRole('option', { name: `Veterinäramt ${tag}` }).click();

    // the legend counts the affiliation's stands by state, the one without a location too; none is silent
    const count = (state: string) => page.getByTestId(`admin-map-count-${state}`);
    await expect.poll(() => count('reporting').textContent()).toBe('Reporting (3)');
    expect(await count('silent').textContent()).toBe('Silent (0)');
    expect(await count('expired').textContent()).toBe('Subscription expired (0)');

    // "n of m": m is every controller the admin can see; the rest is explained, the unplaced one by name
    const summary = page.getByTestId('admin-map-summary');
    await expect.poll(() => summary.textContent()).toMatch(/^2 of \d+ transmitters shown\./);
    const text = (await summary.textContent()) ?? '';
    const total = Number(/^2 of (\d+)/.exec(text)?.[1]);
    expect(text).toContain(`1 transmitter has no location and is not on the map: Ohne Ort ${tag}.`);
    const hidden = Number(/(\d+) transmitters? (?:is|are) hidden by the filters\./.exec(text)?.[1] ?? 0);
    expect(2 + 1 + hidden, 'shown + without location + hidden = all').toBe(total);
  });

  it('shop: the first step says why the order is not empty, in both shops', async () => {
    const context = await newContext(browser);
    onTestFinished(() => context.close());
    const page = await context.newPage();
    await page.goto('/shop/address');
    const note = page.getByTestId('shop-prefilled-note');
    await expectVisible(note, 'the note beside the pre-filled order');
    expect(await note.textContent()).toContain('starts with one transmitter and its subscription');
    await page.goto('/subscriptionShop/address');
    await expect.poll(() => note.textContent()).toContain('starts with one subscription');
    await page.goto('/shop/hardware');
    await expectVisible(page.getByTestId('shop-summary'), 'the summary of a later step');
    expect(await note.count(), 'only the first step explains it').toBe(0);
  });

  it('shop: a shopper on 127.0.0.1 comes back from the provider to 127.0.0.1, where the completion page explains the codes', async () => {
    const loopback = baseUrl().replace('//localhost:', '//127.0.0.1:');
    const context = await newContext(browser, 'en-US', 'en', { baseURL: loopback });
    onTestFinished(() => context.close());
    const page = await context.newPage();
    await page.goto('/subscriptionShop/address?lang=en');
    const order = await orderFromPage(page, uniqueEmail('loopback'), 'card');
    await page.goto(order.paymentUrl ?? '');
    await page.getByRole('button', { name: 'Pay' }).click();
    // the origin the cart lives in, not PUBLIC_URL's localhost
    await expectUrl(page, new RegExp(`^${loopback}/subscriptionShop/completion\\?key=${order.key}$`));
    await expectVisible(page.getByTestId('shop-renewal-codes'), 'the renewal codes', 20_000);
    const hint = page.getByTestId('shop-redeem-hint');
    expect(await hint.textContent()).toContain('Redeem it for a registered transmitter');
    expect(await hint.textContent()).toContain('Settings → Controllers → "Redeem renewal code"');
    expect(await page.getByTestId('shop-redeem-link').getAttribute('href')).toBe('/settings?tab=controllers');
  });

  it('shop administration: an invoice order reads "invoice, awaiting prepayment", and its invoice went', async () => {
    const email = uniqueEmail('badge');
    const context = await newContext(browser, 'en-US', 'en');
    onTestFinished(() => context.close());
    await loginViaApi(context.request, ADMIN.email, ADMIN.password);
    const page = await context.newPage();
    await page.goto('/shop/admin');
    const order = await orderFromPage(page, email, 'invoice');
    // the invoice goes out once the shopper confirms the address (docs/shop.md "Address confirmation")
    await followAddressLink(baseUrl(), inboxUrl(), email);
    await page.getByTestId('orders-filter').fill(email);
    await expect.poll(() => page.getByTestId('orders-table').locator('tbody tr').count()).toBe(1);
    expect(await page.getByTestId(`order-row-${order.key}`).textContent()).toContain(
      'invoice, awaiting prepayment',
    );
    await page.getByTestId(`order-open-${order.key}`).click();
    const drawer = page.getByTestId('order-drawer');
    await expect
      .poll(() => drawer.getByTestId('order-payment').textContent())
      .toBe('invoice, awaiting prepayment');
    await expectVisible(drawer.getByTestId('order-flag-invoiceSent'), 'the invoice-sent flag');
  });

  it('a refused attempt says which limit was passed and when it lifts', async () => {
    const user = await activeUser();
    for (let i = 0; i < 5; i++) {
      const res = await fetch(`${baseUrl()}/api/user/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: user.email, password: sha256(`guess ${i}`) }),
      });
      expect(res.status).toBe(401);
    }
    const context = await newContext(browser, 'en-US', 'en');
    onTestFinished(() => context.close());
    const page = await context.newPage();
    await loginViaUi(page, user.email, user.password);
    await expect
      .poll(() => page.locator('body').innerText(), { message: 'the limit and the wait in the message' })
      .toContain('Too many attempts (at most 5 in 15 minutes): try again in 15 minutes.');
  });
});
