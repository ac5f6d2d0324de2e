import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RenewalRedeemAnswer, ShopOrderAnswer } from '@hivescope/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import { createCast, type TestUser } from '../../../test/users';
import { controllers, renewalCodes, renewalRedemptions, shopOrderEvents } from '../../db/schema';
import { caller, controllerRow, seedController, seedWatch } from '../controllers/controllers.fixtures';
import { insertController, report } from '../device/device.fixtures';
import { insertRenewalCodes } from './fulfil.repository';
import { newOrderKey } from './order-key';
import { digitalBody, orderRow } from './shop.fixtures';

const DAY = 86_400_000;

describe('POST /api/controller/{id}/renew: renewal code redemption (docs/shop.md "Renewal codes")', () => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let owner: TestUser, other: TestUser, watcher: TestUser, manager: TestUser, admin: TestUser;
  let orderId: number;

  beforeAll(async () => {
    t = await createTestApp();
    call = caller(t.app);
    const { aff, ...cast } = await createCast(t.db);
    ({ owner, other, watcher, manager, admin } = cast);
    await t.db.execute(sql`UPDATE users SET affiliation_id = ${aff} WHERE id = ${owner.id}`);
    // The codes hang on a real order, so the redemption's audit row has an order to belong to.
    const placed = await call<ShopOrderAnswer>('POST', '/api/shop/order', { body: digitalBody() });
    expect(placed.status).toBe(201);
    orderId = (await orderRow(t.db, placed.body.key))!.id;
  });
  afterAll(() => t.close());

  /** A fresh code: `years` years + `bonusDays`, `uses` uses left. */
  async function code(opts: { years?: number; bonusDays?: number; uses?: number } = {}) {
    const c = newOrderKey();
    await insertRenewalCodes(t.db, [
      { code: c, orderId, years: opts.years ?? 2, bonusDays: opts.bonusDays ?? 0 },
    ]);
    await t.db
      .update(renewalCodes)
      .set({ usesRemaining: opts.uses ?? 1 })
      .where(eq(renewalCodes.code, c));
    return c;
  }
  /** The redemption log rows of a code, oldest first. */
  const logOf = async (c: string) => {
    const [row] = await t.db.select().from(renewalCodes).where(eq(renewalCodes.code, c));
    return t.db
      .select()
      .from(renewalRedemptions)
      .where(eq(renewalRedemptions.codeId, row!.id))
      .orderBy(renewalRedemptions.id);
  };
  const usesOf = async (c: string) =>
    (await t.db.select().from(renewalCodes).where(eq(renewalCodes.code, c)))[0]?.usesRemaining;
  const endOf = async (id: number) => (await controllerRow(t.db, id)).subscriptionEnd.getTime();
  const ownController = (
    subscriptionEnd = new Date(Date.now() + 30 * DAY),
    affiliationId: number | null = null,
  ) => seedController(t.db, { ownerId: owner.id, subscriptionEnd, affiliationId });

  it('401 for anonymous callers; nothing changes', async () => {
    const c = await ownController();
    const k = await code();
    const before = await endOf(c.id);
    const res = await call('POST', `/api/controller/${c.id}/renew`, { body: { code: k } });
    expect(res.status).toBe(401);
    expect(await usesOf(k)).toBe(1);
    expect(await endOf(c.id)).toBe(before);
  });

  it('only the owner redeems: watcher, manager and admin 403, another user 404; the code keeps its use', async () => {
    const [affRow] = await t.db
      .execute<{ a: number }>(sql`SELECT affiliation_id AS a FROM users WHERE id = ${manager.id}`)
      .then((r) => r.rows);
    const c = await ownController(undefined, affRow!.a);
    await seedWatch(t.db, watcher.id, c.id);
    const k = await code();
    const before = await endOf(c.id);
    for (const [user, status, message] of [
      [watcher, 403, 'Only the owner of the transmitter can redeem a renewal code'],
      [manager, 403, 'Only the owner of the transmitter can redeem a renewal code'],
      [admin, 403, 'Only the owner of the transmitter can redeem a renewal code'],
      [other, 404, 'The transmitter was not found'],
    ] as const) {
      const res = await call('POST', `/api/controller/${c.id}/renew`, { user, body: { code: k } });
      expect([res.status, res.message]).toEqual([status, message]);
    }
    const missing = await call('POST', '/api/controller/2147483647/renew', {
      user: owner,
      body: { code: k },
    });
    expect(missing.status).toBe(404);
    expect(await usesOf(k)).toBe(1);
    expect(await endOf(c.id)).toBe(before);
  });

  it('refuses malformed codes with "Invalid order key" in the caller\'s language, unknown ones with 404', async () => {
    const c = await ownController();
    const before = await endOf(c.id);
    for (const bad of [
      '',
      'ABC',
      'K7QD4MXZ92HTPWAE',
      'K7QD-4MXZ-92HT-PWA',
      'K7QD-4MXZ-92HT-PWAE-X',
      'K7QD_4MXZ_92HT_PWAE',
      42,
    ]) {
      const res = await call('POST', `/api/controller/${c.id}/renew`, { user: owner, body: { code: bad } });
      expect([bad, res.status, res.message]).toEqual([bad, 400, 'Invalid order key']);
    }
    const de = await call('POST', `/api/controller/${c.id}/renew`, {
      user: owner,
      body: { code: 'x' },
      lang: 'de',
    });
    expect(de.message).toBe('Ungültiger Bestellschlüssel');
    const none = await call('POST', `/api/controller/${c.id}/renew`, { user: owner, body: {} });
    expect(none.status).toBe(400);
    const unknown = await call('POST', `/api/controller/${c.id}/renew`, {
      user: owner,
      body: { code: 'ZZZZ-ZZZZ-ZZZZ-ZZZZ' },
      lang: 'fr',
    });
    expect([unknown.status, unknown.message]).toEqual([404, 'Ce code de renouvellement n’existe pas']);
    expect(await endOf(c.id)).toBe(before);
  });

  it('extends an active subscription from its end by years + bonus days and records who, which and when', async () => {
    const end = new Date(Date.now() + 30 * DAY);
    const c = await ownController(end);
    const k = await code({ years: 1, bonusDays: 15 });
    const res = await call<RenewalRedeemAnswer>('POST', `/api/controller/${c.id}/renew`, {
      user: owner,
      body: { code: ` ${k.toLowerCase()} ` },
    });
    expect(res.status).toBe(200);
    const expected = new Date(end);
    expected.setUTCFullYear(expected.getUTCFullYear() + 1);
    expected.setTime(expected.getTime() + 15 * DAY);
    expect(Math.abs(Date.parse(res.body.subscriptionEnd) - expected.getTime())).toBeLessThan(3600_000 + 1000);
    expect(res.body).toMatchObject({ message: 'The subscription has been extended.', usesRemaining: 0 });
    expect(await endOf(c.id)).toBe(Date.parse(res.body.subscriptionEnd));
    const events = await t.db.select().from(shopOrderEvents).where(eq(shopOrderEvents.orderId, orderId));
    const ev = events.find((e) => (e.detail as { code?: string } | null)?.code === k);
    expect(ev).toMatchObject({ userId: owner.id, actor: 'customer', action: 'renewalCodeRedeemed' });
    expect(ev?.detail).toMatchObject({ controllerId: c.id, endsAt: res.body.subscriptionEnd });
  });

  it('a code serves several controllers until "0 uses remaining" (localised), which changes nothing', async () => {
    const k = await code({ uses: 2 });
    const [a, b, c] = [await ownController(), await ownController(), await ownController()];
    const endC = await endOf(c.id);
    const ra = await call<RenewalRedeemAnswer>('POST', `/api/controller/${a.id}/renew`, {
      user: owner,
      body: { code: k },
    });
    const rb = await call<RenewalRedeemAnswer>('POST', `/api/controller/${b.id}/renew`, {
      user: owner,
      body: { code: k },
    });
    expect([ra.body.usesRemaining, rb.body.usesRemaining]).toEqual([1, 0]);
    for (const [lang, text] of [
      ['en', '0 uses remaining'],
      ['de', '0 Verwendungen übrig'],
    ] as const) {
      const rc = await call('POST', `/api/controller/${c.id}/renew`, {
        user: owner,
        body: { code: k },
        lang,
      });
      expect([rc.status, rc.message]).toEqual([409, text]);
    }
    expect(await endOf(c.id)).toBe(endC);
    expect(await usesOf(k)).toBe(0);
  });

  it('20 parallel redemptions of a one-use code on 20 controllers: exactly one succeeds', async () => {
    const k = await code();
    const cs = await Promise.all(Array.from({ length: 20 }, () => ownController()));
    const before = await Promise.all(cs.map((c) => endOf(c.id)));
    const answers = await Promise.all(
      cs.map((c) => call('POST', `/api/controller/${c.id}/renew`, { user: owner, body: { code: k } })),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    const after = await Promise.all(cs.map((c) => endOf(c.id)));
    expect(after.filter((e, i) => e !== before[i])).toHaveLength(1);
    expect(await usesOf(k)).toBe(0);
    // the log holds exactly the one redemption that happened, for the controller whose end moved
    const moved = cs.find((_c, i) => after[i] !== before[i]);
    expect((await logOf(k)).map((r) => r.controllerId)).toEqual([moved?.id]);
  });

  it('logs each redemption with code, controller, user, time and the end before and after — also for a code without its order', async () => {
    const end = new Date(Date.now() + 10 * DAY);
    const c = await ownController(end);
    const k = await code({ years: 1, uses: 2 });
    // the order is deleted: the code stays (order_id set null) and its redemptions are still logged
    await t.db.update(renewalCodes).set({ orderId: null }).where(eq(renewalCodes.code, k));
    const started = Date.now();
    const res = await call<RenewalRedeemAnswer>('POST', `/api/controller/${c.id}/renew`, {
      user: owner,
      body: { code: k },
    });
    expect(res.status).toBe(200);
    const log = await logOf(k);
    expect(log).toEqual([
      expect.objectContaining({
        controllerId: c.id,
        userId: owner.id,
        endsBefore: end,
        endsAt: new Date(res.body.subscriptionEnd),
      }),
    ]);
    expect(log[0]!.createdAt.getTime()).toBeGreaterThanOrEqual(started - 1000);

    // a refused redemption (here: used up after one more) adds no log row
    const second = await ownController();
    await call('POST', `/api/controller/${second.id}/renew`, { user: owner, body: { code: k } });
    const refused = await call('POST', `/api/controller/${c.id}/renew`, { user: owner, body: { code: k } });
    expect(refused.status).toBe(409);
    expect(await logOf(k)).toHaveLength(2);
  });

  it('an expired controller is refused by the device protocol, and accepted again after the renewal', async () => {
    const dev = await insertController(t.db, { subscriptionEnd: new Date(Date.now() - 10 * DAY) });
    await t.db.update(controllers).set({ ownerId: owner.id }).where(eq(controllers.id, dev.id));
    const post = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/device/v1/report',
        headers: { authorization: `Bearer ${dev.token}` },
        payload: report(dev, { count: 2, channels: [1] }),
      });
    const refused = await post();
    expect(refused.json()).toMatchObject({ accepted: 0, inactive: true });
    const k = await code({ years: 2 });
    const res = await call<RenewalRedeemAnswer>('POST', `/api/controller/${dev.id}/renew`, {
      user: owner,
      body: { code: k },
    });
    expect(res.status).toBe(200);
    // From now (not from the past end): about two years ahead.
    expect(Date.parse(res.body.subscriptionEnd)).toBeGreaterThan(Date.now() + 729 * DAY);
    const accepted = await post();
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ accepted: 2 });
    expect(accepted.json().inactive).toBeUndefined();
  });
});
