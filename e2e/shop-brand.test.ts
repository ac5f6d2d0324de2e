import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './lib/chromium';
import { baseUrl, newContext } from './lib/app';
import { expectVisible } from './lib/expect';

/**
 * The shop on the veterinary brand (spec §1, docs/shop.md "Brands"): the brand has no shop features and an
 * external shop URL, so a direct URL to the in-app shop goes on to the external shop — without the shop ever
 * showing or calling the shop API — and the API itself refuses shop orders on that host. The e2e server
 * serves brand 2 at vet.localhost (BRAND_HOSTS); the external shop is answered by the browser test itself.
 */
const EXTERNAL = 'https://hivescope.ch/shop';

describe('the shop on a brand without shop features', () => {
  let browser: Browser;
  const vet = () => `http://vet.localhost:${new URL(baseUrl()).port}`;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('/shop, /shop/{step}, /shop/abo and /subscriptionShop on the veterinary host go on to the external shop', async () => {
    const context = await newContext(browser, 'en-US', null);
    try {
      const page = await context.newPage();
      await page.route(`${EXTERNAL}**`, (route) =>
        route.fulfill({
          status: 200,
          contentType: 'text/html',
          body: '<h1 id="external">External shop</h1>',
        }),
      );
      const shopCalls: string[] = [];
      page.on('request', (r) => {
        if (r.url().includes('/api/shop/')) shopCalls.push(r.url());
      });
      for (const path of ['/shop', '/shop/hardware', '/shop/abo', '/subscriptionShop/subscriptions']) {
        await page.goto(`${vet()}${path}`);
        await page.waitForURL(EXTERNAL, { timeout: 15_000 });
        await expectVisible(page.locator('#external'), `the external shop after ${path}`);
      }
      expect(shopCalls).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('the API refuses shop orders on the veterinary host (localised); the beekeeping host keeps its shop', async () => {
    const context = await newContext(browser, 'de-CH', null);
    try {
      const page = await context.newPage();
      await page.goto(`${vet()}/password/request`);
      await expectVisible(page.getByTestId('brand-name'), 'the app on the veterinary host');
      const answer = await page.evaluate(async () => {
        const res = await fetch('/api/shop/validate', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'accept-language': 'de' },
          body: JSON.stringify({ controllers: { 'hs-gsm-4': 1 } }),
        });
        return { status: res.status, body: (await res.json()) as { message: string } };
      });
      expect(answer).toEqual({ status: 404, body: { message: 'Der Shop ist hier nicht verfügbar' } });

      await page.goto(`${baseUrl()}/shop/hardware`);
      await expectVisible(page.getByTestId('shop-hardware'), 'the shop on the beekeeping host');
      expect(page.url()).toBe(`${baseUrl()}/shop/hardware`);
      expect(await page.getByTestId('shop-not-here').count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
