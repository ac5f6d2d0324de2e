import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { shopValidateAnswerSchema, shopCatalogueSchema, type ShopCatalogue } from '@hivescope/contract';
import { PERSISTED_STATE_KEY } from '../apps/web/src/lib/persistedSettings';
import { launchBrowser } from './lib/chromium';
import { baseUrl, newContext } from './lib/app';
import { expectUrl, expectVisible } from './lib/expect';
import { VIEWPORTS } from './lib/layout';
import { scan } from './lib/axe';
import { ownerWithReportingHives } from './lib/hives';

/**
 * The shop's screens (issue 11 items 1 and 2, docs/shop.md): an anonymous visitor walks /shop step by step,
 * the total shown is the server's price of the cart and follows each change, plate sides stay within the
 * catalogue's range, a reload keeps the cart, an address outside Switzerland is told to contact the provider
 * and cannot continue, and nothing runs wider than a phone. Ordering: by invoice straight to completion; by
 * card through the payment provider's page to completion, or back to "The transaction failed" on cancel.
 */

const ADDRESS = {
  email: 'imker.shop@example.org',
  firstname: 'Anna',
  lastname: 'Imker',
  street: 'Bienenweg 3',
  zip: '3006',
  city: 'Bern',
};

/** The cart the web app persisted (redux-persist keeps each slice as its own JSON string). */
async function persistedCart(page: Page): Promise<Record<string, unknown>> {
  const raw = await page.evaluate(`localStorage.getItem(${JSON.stringify(PERSISTED_STATE_KEY)})`);
  const root = JSON.parse(String(raw)) as Record<string, string>;
  return JSON.parse(root.shopCart ?? '{}') as Record<string, unknown>;
}

/** The digits of a money text ("CHF 1’234.50" → "123450"), to compare with centimes. */
const digits = (text: string | null) => (text ?? '').replace(/\D/g, '');

/** What the server prices the persisted cart at, in centimes (the same call the screen makes). */
async function serverTotal(page: Page): Promise<number> {
  const cart = await persistedCart(page);
  const res = await page.request.post('/api/shop/validate', { data: cart });
  expect(res.status(), await res.text()).toBe(200);
  return shopValidateAnswerSchema.parse(await res.json()).total;
}

/** The total shown settles (no "Calculating…") and equals the server's price of the persisted cart. */
async function expectServerTotal(page: Page): Promise<number> {
  await expect.poll(() => page.getByTestId('shop-fetching').count(), { timeout: 10_000 }).toBe(0);
  const total = await serverTotal(page);
  await expect
    .poll(async () => digits(await page.getByTestId('shop-total').textContent()), {
      message: 'the total shown should be the server total',
      timeout: 10_000,
    })
    .toBe(String(total));
  return total;
}

async function fillAddress(page: Page) {
  await page.goto('/shop/address');
  for (const [field, value] of Object.entries(ADDRESS))
    await page.getByTestId(`shop-address-${field}`).fill(value);
}

/** Address, the default cart (one transmitter), terms accepted, payment method chosen: on the confirmation step. */
async function readyToPay(page: Page, method: 'card' | 'invoice', comment = '') {
  await fillAddress(page);
  await page.getByTestId('shop-next').click();
  await expectUrl(page, /\/shop\/hardware$/);
  if (comment) {
    await page.goto('/shop/shipping');
    await page.getByTestId('shop-comment').fill(comment);
    // stored before the next page load
    await expect.poll(async () => (await persistedCart(page)).comment).toBe(comment);
  }
  await page.goto('/shop/payment');
  await page.getByTestId(`shop-pay-${method}`).check();
  await page.getByTestId('shop-accept-terms').check();
  await page.getByTestId('shop-next').click();
  await expectUrl(page, /\/shop\/confirmation$/);
  await expectVisible(page.getByTestId('shop-items'), 'the priced items');
  await expect.poll(() => page.getByTestId('shop-pay').isEnabled(), { timeout: 10_000 }).toBe(true);
}

describe('shop: hardware and subscriptions, step by step', () => {
  let browser: Browser;
  let visitor: BrowserContext;
  let page: Page;
  let catalogue: ShopCatalogue;

  beforeAll(async () => {
    browser = await launchBrowser();
    visitor = await newContext(browser);
    page = await visitor.newPage();
    const res = await page.request.get('/api/shop/config');
    catalogue = shopCatalogueSchema.parse(await res.json());
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('walks the hardware shop as a visitor; the total is the server’s and follows each change', async () => {
    await page.goto('/shop');
    await expectVisible(page.getByTestId('shop-steps'), 'the steps');
    expect(await page.locator('h1').count()).toBe(1);
    await fillAddress(page);
    await page.getByTestId('shop-next').click();
    await expectUrl(page, /\/shop\/hardware$/);

    // the hardware reset gives one of the catalogue's first transmitter (spec §4)
    const first = catalogue.transmitters[0]?.id ?? '';
    await expect.poll(() => page.getByTestId(`shop-amount-${first}`).inputValue()).toBe('1');
    const before = await expectServerTotal(page);

    const accessory = catalogue.accessories[0]?.id ?? '';
    await page.getByTestId(`shop-amount-${accessory}`).fill('2');
    const withAccessories = await expectServerTotal(page);
    expect(withAccessories).toBeGreaterThan(before);

    // a scale line: its plate starts at the catalogue's default and is kept within min and max
    const scale = catalogue.scales[0];
    if (!scale) throw new Error('the shop config offers no scale');
    await page.getByTestId(`shop-add-scale-${scale.id}`).click();
    const width = page.getByTestId('shop-scale-s1-width');
    await expect.poll(() => width.inputValue()).toBe(String(scale.plate.width.default));
    await width.fill('9999');
    await width.blur();
    await expect.poll(() => width.inputValue()).toBe(String(scale.plate.width.max));
    const length = page.getByTestId('shop-scale-s1-length');
    await length.fill('5');
    await length.blur();
    await expect.poll(() => length.inputValue()).toBe(String(scale.plate.length.min));
    const withScale = await expectServerTotal(page);
    expect(withScale).toBeGreaterThan(withAccessories);
    expect(await persistedCart(page)).toMatchObject({
      schemaVersion: 6,
      accessories: { [accessory]: 2 },
      scales: {
        s1: {
          product: scale.id,
          amount: 1,
          plate: { width: scale.plate.width.max, length: scale.plate.length.min },
        },
      },
    });

    // shipping: picking the plates up instead of having them shipped changes the server's total
    await page.getByTestId('shop-next').click();
    await page.getByTestId('shop-next').click();
    await expectUrl(page, /\/shop\/shipping$/);
    const pickup = catalogue.platePickup[0];
    if (pickup) {
      await page.getByTestId(`shop-plates-pickup-${pickup.id}`).check();
      const picked = await expectServerTotal(page);
      expect(picked).not.toBe(withScale);
    }
  });

  it('keeps the cart over a reload', async () => {
    const accessory = catalogue.accessories[0]?.id ?? '';
    const total = digits(await page.getByTestId('shop-total').textContent());
    await page.goto('/shop/hardware');
    await page.reload();
    await expect.poll(() => page.getByTestId(`shop-amount-${accessory}`).inputValue()).toBe('2');
    await expectVisible(page.getByTestId('shop-scale-line-s1'), 'the scale line');
    await expect.poll(async () => digits(await page.getByTestId('shop-total').textContent())).toBe(total);
    await page.goto('/shop/address');
    await expect.poll(() => page.getByTestId('shop-address-city').inputValue()).toBe(ADDRESS.city);
  });

  it('tells a visitor outside Switzerland to contact the provider and does not let them continue', async () => {
    await page.goto('/shop/address');
    await page.getByTestId('shop-address-country').click();
    await page.getByRole('option', { name: 'Germany' }).click();
    const message = page.getByTestId('shop-not-switzerland');
    await expectVisible(message, 'the Switzerland-only message');
    expect(await message.textContent()).toContain(catalogue.provider.email);
    expect(await page.getByTestId('shop-next').isDisabled()).toBe(true);
    // the server refuses to price it as well, with the same message
    await page.goto('/shop/hardware');
    await expectVisible(page.getByTestId('shop-validation-error'), "the server's refusal");
    await page.goto('/shop/address');
    await page.getByTestId('shop-address-country').click();
    await page.getByRole('option', { name: 'Switzerland' }).click();
    await expect.poll(() => message.count()).toBe(0);
  });

  it('fits a phone: no step runs wider than 390 px', async () => {
    const phone = await visitor.newPage();
    await phone.setViewportSize(VIEWPORTS.phone);
    for (const step of ['address', 'hardware', 'subscription', 'shipping', 'payment', 'confirmation']) {
      await phone.goto(`/shop/${step}`);
      await expectVisible(phone.getByTestId('shop-steps'), `step ${step}`);
      const width = Number(await phone.evaluate('document.documentElement.scrollWidth'));
      expect(width, `step ${step} is ${width} px wide`).toBeLessThanOrEqual(VIEWPORTS.phone.width);
    }
    await phone.close();
  });

  it('orders by invoice: straight to completion, with the order from the server, and the cart starts afresh', async () => {
    const context = await newContext(browser);
    const p = await context.newPage();
    await readyToPay(p, 'invoice', 'Bitte vor 10 Uhr liefern');
    expect((await persistedCart(p)).comment).toBe('Bitte vor 10 Uhr liefern');
    const total = digits(await p.getByTestId('shop-confirmation-total').textContent());
    await p.getByTestId('shop-pay').click();
    await expectUrl(p, /\/shop\/completion\?key=[A-Z0-9-]{19}$/);
    await expectVisible(p.getByTestId('shop-payment-invoice'), 'the invoice note');
    expect(digits(await p.getByTestId('shop-completion-total').textContent())).toBe(total);
    const key = new URL(p.url()).searchParams.get('key') ?? '';
    expect(await p.getByTestId('shop-order-key').textContent()).toBe(key);
    await expect.poll(async () => (await persistedCart(p)).comment).toBe('');
    await context.close();
  });

  it('pays by card through the provider’s page and lands on completion', async () => {
    const context = await newContext(browser);
    const p = await context.newPage();
    await readyToPay(p, 'card');
    await p.getByTestId('shop-pay').click();
    // the fake provider's page (e2e/global-setup.ts), on its own origin
    const app = new URL(baseUrl()).origin;
    await expect.poll(() => new URL(p.url()).origin, { timeout: 15_000 }).not.toBe(app);
    await p.getByRole('button', { name: /pay/i }).click();
    await expectUrl(p, /\/shop\/completion\?key=[A-Z0-9-]{19}$/);
    await expectVisible(p.getByTestId('shop-payment-paid'), 'the payment received', 20_000);
    await context.close();
  });

  it('a cancelled payment lands on "The transaction failed" with a way back to the shop', async () => {
    const context = await newContext(browser);
    const p = await context.newPage();
    await readyToPay(p, 'card');
    await p.getByTestId('shop-pay').click();
    await p.getByRole('button', { name: /cancel|fail/i }).click();
    await expectUrl(p, /\/shop\/transactionFailure\?key=[A-Z0-9-]{19}$/);
    await expectVisible(p.getByText('The transaction failed'), 'the failure message');
    await p.getByTestId('shop-failure-retry').click();
    await expectUrl(p, /\/shop\/confirmation$/);
    // the cart was kept for another try
    await expectVisible(p.getByTestId('shop-items'), 'the cart again');
    await context.close();
  });
  it('is accessible on each step: axe finds no critical or serious problem', async () => {
    const context = await newContext(browser, 'en-US', 'en', { bypassCSP: true });
    const p = await context.newPage();
    const problems: string[] = [];
    for (const path of [
      '/shop/address',
      '/shop/hardware',
      '/shop/shipping',
      '/shop/payment',
      '/shop/confirmation',
      '/subscriptionShop/subscriptions',
      '/de/shop/productTerms',
    ]) {
      await p.goto(path);
      await expectVisible(p.getByTestId('page-title'), `the heading of ${path}`);
      if (path.startsWith('/shop')) await expectVisible(p.getByTestId('shop-steps'), `the steps of ${path}`);
      expect(await p.locator('h1').count(), `one h1 on ${path}`).toBe(1);
      for (const v of await scan(p))
        if (v.impact === 'critical' || v.impact === 'serious' || v.id === 'heading-order')
          problems.push(`${path} ${v.id}: ${v.targets.slice(0, 3).join(' | ')}`);
    }
    expect(problems).toEqual([]);
    await context.close();
  });

  it('shows the terms in the language of the path, linked from the payment step', async () => {
    const p = await visitor.newPage();
    await p.goto('/shop/payment');
    const link = p.getByTestId('shop-terms-link-productTerms');
    expect(await link.getAttribute('href')).toBe('/en/shop/productTerms');
    await p.goto('/fr/shop/onlineServicesTerms');
    await expect
      .poll(() => p.getByTestId('page-title').textContent())
      .toBe('Conditions des services en ligne');
    await p.goto('/xx/shop/onlineServicesTerms');
    await expectVisible(p.getByTestId('not-found'), 'the 404 for an unknown language');
    await p.goto('/en/shop/productTerms');
    await expect.poll(() => p.getByTestId('page-title').textContent()).toBe('Product terms');
    await p.close();
  });
});

describe('subscription shop: renewal codes or an own transmitter', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('switching shops resets the cart by mode and keeps the address; codes are priced by the server', async () => {
    const context = await newContext(browser);
    const p = await context.newPage();
    await fillAddress(p);
    await p.getByTestId('shop-next').click();
    await expectUrl(p, /\/shop\/hardware$/);
    await p.goto('/subscriptionShop');
    await expectVisible(p.getByTestId('shop-digital'), 'the subscription shop');
    await expect.poll(async () => (await persistedCart(p)).mode).toBe('digital');
    expect(await persistedCart(p)).toMatchObject({ nofSubscriptions: 1, controllers: {}, address: ADDRESS });
    expect(await p.getByTestId('shop-step-link-hardware').count()).toBe(0);
    await p.goto('/subscriptionShop/subscriptions');
    await p.getByTestId('shop-subscription-count').fill('3');
    const three = await expectServerTotal(p);
    await p.getByTestId('shop-years-1').check();
    const oneYear = await expectServerTotal(p);
    expect(oneYear).toBeLessThan(three);
    // a visitor has no transmitters to extend
    expect(await p.getByTestId('shop-subscription-for-controller').isDisabled()).toBe(true);

    // an unknown promo code: the server's message at the field
    await p.goto('/subscriptionShop/payment');
    await p.getByTestId('shop-promo-code').fill('NO-SUCH-CODE');
    await expectVisible(p.getByText('The code is invalid for the promotion').first(), 'the promo message');

    // /shop/abo (like /shop/subscription) leads to the subscription shop
    await p.goto('/shop/abo');
    await expectUrl(p, /\/subscriptionShop$/);
    await p.goto('/shop/hardware');
    await expect.poll(async () => (await persistedCart(p)).mode).toBe('hardware+digital');
    expect(await persistedCart(p)).toMatchObject({ nofSubscriptions: 0, address: ADDRESS });
    await context.close();
  });

  it('a logged-in owner chooses one of their own transmitters', async () => {
    const { context, controllerId } = await ownerWithReportingHives(browser, 'Abo Stand');
    const p = await context.newPage();
    // the web app learns about the session (logged in through the API) on a screen that needs the login
    await p.goto('/dashboard');
    await expectVisible(p.getByTestId('dashboard'), 'the dashboard');
    await p.goto('/subscriptionShop/subscriptions');
    await p.getByTestId('shop-subscription-for-controller').check();
    await expect.poll(async () => (await persistedCart(p)).subscriptionControllerId).toBe(controllerId);
    expect(await p.getByTestId('shop-subscription-controller').inputValue()).toBe('Abo Stand');
    await expectServerTotal(p);
    await context.close();
  });
});
