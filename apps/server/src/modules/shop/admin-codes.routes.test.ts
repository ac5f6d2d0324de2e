import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type {
  PromoCodeDetail,
  PromoCodePage,
  RenewalCodeDetail,
  RenewalCodePage,
  RenewalRedeemAnswer,
  ShopCodeCreated,
  ShopOrderAnswer,
} from '@hivescope/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import { clearAttempts } from '../../../test/auth';
import { createCast } from '../../../test/users';
import type { Db } from '../../db/client';
import { promoCodes, renewalCodes, renewalRedemptions, shopCodeEvents } from '../../db/schema';
import { seedController } from '../controllers/controllers.fixtures';
import { digitalBody, orderRow, shopCall } from './shop.fixtures';

const DAY = 86_400_000;
const inDays = (n: number) => new Date(Date.now() + n * DAY).toISOString();

/** Rows of every table the codes administration writes: a refused call must leave all of them as they were. */
async function codeTables(db: Db) {
  const n = async (table: typeof promoCodes | typeof renewalCodes | typeof shopCodeEvents) =>
    (await db.select({ n: count() }).from(table))[0]?.n ?? 0;
  return {
    promo: await db.select().from(promoCodes).orderBy(promoCodes.id),
    renewal: await db.select().from(renewalCodes).orderBy(renewalCodes.id),
    events: await n(shopCodeEvents),
    promoCount: await n(promoCodes),
  };
}

/** The codes administration (docs/shop.md "Codes"): roles, create, list, edit, deactivate, audit, bad input. */
describe('shop codes administration: GET/POST shop/promoCodes and shop/renewalCodes', () => {
  let t: TestApp;
  let call: ReturnType<typeof shopCall>;
  let cast: Awaited<ReturnType<typeof createCast>>;

  beforeAll(async () => {
    t = await createTestApp();
    call = shopCall(t.app);
    cast = await createCast(t.db);
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.db.execute(sql`DELETE FROM shop_orders`);
    await t.db.execute(sql`DELETE FROM promo_codes`);
    await t.db.execute(sql`DELETE FROM renewal_codes`);
    await clearAttempts(t.db);
  });

  const admin = () => cast.admin;
  const createPromo = async (body: Record<string, unknown>) => {
    const res = await call<ShopCodeCreated>('POST', '/api/shop/promoCodes', { user: admin(), body });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body;
  };
  const createRenewal = async (body: Record<string, unknown>) => {
    const res = await call<ShopCodeCreated>('POST', '/api/shop/renewalCodes', { user: admin(), body });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body;
  };
  const validate = (promoCode: string) =>
    call('POST', '/api/shop/validate', { body: { controllers: { 'hs-gsm-4': 1 }, promoCode } });

  it('only admins reach the codes: 401 anonymous, 403 owner, manager and other users; nothing changes', async () => {
    const promo = await createPromo({ code: 'ROLES10', percent: 10 });
    const renewal = await createRenewal({ years: 1, uses: 1 });
    const before = await codeTables(t.db);
    const urls: ['GET' | 'POST', string, unknown][] = [
      ['GET', '/api/shop/promoCodes', undefined],
      ['POST', '/api/shop/promoCodes', { code: 'NEWONE', percent: 5 }],
      ['GET', `/api/shop/promoCodes/${promo.id}`, undefined],
      ['POST', `/api/shop/promoCodes/${promo.id}`, { maxUses: 3 }],
      ['POST', `/api/shop/promoCodes/${promo.id}/deactivate`, {}],
      ['GET', '/api/shop/renewalCodes', undefined],
      ['POST', '/api/shop/renewalCodes', { years: 2, uses: 1 }],
      ['GET', `/api/shop/renewalCodes/${renewal.id}`, undefined],
      ['POST', `/api/shop/renewalCodes/${renewal.id}`, { usesRemaining: 5 }],
      ['POST', `/api/shop/renewalCodes/${renewal.id}/deactivate`, {}],
    ];
    for (const [method, url, body] of urls) {
      expect((await call(method, url, { body })).status, url).toBe(401);
      for (const user of [cast.owner, cast.manager, cast.other])
        expect((await call(method, url, { body, user })).status, url).toBe(403);
    }
    expect(await codeTables(t.db)).toEqual(before);
  });

  it('creates a promo code that customers can use at once, audited with the admin and the time', async () => {
    const created = await createPromo({
      code: ' spring-25 ',
      percent: 12.5,
      maxUses: 2,
      validUntil: inDays(30),
    });
    expect(created).toMatchObject({ code: 'SPRING-25', message: 'Promo code SPRING-25 has been created' });
    const priced = await validate('spring-25');
    expect(priced.status).toBe(200);
    expect(priced.body).toMatchObject({ discount: Math.round((34900 + 11800) * 0.125) });

    const detail = (
      await call<PromoCodeDetail>('GET', `/api/shop/promoCodes/${created.id}`, { user: admin() })
    ).body;
    expect(detail).toMatchObject({ percent: 12.5, amount: null, maxUses: 2, uses: 0, status: 'active' });
    expect(detail.events).toEqual([
      expect.objectContaining({ action: 'created', userEmail: cast.admin.email }),
    ]);
    expect(Date.now() - Date.parse(detail.events[0]!.createdAt)).toBeLessThan(60_000);

    const amount = await createPromo({ code: 'FIXED20', amount: 2000, validFrom: inDays(2) });
    const scheduled = await call<PromoCodeDetail>('GET', `/api/shop/promoCodes/${amount.id}`, {
      user: admin(),
    });
    expect(scheduled.body).toMatchObject({ amount: 2000, percent: null, status: 'scheduled' });
    expect((await validate('FIXED20')).status).toBe(400); // not valid yet
  });

  it('lists promo codes as keyset pages, searched by code and sorted by code or date', async () => {
    for (const code of ['ALPHA', 'BRAVO', 'CHARLIE', 'DELTA-X']) await createPromo({ code, amount: 100 });
    const list = async (query: string) =>
      (await call<PromoCodePage>('GET', `/api/shop/promoCodes?${query}`, { user: admin() })).body;
    const first = await list('sort=code&order=desc&limit=3');
    expect(first.items.map((c) => c.code)).toEqual(['DELTA-X', 'CHARLIE', 'BRAVO']);
    const rest = await list(`sort=code&order=desc&limit=3&cursor=${first.nextCursor}`);
    expect(rest).toEqual({ items: [expect.objectContaining({ code: 'ALPHA' })], nextCursor: null });
    expect((await list('q=arl')).items.map((c) => c.code)).toEqual(['CHARLIE']);
    expect((await list('sort=createdAt')).items.map((c) => c.code)).toEqual([
      'ALPHA',
      'BRAVO',
      'CHARLIE',
      'DELTA-X',
    ]);
    const wrong = await call('GET', `/api/shop/promoCodes?sort=createdAt&cursor=${first.nextCursor}`, {
      user: admin(),
    });
    expect([wrong.status, wrong.body.message]).toEqual([
      400,
      'The page position is invalid; please reload the list',
    ]);
  });

  it('refuses bad promo codes with a localised message on the field and stores nothing', async () => {
    await createPromo({ code: 'TAKEN', percent: 5 });
    const before = await codeTables(t.db);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ code: 'AB', percent: 5 }, 'code', 'Verwenden Sie 3 bis 32 Buchstaben, Ziffern und Bindestriche'],
      [
        { code: 'MIT LEER', percent: 5 },
        'code',
        'Verwenden Sie 3 bis 32 Buchstaben, Ziffern und Bindestriche',
      ],
      [
        { code: 'BOTH', percent: 5, amount: 100 },
        'percent',
        'Geben Sie entweder einen Prozentsatz oder einen Betrag an',
      ],
      [{ code: 'NONE' }, 'percent', 'Geben Sie entweder einen Prozentsatz oder einen Betrag an'],
      [
        { code: 'PCT', percent: 12.345 },
        'percent',
        'Geben Sie einen Prozentsatz von 0,01 bis 100 mit höchstens zwei Dezimalstellen ein',
      ],
      [
        { code: 'PCT', percent: 101 },
        'percent',
        'Geben Sie einen Prozentsatz von 0,01 bis 100 mit höchstens zwei Dezimalstellen ein',
      ],
      [{ code: 'AMT', amount: 0 }, 'amount', "Geben Sie einen Betrag von CHF 0.01 bis CHF 1'000'000 ein"],
      [{ code: 'AMT', amount: 1.5 }, 'amount', "Geben Sie einen Betrag von CHF 0.01 bis CHF 1'000'000 ein"],
      [
        { code: 'DATES', percent: 5, validFrom: inDays(5), validUntil: inDays(4) },
        'validUntil',
        'Der letzte Tag muss nach dem ersten Tag liegen',
      ],
      [
        { code: 'PAST', percent: 5, validUntil: inDays(-1) },
        'validUntil',
        'Der letzte Tag muss in der Zukunft liegen; um einen Code jetzt zu beenden, deaktivieren Sie ihn',
      ],
      [{ code: 'DATE', percent: 5, validFrom: 'morgen' }, 'validFrom', 'Ungültiges Datum'],
      [
        { code: 'USES', percent: 5, maxUses: 0 },
        'maxUses',
        "Geben Sie eine ganze Zahl von Verwendungen bis 1'000'000 ein",
      ],
      [{ code: 'taken', percent: 7 }, 'code', 'Diesen Code gibt es bereits'],
      [{ code: 'EXTRA', percent: 5, uses: 3 }, 'uses', 'Unbekanntes Feld'],
    ];
    for (const [body, field, message] of cases) {
      const res = await call('POST', '/api/shop/promoCodes', { user: admin(), body, lang: 'de' });
      const status = message === 'Diesen Code gibt es bereits' ? 409 : 400;
      expect([res.status, res.body.fields?.[field]], JSON.stringify(body)).toEqual([status, message]);
    }
    const duplicate = await call('POST', '/api/shop/promoCodes', {
      user: admin(),
      body: { code: 'TAKEN', amount: 100 },
      lang: 'fr',
    });
    expect([duplicate.status, duplicate.body.message]).toEqual([409, 'Ce code existe déjà']);
    expect(await codeTables(t.db)).toEqual(before);
  });

  it('edits validity and maximum uses (audited with from → to), refuses a maximum below the uses taken', async () => {
    const { id } = await createPromo({ code: 'EDITME', percent: 10 });
    await t.db.update(promoCodes).set({ uses: 3 }).where(eq(promoCodes.id, id));
    const until = inDays(10);
    const res = await call('POST', `/api/shop/promoCodes/${id}`, {
      user: admin(),
      body: { validUntil: until, maxUses: 5 },
    });
    expect(res).toEqual({ status: 200, body: { message: 'The code has been saved' } });
    const d = (await call<PromoCodeDetail>('GET', `/api/shop/promoCodes/${id}`, { user: admin() })).body;
    expect(d).toMatchObject({ validUntil: until, maxUses: 5, uses: 3 });
    expect(d.events.at(-1)).toMatchObject({
      action: 'edited',
      userEmail: cast.admin.email,
      detail: { changes: { validUntil: { from: null, to: until }, maxUses: { from: null, to: 5 } } },
    });
    const same = await call('POST', `/api/shop/promoCodes/${id}`, { user: admin(), body: { maxUses: 5 } });
    expect(same.body.message).toBe('Nothing was changed');

    const before = await codeTables(t.db);
    const low = await call('POST', `/api/shop/promoCodes/${id}`, {
      user: admin(),
      body: { maxUses: 2 },
      lang: 'es',
    });
    expect(low).toEqual({
      status: 400,
      body: {
        message: 'El código ya se ha usado 3 veces; el máximo no puede ser menor',
        fields: { maxUses: 'El código ya se ha usado 3 veces; el máximo no puede ser menor' },
      },
    });
    const inverted = await call('POST', `/api/shop/promoCodes/${id}`, {
      user: admin(),
      body: { validFrom: inDays(20) },
    });
    expect([inverted.status, inverted.body.fields?.validUntil]).toEqual([
      400,
      'The last day must come after the first day',
    ]);
    for (const body of [{ percent: 50 }, { uses: 0 }, { maxUses: -1 }]) {
      const bad = await call('POST', `/api/shop/promoCodes/${id}`, { user: admin(), body });
      expect(bad.status, JSON.stringify(body)).toBe(400);
    }
    expect(
      (await call('POST', '/api/shop/promoCodes/999999', { user: admin(), body: { maxUses: 1 } })).status,
    ).toBe(404);
    expect(await codeTables(t.db)).toEqual(before);
  });

  it('deactivates a promo code for good: customers are refused, a second call and an edit change nothing', async () => {
    const { id } = await createPromo({ code: 'STOPME', percent: 10 });
    expect((await validate('STOPME')).status).toBe(200);
    const res = await call('POST', `/api/shop/promoCodes/${id}/deactivate`, { user: admin(), lang: 'de' });
    expect(res).toEqual({ status: 200, body: { message: 'Der Code wurde deaktiviert' } });
    const refused = await validate('STOPME');
    expect([refused.status, refused.body.fields?.promoCode]).toEqual([
      400,
      'The code is invalid for the promotion',
    ]);
    const ordered = await call('POST', '/api/shop/order', { body: digitalBody({ promoCode: 'STOPME' }) });
    expect(ordered.status).toBe(400);

    const before = await codeTables(t.db);
    const again = await call('POST', `/api/shop/promoCodes/${id}/deactivate`, { user: admin() });
    expect(again.body.message).toBe('The code was already deactivated; nothing was changed');
    const edit = await call('POST', `/api/shop/promoCodes/${id}`, { user: admin(), body: { maxUses: 9 } });
    expect([edit.status, edit.body.message]).toEqual([
      409,
      'The code is deactivated and can no longer be changed',
    ]);
    expect(await codeTables(t.db)).toEqual(before);
    const d = (await call<PromoCodeDetail>('GET', `/api/shop/promoCodes/${id}`, { user: admin() })).body;
    expect(d.status).toBe('deactivated');
    expect(d.events.map((e) => [e.action, e.userEmail])).toEqual([
      ['created', cast.admin.email],
      ['deactivated', cast.admin.email],
    ]);
  });

  it('creates a standalone renewal code that an owner redeems; the redemption shows with the code', async () => {
    const created = await createRenewal({ years: 1, bonusDays: 10, uses: 2, validUntil: inDays(60) });
    expect(created.code).toMatch(/^[A-Z0-9]{4}(-[A-Z0-9]{4}){3}$/);
    expect(created.message).toBe(`Renewal code ${created.code} has been created`);
    const [row] = await t.db.select().from(renewalCodes).where(eq(renewalCodes.id, created.id));
    expect(row).toMatchObject({ orderId: null, years: 1, bonusDays: 10, usesRemaining: 2 });

    const end = new Date(Date.now() + 5 * DAY);
    const controller = await seedController(t.db, { ownerId: cast.owner.id, subscriptionEnd: end });
    const redeemed = await call<RenewalRedeemAnswer>('POST', `/api/controller/${controller.id}/renew`, {
      user: cast.owner,
      body: { code: created.code },
    });
    expect(redeemed.status).toBe(200);

    const d = (
      await call<RenewalCodeDetail>('GET', `/api/shop/renewalCodes/${created.id}`, { user: admin() })
    ).body;
    expect(d).toMatchObject({ orderKey: null, usesRemaining: 1, redemptions: 1, status: 'active' });
    expect(d.redemptionLog).toEqual([
      expect.objectContaining({
        controllerId: controller.id,
        userEmail: cast.owner.email,
        endsBefore: end.toISOString(),
        endsAt: redeemed.body.subscriptionEnd,
      }),
    ]);
    expect(d.events).toEqual([expect.objectContaining({ action: 'created', userEmail: cast.admin.email })]);
  });

  it('lists bought and standalone renewal codes, searched by code or order key', async () => {
    const placed = await call<ShopOrderAnswer>('POST', '/api/shop/order', {
      body: digitalBody({ nofSubscriptions: 2 }),
    });
    const order = (await orderRow(t.db, placed.body.key))!;
    await call('POST', `/api/shop/orders/${order.id}/activatePrepay`, { user: admin() });
    const standalone = await createRenewal({ years: 3, uses: 5 });
    const list = async (query: string) =>
      (await call<RenewalCodePage>('GET', `/api/shop/renewalCodes?${query}`, { user: admin() })).body;
    const all = await list('limit=2');
    expect(all.items).toHaveLength(2);
    const rest = await list(`limit=2&cursor=${all.nextCursor}`);
    expect(rest.nextCursor).toBeNull();
    const items = [...all.items, ...rest.items];
    expect(items.map((c) => c.orderKey)).toEqual([order.key, order.key, null]);
    expect(items[2]).toMatchObject({ code: standalone.code, years: 3, usesRemaining: 5, redemptions: 0 });
    expect((await list(`q=${order.key}`)).items).toHaveLength(2);
    expect((await list(`q=${standalone.code}`)).items.map((c) => c.id)).toEqual([standalone.id]);
  });

  it('edits uses and validity, deactivates, and the redemption is refused once deactivated or expired', async () => {
    const { id, code } = await createRenewal({ years: 2, uses: 1 });
    const c = await seedController(t.db, { ownerId: cast.owner.id });
    const res = await call('POST', `/api/shop/renewalCodes/${id}`, {
      user: admin(),
      body: { usesRemaining: 4, validUntil: inDays(3) },
    });
    expect(res.body.message).toBe('The code has been saved');
    const edited = (await call<RenewalCodeDetail>('GET', `/api/shop/renewalCodes/${id}`, { user: admin() }))
      .body;
    expect(edited.events.at(-1)).toMatchObject({
      action: 'edited',
      userEmail: cast.admin.email,
      detail: { changes: { usesRemaining: { from: 1, to: 4 } } },
    });

    // a code past its last day is refused without taking a use or moving the end
    await t.db
      .update(renewalCodes)
      .set({ validUntil: new Date(Date.now() - 1000) })
      .where(eq(renewalCodes.id, id));
    const expired = await call('POST', `/api/controller/${c.id}/renew`, {
      user: cast.owner,
      body: { code },
      lang: 'de',
    });
    expect([expired.status, expired.body.message]).toEqual([
      409,
      'Dieser Erneuerungscode ist nicht mehr gültig',
    ]);
    await t.db.update(renewalCodes).set({ validUntil: null }).where(eq(renewalCodes.id, id));

    const off = await call('POST', `/api/shop/renewalCodes/${id}/deactivate`, { user: admin() });
    expect(off.body.message).toBe('The code has been deactivated');
    const refused = await call('POST', `/api/controller/${c.id}/renew`, { user: cast.owner, body: { code } });
    expect([refused.status, refused.body.fields?.code]).toEqual([
      409,
      'This renewal code is no longer valid',
    ]);
    const [row] = await t.db.select().from(renewalCodes).where(eq(renewalCodes.id, id));
    expect(row?.usesRemaining).toBe(4);
    expect(await t.db.select().from(renewalRedemptions).where(eq(renewalRedemptions.codeId, id))).toEqual([]);
  });

  it('refuses bad renewal codes and edits with a localised message and stores nothing', async () => {
    const { id } = await createRenewal({ years: 2, uses: 1 });
    const before = await codeTables(t.db);
    const cases: [string, Record<string, unknown>, string, string][] = [
      ['/api/shop/renewalCodes', { years: 0, uses: 1 }, 'years', 'Saisissez 1 à 10 ans'],
      ['/api/shop/renewalCodes', { years: 11, uses: 1 }, 'years', 'Saisissez 1 à 10 ans'],
      ['/api/shop/renewalCodes', { years: 1.5, uses: 1 }, 'years', 'Saisissez 1 à 10 ans'],
      [
        '/api/shop/renewalCodes',
        { years: 1, uses: 0 },
        'uses',
        'Saisissez un nombre entier d’utilisations jusqu’à 1 000 000',
      ],
      [
        '/api/shop/renewalCodes',
        { years: 1, uses: 1, bonusDays: -1 },
        'bonusDays',
        'Saisissez 0 à 3 650 jours de bonus',
      ],
      [
        '/api/shop/renewalCodes',
        { years: 1, uses: 1, validUntil: inDays(-2) },
        'validUntil',
        'Le dernier jour doit être dans le futur ; pour arrêter un code maintenant, désactivez-le',
      ],
      [
        `/api/shop/renewalCodes/${id}`,
        { usesRemaining: -1 },
        'usesRemaining',
        'Saisissez un nombre entier d’utilisations jusqu’à 1 000 000',
      ],
      [`/api/shop/renewalCodes/${id}`, { years: 5 }, 'years', 'Champ inconnu'],
    ];
    for (const [url, body, field, message] of cases) {
      const res = await call('POST', url, { user: admin(), body, lang: 'fr' });
      expect([res.status, res.body.fields?.[field]], JSON.stringify(body)).toEqual([400, message]);
    }
    expect(
      (await call('GET', '/api/shop/renewalCodes/999999', { user: admin(), lang: 'de' })).body.message,
    ).toBe('Der Code wurde nicht gefunden');
    expect(await codeTables(t.db)).toEqual(before);
  });
});
