import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShopOrderAnswer, ShopOrderStatus } from '@hivescope/contract';
import { createTestApp, type TestApp } from '../../../../test/app';
import { startFakePayment, type FakePayment } from '../../../../test/fake-payment';
import { startSmtp, type TestSmtp } from '../../../../test/smtp';
import { createCast } from '../../../../test/users';
import { seedController } from '../../controllers/controllers.fixtures';
import { insertPromo } from '../promo.repository';
import {
  digitalBody,
  followAddressLink,
  orderBody,
  orderRow,
  promoUses,
  shopCall,
  shopCounts,
} from '../shop.fixtures';
import { signWebhook } from './signature';

const SECRET = 'sk_test_fake_secret';
const WEBHOOK_SECRET = 'whsec_fake_webhook_secret_0123456789';

describe('card payment through the Stripe-shaped fake provider and POST shop/payment/webhook', () => {
  let t: TestApp;
  let fake: FakePayment;
  let smtp: TestSmtp;
  let call: ReturnType<typeof shopCall>;
  let cast: Awaited<ReturnType<typeof createCast>>;

  beforeAll(async () => {
    fake = await startFakePayment({ secretKey: SECRET, webhookSecret: WEBHOOK_SECRET });
    smtp = await startSmtp();
    t = await createTestApp({
      PAYMENT_URL: fake.url,
      PAYMENT_SECRET_KEY: SECRET,
      PAYMENT_WEBHOOK_SECRET: WEBHOOK_SECRET,
      SMTP_URL: smtp.url,
      PUBLIC_URL: 'http://shop.localhost:4000',
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    fake.webhookUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/shop/payment/webhook`;
    call = shopCall(t.app);
    cast = await createCast(t.db);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
    await smtp.close();
  });

  const order = async (body: object, user: { cookie: string } | null = null) => {
    const res = await call<ShopOrderAnswer>('POST', '/api/shop/order', { body, user });
    expect(res.status).toBe(201);
    return res.body;
  };
  /** What the browser does on the provider's page: the page, then Pay or Cancel (redirect not followed). */
  const press = async (paymentUrl: string, button: 'complete' | 'cancel') => {
    const page = await fetch(paymentUrl);
    expect(await page.text()).toContain('<button type="submit">Pay</button>');
    const res = await fetch(`${paymentUrl}/${button}`, { method: 'POST', redirect: 'manual' });
    return { status: res.status, location: res.headers.get('location') };
  };
  const status = async (key: string) => (await call<ShopOrderStatus>('GET', `/api/shop/order/${key}`)).body;
  const webhook = (body: string, signature: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/shop/payment/webhook',
      payload: body,
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    });

  it('pays for 3 renewal codes: provider page, signed webhook, codes, confirmation mail at the SMTP server', async () => {
    const answer = await order(
      digitalBody({
        paymentMethod: 'card',
        nofSubscriptions: 3,
        address: { ...orderBody().address, email: 'codes@example.org' },
      }),
    );
    expect(answer).toMatchObject({ paymentMethod: 'card', total: 3 * 11800 });
    expect(answer.paymentUrl).toMatch(new RegExp(`^${fake.url}/pay/cs_test_`));
    const session = fake.sessions.at(-1);
    expect(session?.params).toMatchObject({
      mode: 'payment',
      currency: 'chf',
      client_reference_id: answer.key,
      'line_items[0][price_data][unit_amount]': '35400',
      success_url: `http://shop.localhost:4000/subscriptionShop/completion?key=${answer.key}`,
      cancel_url: `http://shop.localhost:4000/subscriptionShop/transactionFailure?key=${answer.key}`,
    });
    expect((await status(answer.key)).payment).toBe('pending');

    const pay = await press(answer.paymentUrl ?? '', 'complete');
    expect(pay).toEqual({ status: 303, location: session?.params.success_url });
    const paid = await status(answer.key);
    expect(paid).toMatchObject({ state: 'completed', payment: 'paid', total: 35400 });
    expect(paid.renewalCodes).toHaveLength(3);
    // an anonymous buyer's address got its link at order time; the confirmation follows it
    const ask = await smtp.waitFor((m) => m.to.includes('codes@example.org'));
    expect(ask.subject).toBe(`Confirm your email address for the Hivescope order ${answer.key}`);
    expect((await orderRow(t.db, answer.key))?.confirmationSent).toBe(false);
    expect(await followAddressLink(t, answer.key)).toBe(303);
    const mail = await smtp.waitFor(
      (m) => m.to.includes('codes@example.org') && m.subject === `Your Hivescope order ${answer.key}`,
    );
    expect(mail.subject).toBe(`Your Hivescope order ${answer.key}`);
    for (const code of paid.renewalCodes) expect(mail.text).toContain(code);
    expect(mail.text).toContain('CHF');
    expect(mail.text).toContain('354.00');
    const row = await orderRow(t.db, answer.key);
    expect(row).toMatchObject({ confirmationSent: true, paidAmount: 35400 });
    const bonus = await t.db.execute<{ bonus_days: number }>(
      sql`SELECT bonus_days FROM renewal_codes WHERE order_id = ${row?.id} ORDER BY id`,
    );
    expect(bonus.rows.map((r) => r.bonus_days)).toEqual([0, 60, 60]);
  });

  it('extends the owner’s transmitter from max(now, end) by the term when paid', async () => {
    const end = new Date(Date.now() + 100 * 86_400_000);
    const controller = await seedController(t.db, { ownerId: cast.owner.id, subscriptionEnd: end });
    const answer = await order(
      digitalBody({ paymentMethod: 'card', subscriptionControllerId: controller.id }),
      cast.owner,
    );
    await press(answer.paymentUrl ?? '', 'complete');
    const s = await status(answer.key);
    const expected = new Date(end);
    expected.setUTCFullYear(expected.getUTCFullYear() + 2);
    expect(s.subscription?.controllerId).toBe(controller.id);
    expect(Math.abs(new Date(s.subscription?.endsAt ?? 0).getTime() - expected.getTime())).toBeLessThan(
      2 * 3600_000,
    );
    expect(s.renewalCodes).toEqual([]);
  });

  it('refuses a webhook with a bad, stale or missing signature and changes nothing', async () => {
    const answer = await order(orderBody({ paymentMethod: 'card' }));
    const body = JSON.stringify({
      id: 'evt_forged',
      type: 'checkout.session.completed',
      data: { object: { id: 'cs_x', client_reference_id: answer.key } },
    });
    const before = await shopCounts(t.db);
    for (const signature of [
      signWebhook('wrong-secret-0123456789', body),
      signWebhook(WEBHOOK_SECRET, body, Date.now() - 10 * 60_000),
      '',
    ]) {
      const res = await webhook(body, signature);
      expect(res.statusCode).toBe(400);
    }
    expect((await webhook(`${body} `, signWebhook(WEBHOOK_SECRET, body))).statusCode).toBe(400);
    expect(await shopCounts(t.db)).toEqual(before);
    expect((await status(answer.key)).payment).toBe('pending');
  });

  it('a replayed webhook changes nothing twice', async () => {
    const answer = await order(digitalBody({ paymentMethod: 'card', nofSubscriptions: 2 }));
    const session = fake.sessions.at(-1);
    const body = JSON.stringify({
      id: 'evt_replay_1',
      type: 'checkout.session.completed',
      data: { object: { id: session?.id, client_reference_id: answer.key, amount_total: answer.total } },
    });
    expect((await webhook(body, signWebhook(WEBHOOK_SECRET, body))).statusCode).toBe(200);
    const once = await shopCounts(t.db);
    expect((await status(answer.key)).renewalCodes).toHaveLength(2);
    // the same event again, and a second event for the same session: no more codes, no more audit entries
    expect((await webhook(body, signWebhook(WEBHOOK_SECRET, body))).statusCode).toBe(200);
    const again = body.replace('evt_replay_1', 'evt_replay_2');
    expect((await webhook(again, signWebhook(WEBHOOK_SECRET, again))).statusCode).toBe(200);
    expect(await shopCounts(t.db)).toEqual(once);
    expect((await status(answer.key)).renewalCodes).toHaveLength(2);
  });

  it('binds an event to the session the order stored: another session is ignored, none stored is refused', async () => {
    const answer = await order(orderBody({ paymentMethod: 'card' }));
    const event = (id: string, session: string) =>
      JSON.stringify({
        id,
        type: 'checkout.session.completed',
        data: { object: { id: session, client_reference_id: answer.key, amount_total: answer.total } },
      });
    const other = event('evt_bind_other', 'cs_not_this_order');
    expect((await webhook(other, signWebhook(WEBHOOK_SECRET, other))).statusCode).toBe(200);
    expect((await status(answer.key)).payment).toBe('pending');
    // the moment between the order and its stored checkout session: nothing binds, the provider retries
    const stored = (await orderRow(t.db, answer.key))?.paymentSessionId;
    await t.db.execute(sql`UPDATE shop_orders SET payment_session_id = NULL WHERE key = ${answer.key}`);
    const before = await shopCounts(t.db);
    const early = event('evt_bind_early', 'cs_any_session');
    expect((await webhook(early, signWebhook(WEBHOOK_SECRET, early))).statusCode).toBe(503);
    expect((await status(answer.key)).payment).toBe('pending');
    expect(await shopCounts(t.db)).toEqual(before);
    // once stored, the provider's retry of its own session's event pays (the refused event was not kept)
    await t.db.execute(sql`UPDATE shop_orders SET payment_session_id = ${stored} WHERE key = ${answer.key}`);
    const retry = event('evt_bind_early', stored ?? '');
    expect((await webhook(retry, signWebhook(WEBHOOK_SECRET, retry))).statusCode).toBe(200);
    expect((await status(answer.key)).payment).toBe('paid');
  });

  it('Cancel: the customer comes back to the failure page, the order fails and its promo use returns', async () => {
    await insertPromo(t.db, { code: 'ONEOFF', percentHundredths: 2000, maxUses: 1 });
    const answer = await order(orderBody({ paymentMethod: 'card', promoCode: 'ONEOFF' }));
    expect(await promoUses(t.db, 'ONEOFF')).toBe(1);
    const res = await press(answer.paymentUrl ?? '', 'cancel');
    expect(res).toEqual({
      status: 303,
      location: `http://shop.localhost:4000/shop/transactionFailure?key=${answer.key}`,
    });
    expect(await status(answer.key)).toMatchObject({ state: 'cancelled', payment: 'failed' });
    expect(await promoUses(t.db, 'ONEOFF')).toBe(0);
    expect((await orderRow(t.db, answer.key))?.confirmationSent).toBe(false);
  });

  it('a one-use code: expire, reuse, late completion — paid as charged, uses stay at the maximum, over-use flagged', async () => {
    const codeId = await insertPromo(t.db, { code: 'LASTONE', percentHundredths: 2000, maxUses: 1 });
    const first = await order(orderBody({ paymentMethod: 'card', promoCode: 'LASTONE' }));
    const firstSession = (await orderRow(t.db, first.key))?.paymentSessionId ?? '';
    expect(first.total).toBe(47900 - 9340);
    // order 1's checkout expires: its use is given back, and order 2 takes it
    expect((await press(first.paymentUrl ?? '', 'cancel')).status).toBe(303);
    expect(await promoUses(t.db, 'LASTONE')).toBe(0);
    const second = await order(orderBody({ paymentMethod: 'card', promoCode: 'LASTONE' }));
    expect(await promoUses(t.db, 'LASTONE')).toBe(1);
    // a third customer is refused: the code is used up
    const third = await call('POST', '/api/shop/order', {
      body: orderBody({ paymentMethod: 'card', promoCode: 'LASTONE' }),
    });
    expect(third.status).toBe(400);

    // order 1's late `completed` (the provider charged the discounted total before the expiry)
    const late = JSON.stringify({
      id: 'evt_late_completed',
      type: 'checkout.session.completed',
      data: { object: { id: firstSession, client_reference_id: first.key, amount_total: first.total } },
    });
    expect((await webhook(late, signWebhook(WEBHOOK_SECRET, late))).statusCode).toBe(200);
    expect(await status(first.key)).toMatchObject({
      state: 'completed',
      payment: 'paid',
      total: first.total,
    });
    expect(await orderRow(t.db, first.key)).toMatchObject({ paidAmount: first.total, discount: 9340 });
    // the uses never exceed the maximum, whatever the order of events; order 2 keeps its discount
    expect(await promoUses(t.db, 'LASTONE')).toBe(1);
    expect((await status(second.key)).payment).toBe('pending');

    // the over-use is flagged to the admins: in the code's history with the order's key, and the order's
    const detail = await call<{ events: { action: string; detail: unknown; userEmail: string | null }[] }>(
      'GET',
      `/api/shop/promoCodes/${codeId}`,
      { user: cast.admin },
    );
    expect(detail.status).toBe(200);
    expect(detail.body.events.filter((e) => e.action === 'overUsed')).toEqual([
      {
        action: 'overUsed',
        userEmail: null,
        detail: { orderKey: first.key, orderId: expect.any(Number) },
        id: expect.any(Number),
        createdAt: expect.any(String),
      },
    ]);
    const events = await t.db.execute<{ action: string }>(
      sql`SELECT e.action FROM shop_order_events e JOIN shop_orders o ON o.id = e.order_id
           WHERE o.key = ${first.key} ORDER BY e.id`,
    );
    expect(events.rows.map((r) => r.action)).toEqual(
      expect.arrayContaining(['paymentFailed', 'promoUsedUp', 'paid']),
    );
    // only admins read the code's history
    expect((await call('GET', `/api/shop/promoCodes/${codeId}`, { user: cast.owner })).status).toBe(403);
    expect((await call('GET', `/api/shop/promoCodes/${codeId}`)).status).toBe(401);
  });

  it('a provider that is down: 503, the order is cancelled, nothing charged', async () => {
    const down = await createTestApp({
      PAYMENT_URL: 'http://127.0.0.1:9',
      PAYMENT_SECRET_KEY: SECRET,
      PAYMENT_WEBHOOK_SECRET: WEBHOOK_SECRET,
    });
    try {
      const res = await shopCall(down.app)('POST', '/api/shop/order', {
        body: orderBody({ paymentMethod: 'card' }),
        lang: 'es',
      });
      expect(res.status).toBe(503);
      expect(res.body.message).toMatch(/tienda/i);
      const rows = await down.db.execute<{ state: string; payment_state: string }>(
        sql`SELECT state, payment_state FROM shop_orders`,
      );
      expect(rows.rows).toEqual([{ state: 'cancelled', payment_state: 'failed' }]);
    } finally {
      await down.close();
    }
  });
});
