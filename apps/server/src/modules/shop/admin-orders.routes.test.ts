import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ShopMailPreview, ShopOrderAnswer, ShopOrderDetail, ShopOrderPage } from '@hivescope/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import { clearAttempts } from '../../../test/auth';
import { startSmtp, type TestSmtp } from '../../../test/smtp';
import { createCast } from '../../../test/users';
import { renewalCodes, shopOrders } from '../../db/schema';
import {
  address,
  digitalBody,
  orderBody,
  orderRow,
  shopCall,
  shopCounts,
  followAddressLink,
  isAddressMail,
} from './shop.fixtures';

/** The order administration (docs/shop.md "Order administration"): roles, edits, the seven actions, audit. */
describe('shop order administration: GET/POST shop/orders[/{id}[/action]]', () => {
  let t: TestApp;
  let smtp: TestSmtp;
  let call: ReturnType<typeof shopCall>;
  let cast: Awaited<ReturnType<typeof createCast>>;

  const place = async (body = orderBody()) => {
    const res = await call<ShopOrderAnswer>('POST', '/api/shop/order', { body });
    expect(res.status).toBe(201);
    // the customer confirms the address by its link, so the confirmation goes out as for a real customer
    expect(await followAddressLink(t, res.body.key)).toBe(303);
    const row = await orderRow(t.db, res.body.key);
    if (!row) throw new Error('order not stored');
    return row;
  };
  const detail = async (id: number) =>
    (await call<ShopOrderDetail>('GET', `/api/shop/orders/${id}`, { user: cast.admin })).body;
  const mailsTo = (to: string, subject: string) =>
    smtp.messages.filter((m) => m.to.includes(to) && m.subject.includes(subject) && !isAddressMail(m));

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp({ SMTP_URL: smtp.url });
    call = shopCall(t.app);
    cast = await createCast(t.db);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });
  beforeEach(async () => {
    await t.db.execute(sql`DELETE FROM shop_orders`);
    await t.db.execute(sql`DELETE FROM shop_configs`);
    await clearAttempts(t.db);
  });

  it('only admins reach the list, an order and its actions: 401 anonymous, 403 owner, manager and others', async () => {
    const order = await place();
    const urls: ['GET' | 'POST', string][] = [
      ['GET', '/api/shop/orders'],
      ['GET', `/api/shop/orders/${order.id}`],
      ['POST', `/api/shop/orders/${order.id}`],
      ...['resendConfirmation', 'activatePrepay', 'sendOffer', 'clear', 'requestAdvance'].map(
        (a) => ['POST', `/api/shop/orders/${order.id}/${a}`] as ['POST', string],
      ),
      ['POST', `/api/shop/orders/${order.id}/sendTemplate`],
      ['POST', `/api/shop/orders/${order.id}/releaseOrder?commissionerIndex=0`],
    ];
    const before = await shopCounts(t.db);
    for (const [method, url] of urls) {
      const body = method === 'POST' ? { sendTemplate: 'Hallo' } : undefined;
      expect((await call(method, url, { body })).status, url).toBe(401);
      for (const user of [cast.owner, cast.manager, cast.other])
        expect((await call(method, url, { body, user })).status, url).toBe(403);
    }
    expect(await shopCounts(t.db)).toEqual(before);
    expect(await orderRow(t.db, order.key)).toEqual(order);
  });

  it('lists a page filtered by state, searched by key, email and name, sorted by total, with a cursor', async () => {
    const a = await place();
    const b = await place(
      orderBody({ address: { ...address, email: 'zweite@example.org', lastname: 'Wabe' } }),
    );
    const c = await place(digitalBody({ nofSubscriptions: 3 }));
    await t.db.update(shopOrders).set({ state: 'cancelled' }).where(eq(shopOrders.id, c.id));
    const list = (query: string) =>
      call<ShopOrderPage>('GET', `/api/shop/orders?${query}`, { user: cast.admin }).then((r) => r.body);

    expect((await list('state=open')).items.map((o) => o.id).sort()).toEqual([a.id, b.id].sort());
    expect((await list('state=cancelled')).items.map((o) => o.id)).toEqual([c.id]);
    expect((await list('q=zweite')).items.map((o) => o.id)).toEqual([b.id]);
    expect((await list('q=wabe')).items.map((o) => o.id)).toEqual([b.id]);
    expect((await list(`q=${a.key.slice(0, 9)}`)).items.map((o) => o.id)).toEqual([a.id]);
    const first = await list('sort=total&order=desc&limit=2');
    expect(first.items.map((o) => o.total)).toEqual([47900, 47900]);
    // equal totals: the larger id first (ties follow the id in the same direction)
    expect(first.items[0]).toMatchObject({
      id: b.id,
      email: 'zweite@example.org',
      name: 'Vreni Wabe',
      flags: { confirmationSent: true, offerSent: false },
    });
    const rest = await list(`sort=total&order=desc&limit=2&cursor=${first.nextCursor}`);
    expect(rest).toEqual({
      items: [expect.objectContaining({ id: c.id, total: 3 * 11800 })],
      nextCursor: null,
    });
  });

  it('refuses a bad list query in the request language', async () => {
    for (const query of ['state=paid', 'sort=email', 'limit=0', 'cursor=xyz', 'foo=1']) {
      const res = await call('GET', `/api/shop/orders?${query}`, { user: cast.admin, lang: 'de' });
      expect(res.status, query).toBe(400);
      expect(res.body.message, query).toMatch(/\S/);
    }
    const wrong = await call('GET', '/api/shop/orders?sort=createdAt&cursor=WyJ0b3RhbCIsImFzYyIsIjEiLDFd', {
      user: cast.admin,
    });
    expect(wrong.body.message).toBe('The page position is invalid; please reload the list');
  });

  it('shows one order with its events; an unknown id is 404', async () => {
    const order = await place();
    const d = await detail(order.id);
    expect(d).toMatchObject({ key: order.key, address: { city: 'Bern' }, total: 47900, renewalCodes: [] });
    expect(d.events.map((e) => e.action)).toEqual([
      'ordered',
      'addressMailSent',
      'addressConfirmed',
      'confirmationSent',
    ]);
    expect(d.commissioners).toEqual([{ index: 0, name: 'Lager Bern' }]);
    expect((await call('GET', '/api/shop/orders/999999', { user: cast.admin })).status).toBe(404);
  });

  it('edits the whitelisted fields, audits the change with the admin; bad input changes nothing', async () => {
    const order = await place();
    const res = await call('POST', `/api/shop/orders/${order.id}`, {
      user: cast.admin,
      body: { comment: 'Lieferung nach Absprache', receivedAmount: 47900, controllerShipped: true },
    });
    expect(res).toEqual({ status: 200, body: { message: 'The order has been saved' } });
    const row = await orderRow(t.db, order.key);
    expect(row).toMatchObject({
      comment: 'Lieferung nach Absprache',
      receivedAmount: 47900,
      controllerShipped: true,
    });
    const edited = (await detail(order.id)).events.at(-1);
    expect(edited).toMatchObject({ actor: 'admin', userEmail: cast.admin.email, action: 'edited' });
    expect(edited?.detail).toEqual({
      changes: {
        comment: { from: '', to: 'Lieferung nach Absprache' },
        receivedAmount: { from: 0, to: 47900 },
        controllerShipped: { from: false, to: true },
      },
    });

    const same = await call('POST', `/api/shop/orders/${order.id}`, {
      user: cast.admin,
      body: { address: row?.address, comment: 'Lieferung nach Absprache', state: 'open' },
    });
    expect(same.body.message).toBe('Nothing was changed');

    const before = await shopCounts(t.db);
    for (const body of [
      { receivedAmount: -1 },
      { total: 1 },
      { state: 'lost' },
      { address: { ...address, email: 'nope' } },
      { paymentState: 'paid' },
    ]) {
      const bad = await call('POST', `/api/shop/orders/${order.id}`, { user: cast.admin, body, lang: 'de' });
      expect(bad.status, JSON.stringify(body)).toBe(400);
    }
    const amount = await call('POST', `/api/shop/orders/${order.id}`, {
      user: cast.admin,
      body: { paidAmount: 1.5 },
      lang: 'de',
    });
    expect(amount.body.message).toBe("Geben Sie einen Betrag in Rappen von 0 bis 100'000'000 ein");
    expect(await shopCounts(t.db)).toEqual(before);
    expect(await orderRow(t.db, order.key)).toEqual(row);
  });

  it('activatePrepay pays and fulfils an invoice order exactly once, mails the codes, and refuses card orders', async () => {
    const order = await place(digitalBody({ nofSubscriptions: 2 }));
    const url = `/api/shop/orders/${order.id}/activatePrepay`;
    const [one, two] = await Promise.all([
      call('POST', url, { user: cast.admin }),
      call('POST', url, { user: cast.admin }),
    ]);
    expect([one.body.message, two.body.message].sort()).toEqual([
      'Prepayment activated: the order is paid and delivered',
      'The order is already paid; nothing was changed',
    ]);
    const third = await call('POST', url, { user: cast.admin });
    expect(third.body.message).toBe('The order is already paid; nothing was changed');
    const codes = await t.db.select().from(renewalCodes).where(eq(renewalCodes.orderId, order.id));
    expect(codes).toHaveLength(2);
    const row = await orderRow(t.db, order.key);
    expect(row).toMatchObject({ paymentState: 'paid', state: 'completed', paidAmount: 2 * 11800 });
    const d = await detail(order.id);
    expect(d.events.filter((e) => e.action === 'paid')).toEqual([
      expect.objectContaining({ actor: 'admin', userEmail: cast.admin.email }),
    ]);
    expect(d.events.filter((e) => e.action === 'renewalCodesIssued')).toHaveLength(1);
    const mail = await smtp.waitFor(
      (m) => m.subject.includes(order.key) && m.text.includes(codes[0]?.code ?? '-'),
    );
    expect(mail.to).toEqual(['kundin@example.org']);
    expect(mail.text).toContain(codes[1]?.code);

    await t.db
      .update(shopOrders)
      .set({ paymentMethod: 'card', paymentState: 'pending' })
      .where(eq(shopOrders.id, order.id));
    const card = await call('POST', url, { user: cast.admin, lang: 'fr' });
    expect(card).toEqual({
      status: 400,
      body: { message: 'Seule une commande payée sur facture peut être activée' },
    });
  });

  it('sendOffer, sendTemplate and requestAdvance mail the customer in the order language, set the flags, record the admin', async () => {
    const order = await place(orderBody({ address: { ...address, email: 'offerte@example.org' } }));
    await t.db.update(shopOrders).set({ locale: 'de' }).where(eq(shopOrders.id, order.id));
    const offer = await call('POST', `/api/shop/orders/${order.id}/sendOffer`, {
      user: cast.admin,
      body: { sendTemplate: 'Mit Montage vor Ort.' },
    });
    expect(offer).toEqual({ status: 200, body: { message: 'The offer has been sent' } });
    const offerMail = await smtp.waitFor(
      (m) => m.subject === `Offerte zu Ihrer Hivescope-Bestellung ${order.key}`,
    );
    expect(offerMail.text).toContain('Mit Montage vor Ort.');
    expect(offerMail.text).toMatch(/479\.00/);

    const empty = await call('POST', `/api/shop/orders/${order.id}/sendTemplate`, {
      user: cast.admin,
      body: { sendTemplate: '  ' },
      lang: 'es',
    });
    expect(empty.status).toBe(400);
    const text = await call('POST', `/api/shop/orders/${order.id}/sendTemplate`, {
      user: cast.admin,
      body: { sendTemplate: 'Ihre Waage wird nächste Woche geliefert.' },
    });
    expect(text.status).toBe(200);
    await smtp.waitFor((m) => m.text.includes('Ihre Waage wird nächste Woche geliefert.'));

    const advance = await call('POST', `/api/shop/orders/${order.id}/requestAdvance`, { user: cast.admin });
    expect(advance.status).toBe(200);
    const advanceMail = await smtp.waitFor((m) => m.subject.startsWith('Vorauszahlung'));
    expect(advanceMail.to).toEqual(['offerte@example.org']);

    expect(await orderRow(t.db, order.key)).toMatchObject({ offerSent: true, advanceRequested: true });
    const events = (await detail(order.id)).events.filter((e) => e.actor === 'admin');
    expect(events.map((e) => [e.action, e.userEmail])).toEqual([
      ['offerSent', cast.admin.email],
      ['templateSent', cast.admin.email],
      ['advanceRequested', cast.admin.email],
    ]);
    expect(mailsTo('offerte@example.org', order.key)).toHaveLength(4); // confirmation, offer, text, advance
  });

  it('sendTemplate picks a stored template of the config, filled in the order language; the preview sends and records nothing', async () => {
    const order = await place(orderBody({ address: { ...address, email: 'vorlage@example.org' } }));
    await t.db.update(shopOrders).set({ locale: 'fr' }).where(eq(shopOrders.id, order.id));
    await smtp.waitFor((m) => m.to.includes('vorlage@example.org'));
    const de = await call<ShopOrderDetail>('GET', `/api/shop/orders/${order.id}`, {
      user: cast.admin,
      lang: 'de',
    });
    expect(de.body.templates).toEqual([
      { id: 'shipped', name: 'Versandt' },
      { id: 'payment-reminder', name: 'Zahlungserinnerung' },
    ]);

    const sent = smtp.messages.length;
    const events = (await detail(order.id)).events.length;
    const body = { templateId: 'payment-reminder', sendTemplate: 'Référence interne 42.' };
    const preview = await call<ShopMailPreview>('POST', `/api/shop/orders/${order.id}/sendTemplate/preview`, {
      user: cast.admin,
      body,
    });
    expect(preview.status).toBe(200);
    expect(preview.body.to).toBe('vorlage@example.org');
    expect(preview.body.subject).toBe(`Rappel de paiement pour votre commande ${order.key}`);
    expect(preview.body.text).toContain('Bonjour Vreni Honig,');
    expect(preview.body.text).toMatch(/le paiement de 479\.00\sCHF pour votre commande/);
    expect(preview.body.text).toContain(`commande ${order.key} du `);
    expect(preview.body.text).toContain('Référence interne 42.');
    expect(preview.body.text).not.toMatch(/\{\{/);
    expect(smtp.messages.length).toBe(sent);
    expect((await detail(order.id)).events).toHaveLength(events);

    const res = await call('POST', `/api/shop/orders/${order.id}/sendTemplate`, { user: cast.admin, body });
    expect(res).toEqual({ status: 200, body: { message: 'The message has been sent' } });
    const mail = await smtp.waitFor((m) => m.subject === preview.body.subject);
    expect(mail.to).toEqual(['vorlage@example.org']);
    expect(mail.text).toContain('Référence interne 42.');
    expect((await detail(order.id)).events.at(-1)).toMatchObject({
      action: 'templateSent',
      userEmail: cast.admin.email,
      detail: { to: 'vorlage@example.org', templateId: 'payment-reminder', text: 'Référence interne 42.' },
    });
  });

  it('sendTemplate and its preview refuse an unknown template or an empty choice in the admin language; nothing is sent', async () => {
    const order = await place();
    await smtp.waitFor((m) => m.subject.includes(order.key));
    const before = await shopCounts(t.db);
    const sent = smtp.messages.length;
    for (const url of [
      `/api/shop/orders/${order.id}/sendTemplate`,
      `/api/shop/orders/${order.id}/sendTemplate/preview`,
    ]) {
      const unknown = await call('POST', url, {
        user: cast.admin,
        body: { templateId: 'no-such-template' },
        lang: 'de',
      });
      expect(unknown).toEqual({
        status: 400,
        body: {
          message: 'Wählen Sie eine Vorlage der Shop-Konfiguration',
          fields: { templateId: 'Wählen Sie eine Vorlage der Shop-Konfiguration' },
        },
      });
      const malformed = await call('POST', url, {
        user: cast.admin,
        body: { templateId: 'Nicht gültig' },
        lang: 'de',
      });
      expect([malformed.status, malformed.body.fields?.templateId]).toEqual([
        400,
        'Wählen Sie eine Vorlage der Shop-Konfiguration',
      ]);
      const none = await call('POST', url, { user: cast.admin, body: {}, lang: 'en' });
      expect([none.status, none.body.fields?.sendTemplate]).toEqual([400, 'Field is required']);
      for (const user of [null, cast.owner, cast.other])
        expect((await call('POST', url, { user, body: { templateId: 'shipped' } })).status).toBe(
          user ? 403 : 401,
        );
      const missing = await call('POST', url.replace(`${order.id}`, '999999'), {
        user: cast.admin,
        body: { templateId: 'shipped' },
      });
      expect(missing.status).toBe(404);
    }
    expect(smtp.messages.length).toBe(sent);
    expect(await shopCounts(t.db)).toEqual(before);
  });

  it('resendConfirmation sends the confirmation again; clear sets the flag once', async () => {
    const order = await place(orderBody({ address: { ...address, email: 'wieder@example.org' } }));
    await smtp.waitFor((m) => m.to.includes('wieder@example.org'));
    const res = await call('POST', `/api/shop/orders/${order.id}/resendConfirmation`, { user: cast.admin });
    expect(res.body.message).toBe('The confirmation has been sent again');
    await expect.poll(() => mailsTo('wieder@example.org', order.key).length).toBe(2);

    for (let i = 0; i < 2; i += 1)
      expect((await call('POST', `/api/shop/orders/${order.id}/clear`, { user: cast.admin })).status).toBe(
        200,
      );
    expect((await orderRow(t.db, order.key))?.cleared).toBe(true);
    const actions = (await detail(order.id)).events.map((e) => e.action);
    expect(actions.filter((a) => a === 'cleared')).toHaveLength(1);
    expect(actions).toContain('confirmationResent');
  });

  it('releaseOrder mails commissioner N of the shop config; an index outside the list is refused', async () => {
    const order = await place();
    const res = await call('POST', `/api/shop/orders/${order.id}/releaseOrder?commissionerIndex=0`, {
      user: cast.admin,
      body: { sendTemplate: 'Bitte bis Freitag.' },
    });
    expect(res.body.message).toBe('The order has been released to Lager Bern');
    const mail = await smtp.waitFor((m) => m.to.includes('lager@hivescope.example'));
    expect(mail.subject).toBe(`Please ship order ${order.key}`);
    expect(mail.text).toContain('Bienenweg 3');
    expect(mail.text).toContain('Bitte bis Freitag.');

    const before = await shopCounts(t.db);
    for (const index of ['1', '-1', 'x']) {
      const bad = await call('POST', `/api/shop/orders/${order.id}/releaseOrder?commissionerIndex=${index}`, {
        user: cast.admin,
        lang: 'de',
      });
      expect(bad, index).toEqual({
        status: 400,
        body: expect.objectContaining({
          message: 'Wählen Sie einen Kommissionierer aus der Shop-Konfiguration',
        }),
      });
    }
    expect(await shopCounts(t.db)).toEqual(before);
  });

  it('an unknown order is 404 for every action, and nothing is mailed', async () => {
    const sent = smtp.messages.length;
    for (const a of ['resendConfirmation', 'activatePrepay', 'sendOffer', 'clear', 'requestAdvance']) {
      const res = await call('POST', `/api/shop/orders/999999/${a}`, { user: cast.admin });
      expect(res.status, a).toBe(404);
    }
    expect(smtp.messages.length).toBe(sent);
  });
});
