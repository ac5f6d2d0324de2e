import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ShopOrderAnswer, ShopOrderStatus, ShopValidateAnswer } from '@hivescope/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import { clearAttempts } from '../../../test/auth';
import { createCast } from '../../../test/users';
import { seedController } from '../controllers/controllers.fixtures';
import { DEFAULT_SHOP_CONFIG_FILE } from './config/shop-config';
import { insertPromo } from './promo.repository';
import { address, digitalBody, orderBody, orderRow, promoUses, shopCall, shopCounts } from './shop.fixtures';

describe('shop orders without card payment: POST shop/validate, POST shop/order, GET shop/order/{key}', () => {
  let t: TestApp;
  let call: ReturnType<typeof shopCall>;
  let cast: Awaited<ReturnType<typeof createCast>>;

  beforeAll(async () => {
    t = await createTestApp();
    call = shopCall(t.app);
    cast = await createCast(t.db);
    await insertPromo(t.db, { code: 'SUMMER10', percentHundredths: 1000 });
    await insertPromo(t.db, { code: 'EXPIRED', amount: 500, validUntil: new Date(Date.now() - 1000) });
    await insertPromo(t.db, { code: 'USEDUP', amount: 500, maxUses: 1, uses: 1 });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.db.execute(sql`DELETE FROM shop_orders`);
    await clearAttempts(t.db);
  });

  it('validate prices a cart for anyone on the server, a promo code giving its discount', async () => {
    const plain = await call<ShopValidateAnswer>('POST', '/api/shop/validate', {
      body: { controllers: { 'hs-gsm-4': 1 }, total: 1 },
    });
    expect(plain.status).toBe(200);
    expect(plain.body).toMatchObject({ subtotal: 34900 + 11800, shipping: 1200, discount: 0, total: 47900 });
    const promo = await call<ShopValidateAnswer>('POST', '/api/shop/validate', {
      body: { controllers: { 'hs-gsm-4': 1 }, promoCode: ' summer10 ' },
      user: cast.owner,
    });
    expect(promo.body).toMatchObject({ discount: 4670, total: 47900 - 4670 });
  });

  it('validate refuses an unknown, expired or used-up promo code on its field, in the request language', async () => {
    for (const code of ['NOSUCH', 'EXPIRED', 'USEDUP']) {
      const res = await call('POST', '/api/shop/validate', {
        body: { controllers: { 'hs-gsm-4': 1 }, promoCode: code },
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        message: 'The code is invalid for the promotion',
        fields: { promoCode: 'The code is invalid for the promotion' },
      });
    }
  });

  it('validate lists cart problems per field; outside Switzerland only the provider contact', async () => {
    const bad = await call('POST', '/api/shop/validate', {
      body: { controllers: { 'no-such': 1 }, subscriptionYears: 4 },
      lang: 'de',
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields ?? {}).sort()).toEqual(['controllers.no-such', 'subscriptionYears']);
    const abroad = await call('POST', '/api/shop/validate', {
      body: { controllers: { 'hs-gsm-4': 1 }, address: { country: 'DE' }, promoCode: 'NOSUCH' },
    });
    expect(abroad.status).toBe(400);
    expect(abroad.body.message).toBe(
      'The shop delivers to Switzerland only. From other countries, please contact us: Hivescope AG, shop@hivescope.example, +41 31 552 18 40',
    );
    expect(Object.keys(abroad.body.fields ?? {})).toEqual(['address.country']);
  });

  it('an invoice order is priced on the server (a client total is ignored), stored with key, flags and audit', async () => {
    const res = await call<ShopOrderAnswer>('POST', '/api/shop/order', {
      body: { ...orderBody(), total: 1 },
      user: cast.owner,
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ total: 47900, paymentMethod: 'invoice', paymentUrl: null });
    expect(res.body.key).toMatch(/^[A-HJKMNP-Z2-9]{4}(-[A-HJKMNP-Z2-9]{4}){3}$/);
    const row = await orderRow(t.db, res.body.key);
    expect(row).toMatchObject({
      state: 'open',
      paymentState: 'invoice',
      userId: cast.owner.id,
      total: 47900,
      cleared: false,
      offerSent: false,
    });
    expect(row?.address).toMatchObject(address);
    const events = await t.db.execute<{ action: string; actor: string }>(
      sql`SELECT action, actor FROM shop_order_events WHERE order_id = ${row?.id} ORDER BY id`,
    );
    expect(events.rows[0]).toEqual({ action: 'ordered', actor: 'customer' });
    const status = await call<ShopOrderStatus>('GET', `/api/shop/order/${res.body.key.toLowerCase()}`);
    expect(status.status).toBe(200);
    expect(status.body).toMatchObject({
      key: res.body.key,
      state: 'open',
      payment: 'invoice',
      total: 47900,
      renewalCodes: [],
      subscription: null,
    });
    expect(JSON.stringify(status.body)).not.toContain(address.street);
  });

  it('refuses a bad order with a localised message and stores nothing', async () => {
    const before = await shopCounts(t.db);
    const noTerms = await call('POST', '/api/shop/order', {
      body: { ...orderBody(), acceptTerms: false },
      lang: 'de',
    });
    expect(noTerms.status).toBe(400);
    expect(noTerms.body.fields).toHaveProperty('acceptTerms');
    const noAddress = await call('POST', '/api/shop/order', {
      body: { ...orderBody(), address: { ...address, zip: '80' } },
    });
    expect(noAddress.status).toBe(400);
    expect(noAddress.body.fields?.['address.zip']).toBe('A Swiss postcode has four digits');
    const promo = await call('POST', '/api/shop/order', { body: orderBody({ promoCode: 'USEDUP' }) });
    expect(promo.status).toBe(400);
    const card = await call('POST', '/api/shop/order', { body: orderBody({ paymentMethod: 'card' }) });
    expect(card.status).toBe(503);
    expect(card.body.message).toBe('The shop is currently unavailable, try again later');
    expect(await shopCounts(t.db)).toEqual(before);
  });

  it('refuses a total above the provider ceiling and amounts beyond the maxima, localised, storing nothing', async () => {
    const big = Object.fromEntries(
      Array.from({ length: 50 }, (_, i) => [
        `s${i + 1}`,
        { product: 'hive-scale-200', amount: 100, plate: { width: 500, length: 500 } },
      ]),
    );
    const overCeiling = { scales: big, accessories: { 'solar-panel-10w': 100 }, subscriptionYears: 5 };
    const before = await shopCounts(t.db);
    const messages = {
      // Intl's de-CH/en-CH/fr-CH/es-CH currency formats (no-break spaces between figure and CHF)
      en: "Orders above CHF\u00a0999'999.99 cannot be placed in the online shop; for larger orders please contact us: Hivescope AG, shop@hivescope.example, +41 31 552 18 40",
      de: "Bestellungen über CHF\u00a0999'999.99 sind im Online-Shop nicht möglich; für grössere Bestellungen kontaktieren Sie uns bitte: Hivescope AG, shop@hivescope.example, +41 31 552 18 40",
      fr: 'Les commandes de plus de 999\u202f999.99\u00a0CHF ne peuvent pas être passées dans la boutique en ligne ; pour les commandes plus importantes, veuillez nous contacter : Hivescope AG, shop@hivescope.example, +41 31 552 18 40',
      es: 'Los pedidos de más de 999.999,99\u00a0CHF no se pueden realizar en la tienda en línea; para pedidos mayores, póngase en contacto con nosotros: Hivescope AG, shop@hivescope.example, +41 31 552 18 40',
    };
    for (const [lang, message] of Object.entries(messages)) {
      const res = await call('POST', '/api/shop/validate', { body: overCeiling, lang });
      expect([lang, res.status, res.body]).toEqual([lang, 400, { message, fields: { total: message } }]);
    }
    for (const user of [null, cast.owner, cast.admin]) {
      const order = await call('POST', '/api/shop/order', { body: orderBody(overCeiling), user });
      expect(order.status).toBe(400);
      expect(order.body.message).toBe(messages.en);
    }
    const tooMany = await call('POST', '/api/shop/order', {
      body: orderBody({ controllers: { 'hs-gsm-4': 101 } }),
      lang: 'de',
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.fields?.['controllers.hs-gsm-4']).toBe(
      'Diese Menge ist für den Online-Shop zu gross; für grössere Bestellungen kontaktieren Sie uns bitte',
    );
    const lines = {
      ...big,
      s51: { product: 'hive-scale-150', amount: 1, plate: { width: 450, length: 500 } },
    };
    const tooManyLines = await call('POST', '/api/shop/order', { body: orderBody({ scales: lines }) });
    expect(tooManyLines.status).toBe(400);
    expect(tooManyLines.body.fields?.scales).toBe(
      'An order holds at most 50 scale lines; for larger orders please contact us',
    );
    expect(await shopCounts(t.db)).toEqual(before);

    // the largest cart under the ceiling is taken: 100 of each transmitter and accessory, 5 years
    const good = await call<ShopOrderAnswer>('POST', '/api/shop/order', {
      body: orderBody({
        controllers: { 'hs-gsm-4': 100, 'hs-gsm-8': 100 },
        accessories: { 'climate-sensor': 100, 'solar-panel-10w': 100, 'battery-pack': 100, 'cable-5m': 100 },
        subscriptionYears: 5,
      }),
    });
    expect(good.status).toBe(201);
    expect(good.body.total).toBeLessThanOrEqual(99_999_999);
  });

  it('the ceiling is the shop config setting maxOrderTotal', async () => {
    const yaml = `${fs.readFileSync(DEFAULT_SHOP_CONFIG_FILE, 'utf8').replace(/^maxOrderTotal: .*$/m, '')}\nmaxOrderTotal: 479.00\n`;
    await t.db.execute(sql`INSERT INTO shop_configs (yaml) VALUES (${yaml})`);
    try {
      const atCeiling = await call('POST', '/api/shop/order', { body: orderBody() });
      expect(atCeiling.status).toBe(201);
      const over = await call('POST', '/api/shop/order', {
        body: orderBody({ controllers: { 'hs-gsm-4': 2 } }),
      });
      expect(over.status).toBe(400);
      expect(over.body.message).toMatch(/^Orders above CHF\s479\.00 cannot be placed/);
      expect((await shopCounts(t.db)).orders).toBe(1);
    } finally {
      await t.db.execute(sql`DELETE FROM shop_configs`);
    }
  });

  it('reserves a promo use at order time: 20 parallel orders on a one-use code, exactly one succeeds', async () => {
    await insertPromo(t.db, { code: 'ONCE', amount: 1000, maxUses: 1 });
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        call('POST', '/api/shop/order', { body: orderBody({ promoCode: 'ONCE' }) }),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 400)).toHaveLength(19);
    expect(await promoUses(t.db, 'ONCE')).toBe(1);
    expect((await shopCounts(t.db)).orders).toBe(1);
  });

  it('a subscription for a transmitter: anonymous 401, other user and admin 403, owner 201', async () => {
    const controller = await seedController(t.db, { ownerId: cast.owner.id });
    const body = digitalBody({ subscriptionControllerId: controller.id });
    const before = await shopCounts(t.db);
    expect((await call('POST', '/api/shop/order', { body })).status).toBe(401);
    const other = await call('POST', '/api/shop/order', { body, user: cast.other, lang: 'fr' });
    expect(other.status).toBe(403);
    expect(other.body).toEqual({
      message: 'Choisissez un de vos propres émetteurs',
      fields: { subscriptionControllerId: 'Choisissez un de vos propres émetteurs' },
    });
    expect((await call('POST', '/api/shop/order', { body, user: cast.admin })).status).toBe(403);
    expect(await shopCounts(t.db)).toEqual(before);
    const owner = await call<ShopOrderAnswer>('POST', '/api/shop/order', { body, user: cast.owner });
    expect(owner.status).toBe(201);
    expect(owner.body.total).toBe(11800);
    expect((await orderRow(t.db, owner.body.key))?.subscriptionControllerId).toBe(controller.id);
  });

  it('GET shop/order/{key}: a malformed key is refused, an unknown one is 404', async () => {
    const bad = await call('GET', '/api/shop/order/abc');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Invalid order key');
    expect((await call('GET', '/api/shop/order/AAAA-BBBB-CCCC-DDDD')).status).toBe(404);
  });

  it('refuses an empty order; a free one (full discount) is paid at once without any provider', async () => {
    const empty = await call('POST', '/api/shop/order', { body: digitalBody({ nofSubscriptions: 0 }) });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Your order is empty: choose at least one product or subscription');
    expect((await shopCounts(t.db)).orders).toBe(0);

    const yaml = fs
      .readFileSync(DEFAULT_SHOP_CONFIG_FILE, 'utf8')
      .replace(/maxPercent: 50/, 'maxPercent: 100');
    await t.db.execute(sql`INSERT INTO shop_configs (yaml) VALUES (${yaml})`);
    await insertPromo(t.db, { code: 'FREE', percentHundredths: 10000 });
    try {
      const free = await call<ShopOrderAnswer>('POST', '/api/shop/order', {
        body: digitalBody({ paymentMethod: 'card', nofSubscriptions: 2, promoCode: 'FREE' }),
      });
      expect(free.status).toBe(201);
      expect(free.body).toMatchObject({ total: 0, paymentMethod: 'card' });
      expect(free.body.paymentUrl).toBe(
        `${t.config.publicUrl}/subscriptionShop/completion?key=${free.body.key}`,
      );
      const status = await call<ShopOrderStatus>('GET', `/api/shop/order/${free.body.key}`);
      expect(status.body).toMatchObject({ state: 'completed', payment: 'paid' });
      expect(status.body.renewalCodes).toHaveLength(2);
    } finally {
      await t.db.execute(sql`DELETE FROM shop_configs`);
    }
  });

  it('limits orders per client address: the 51st within an hour is refused with 429', async () => {
    await t.db.execute(sql`INSERT INTO rate_limits (kind, key, count, expires_at)
      VALUES ('shopOrder.ip', '127.0.0.1', 50, now() + interval '1 hour')`);
    const res = await call('POST', '/api/shop/order', { body: orderBody() });
    expect(res.status).toBe(429);
    expect((await shopCounts(t.db)).orders).toBe(0);
  });

  it('on the veterinary brand (no shop features) validate and order answer 404 "not available here", storing nothing', async () => {
    const onHost = (url: string, host: string, body: unknown, lang = 'en') =>
      t.app.inject({
        method: 'POST',
        url,
        payload: body as object,
        headers: { host, 'accept-language': lang },
      });
    const before = await shopCounts(t.db);
    for (const [url, body] of [
      ['/api/shop/validate', { controllers: { 'hs-gsm-4': 1 } }],
      ['/api/shop/order', orderBody()],
      ['/api/shop/order', { nonsense: true }], // refused for the brand before the body is read
    ] as const) {
      const en = await onHost(url, 'vet.localhost', body);
      expect([url, en.statusCode, en.json()]).toEqual([
        url,
        404,
        { message: 'The shop is not available here' },
      ]);
      const de = await onHost(url, 'vet.localhost:3000', body, 'de');
      expect([de.statusCode, de.json().message]).toEqual([404, 'Der Shop ist hier nicht verfügbar']);
    }
    expect(await shopCounts(t.db)).toEqual(before);
    expect(
      await t.db.execute(sql`SELECT count(*)::int AS n FROM rate_limits WHERE kind = 'shopOrder.ip'`),
    ).toMatchObject({
      rows: [{ n: 0 }],
    });
    // the beekeeping brand's host keeps its shop
    const bee = await onHost('/api/shop/validate', 'localhost', { controllers: { 'hs-gsm-4': 1 } });
    expect(bee.statusCode).toBe(200);
    const ordered = await onHost('/api/shop/order', 'localhost', orderBody());
    expect(ordered.statusCode).toBe(201);
  });
});
