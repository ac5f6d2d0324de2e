import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { Browser } from 'playwright-core';
import type { ShopOrderAnswer, ShopOrderStatus } from '@hivescope/contract';
import { launchBrowser } from './lib/chromium';
import { baseUrl, inboxUrl, uniqueEmail } from './lib/app';
import { addressLinkPath, isAddressMail, waitForMail } from './lib/smtp';

/**
 * The card payment round trip through the local fake provider that global-setup starts (docs/shop.md "Fake
 * provider"): the order is placed through the API (the shop screens have their own tests), the provider's
 * page is used in a real browser.
 */
async function placeOrder(email: string): Promise<ShopOrderAnswer> {
  const res = await fetch(`${baseUrl()}/api/shop/order`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-language': 'en' },
    body: JSON.stringify({
      mode: 'digital',
      nofSubscriptions: 2,
      paymentMethod: 'card',
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
  return body;
}

const status = async (key: string) =>
  (await (await fetch(`${baseUrl()}/api/shop/order/${key}`)).json()) as ShopOrderStatus;

describe('shop card payment through the fake provider', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('Pay: back on the completion page, the order paid, codes mailed', async () => {
    const email = uniqueEmail('buyer');
    const order = await placeOrder(email);
    const page = await browser.newPage();
    onTestFinished(() => page.close());
    await page.goto(order.paymentUrl ?? '');
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.waitForURL(`${baseUrl()}/subscriptionShop/completion?key=${order.key}`);
    const paid = await status(order.key);
    expect(paid).toMatchObject({ state: 'completed', payment: 'paid' });
    expect(paid.renewalCodes).toHaveLength(2);
    // the visitor's address is confirmed by the link mailed at order time: the browser opens it, lands on
    // the order's completion page, and the confirmation with the codes follows
    await page.goto(`${baseUrl()}${await addressLinkPath(inboxUrl(), email)}`);
    await page.waitForURL(`${baseUrl()}/subscriptionShop/completion?key=${order.key}`);
    const mail = await waitForMail(inboxUrl(), email, 15_000, (m) => !isAddressMail(m));
    expect(mail.subject).toBe(`Your Hivescope order ${order.key}`);
    for (const code of paid.renewalCodes) expect(mail.text).toContain(code);
  });

  it('Cancel: back on the transaction-failure page, the payment failed', async () => {
    const order = await placeOrder(uniqueEmail('canceller'));
    const page = await browser.newPage();
    onTestFinished(() => page.close());
    await page.goto(order.paymentUrl ?? '');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL(`${baseUrl()}/subscriptionShop/transactionFailure?key=${order.key}`);
    expect(await status(order.key)).toMatchObject({
      state: 'cancelled',
      payment: 'failed',
      renewalCodes: [],
    });
  });
});
