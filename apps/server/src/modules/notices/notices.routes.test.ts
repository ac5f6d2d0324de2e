import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  NOTICE_SMS_MAX_CHARS,
  noticePageSchema,
  noticeReachSchema,
  noticeRegionListSchema,
  noticeSentSchema,
  type NoticeCreateInput,
} from '@hivescope/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import { startSms, type TestSms } from '../../../test/sms';
import { createAffiliation, createUser, type TestUser } from '../../../test/users';
import { rateLimits } from '../../db/schema';
import { seedController } from '../controllers/controllers.fixtures';
import { BERN, ZURICH } from '../regions/regions.fixtures';
import { LIMITS } from '../session/rate-limit';
import { deactivate, HOSTS, seedChannel, seedRegion } from './notices.fixtures';

/**
 * The notices calls (docs/notices.md): who may send and read (anonymous 401, ordinary user 403, a manager
 * only for their own affiliation and only on the veterinary brand, admins for any), bad input (localised,
 * nothing stored), who counts as reached, and the history. The delivery itself: notices.send.test.ts.
 */
describe('affiliate notices', () => {
  let t: TestApp;
  let sms: TestSms;
  let aff: number;
  let otherAff: number;
  let manager: TestUser;
  let otherManager: TestUser;
  let admin: TestUser;
  let plain: TestUser;
  let bern: number;
  let zurich: number;
  let managersOwn: number;
  let strangersOwn: number;
  /** Bern: one reachable by mail and SMS, one without channels, one with a pending channel, one inactive. */
  let reachable: TestUser;

  type Opts = { user?: TestUser; body?: unknown; host?: string; lang?: string; query?: string };
  const call = async <T = unknown>(method: 'GET' | 'POST', path: string, o: Opts = {}) => {
    const res = await t.app.inject({
      method,
      url: `/api/admin/affiliateNotification${path}${o.query ? `?${o.query}` : ''}`,
      headers: {
        host: o.host ?? HOSTS.veterinary,
        'accept-language': o.lang ?? 'en',
        ...(o.user ? { cookie: o.user.cookie } : {}),
        ...(o.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(o.body === undefined ? {} : { payload: JSON.stringify(o.body) }),
    });
    const body = res.json() as T & { message?: string };
    return { status: res.statusCode, body, message: body.message };
  };
  const send = (user: TestUser | undefined, body: NoticeCreateInput | object, o: Opts = {}) =>
    call('POST', '', { ...(user ? { user } : {}), body, ...o });
  const counts = async () => {
    const res = await t.db.execute<{ notices: number; deliveries: number }>(sql`
      SELECT (SELECT count(*)::int FROM affiliate_notices) AS notices,
        (SELECT count(*)::int FROM affiliate_notice_deliveries) AS deliveries`);
    return res.rows[0];
  };
  const good = (): NoticeCreateInput => ({
    regionIds: [bern],
    channelTypes: ['email'],
    message: 'Varroa treatment due by 31 August.',
  });

  beforeAll(async () => {
    sms = await startSms();
    t = await createTestApp({
      SMTP_URL: 'smtp://127.0.0.1:9',
      PUBLIC_URL: 'https://hive.example.org',
      ...sms.env,
    });
    aff = await createAffiliation(t.db, 'Bieneninspektorat Bern');
    otherAff = await createAffiliation(t.db, 'Bieneninspektorat Zürich');
    manager = await createUser(t.db, { role: 2, affiliationId: aff });
    otherManager = await createUser(t.db, { role: 1, affiliationId: otherAff });
    admin = await createUser(t.db, { admin: true });
    plain = await createUser(t.db, { affiliationId: aff });
    bern = await seedRegion(t.db, 'Bern', [7.3, 46.9, 7.6, 47.0]);
    zurich = await seedRegion(t.db, 'Zürich', [8.4, 47.3, 8.7, 47.5]);
    managersOwn = await seedRegion(t.db, 'Inspection district', [7.4, 46.9, 7.5, 47.0], manager.id);
    strangersOwn = await seedRegion(t.db, 'Private', [7.3, 46.9, 7.6, 47.0], plain.id);

    reachable = await createUser(t.db);
    await seedController(t.db, { ownerId: reachable.id, location: BERN });
    await seedController(t.db, { ownerId: reachable.id, location: BERN }); // two controllers, one person
    await seedChannel(t.db, reachable.id, 'email');
    await seedChannel(t.db, reachable.id, 'sms');
    const silent = await createUser(t.db);
    await seedController(t.db, { ownerId: silent.id, location: BERN });
    const pending = await createUser(t.db);
    await seedController(t.db, { ownerId: pending.id, location: BERN });
    await seedChannel(t.db, pending.id, 'email', 'pending');
    const inactive = await createUser(t.db);
    await seedController(t.db, { ownerId: inactive.id, location: BERN });
    await seedChannel(t.db, inactive.id, 'email');
    await deactivate(t.db, inactive.id);
    const zurichUser = await createUser(t.db);
    await seedController(t.db, { ownerId: zurichUser.id, location: ZURICH });
    await seedChannel(t.db, zurichUser.id, 'email');
  });
  afterAll(async () => {
    await t.close();
    await sms.close();
  });
  beforeEach(async () => {
    await t.db.delete(rateLimits);
  });

  it('401 for anonymous callers on every call; nothing stored', async () => {
    const before = await counts();
    expect((await send(undefined, good())).status).toBe(401);
    expect((await call('GET', '')).status).toBe(401);
    expect((await call('GET', '/regions')).status).toBe(401);
    expect((await call('GET', '/recipients', { query: `regionIds=${bern}&channelTypes=email` })).status).toBe(
      401,
    );
    expect(await counts()).toEqual(before);
  });

  it('403 for an ordinary user, also of the affiliation and on the veterinary brand; nothing stored', async () => {
    const before = await counts();
    const res = await send(plain, good());
    expect([res.status, res.message]).toEqual([403, 'You are not allowed to do this']);
    expect((await call('GET', '', { user: plain })).status).toBe(403);
    expect((await call('GET', '/regions', { user: plain })).status).toBe(403);
    expect(await counts()).toEqual(before);
  });

  it('a manager on the beekeeping brand is refused with a localised message; nothing stored', async () => {
    const before = await counts();
    const en = await send(manager, good(), { host: HOSTS.beekeeping });
    expect([en.status, en.message]).toEqual([
      403,
      'Notices are sent from the veterinary brand only (open it at its own address)',
    ]);
    const de = await send(manager, good(), { host: HOSTS.beekeeping, lang: 'de' });
    expect(de.message).toMatch(/Veterinär-Marke/);
    expect((await call('GET', '/regions', { user: manager, host: HOSTS.beekeeping })).status).toBe(403);
    expect(await counts()).toEqual(before);
  });

  it('offers the global regions and the sender’s own, never another user’s', async () => {
    const res = await call('GET', '/regions', { user: manager });
    expect(res.status).toBe(200);
    const ids = noticeRegionListSchema.parse(res.body).map((r) => r.id);
    expect(ids).toEqual(expect.arrayContaining([bern, zurich, managersOwn]));
    expect(ids).not.toContain(strangersOwn);
  });

  it('counts who a notice would reach: active owners in the regions, reached on confirmed channels', async () => {
    const res = await call('GET', '/recipients', {
      user: manager,
      query: `regionIds=${bern}&channelTypes=email,sms`,
    });
    expect(res.status).toBe(200);
    // reachable (2 channels), silent and pending unreachable; inactive and the Zürich owner not counted
    expect(noticeReachSchema.parse(res.body)).toEqual({
      recipients: 3,
      reached: 1,
      unreachable: 2,
      deliveries: 2,
    });
    const mailOnly = await call('GET', '/recipients', {
      user: manager,
      query: `regionIds=${bern},${zurich}&channelTypes=email`,
    });
    expect(mailOnly.body).toEqual({ recipients: 4, reached: 2, unreachable: 2, deliveries: 2 });
  });

  it('a manager sends for their own affiliation on the veterinary brand: stored with one delivery per channel', async () => {
    const before = await counts();
    const res = await send(manager, { ...good(), channelTypes: ['email', 'sms'] });
    expect(res.status).toBe(200);
    const sent = noticeSentSchema.parse(res.body);
    expect(sent).toMatchObject({ recipients: 3, reached: 1, unreachable: 2, deliveries: 2 });
    expect(sent.message).toBe('The notice goes out to 1 of 3 beekeepers (2 without a matching channel).');
    expect(await counts()).toEqual({ notices: before!.notices + 1, deliveries: before!.deliveries + 2 });
    const row = await t.db.execute<{ affiliation_id: number; sender_id: number; region_ids: number[] }>(
      sql`SELECT affiliation_id, sender_id, region_ids FROM affiliate_notices WHERE id = ${sent.id}`,
    );
    expect(row.rows[0]).toEqual({ affiliation_id: aff, sender_id: manager.id, region_ids: [bern] });
  });

  it('a manager may address their own region', async () => {
    const res = await send(manager, { ...good(), regionIds: [managersOwn] });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ reached: 1 });
  });

  it('a manager cannot send for another affiliation or read its history; nothing stored', async () => {
    const before = await counts();
    const res = await send(manager, { ...good(), affiliationId: otherAff });
    expect([res.status, res.message]).toEqual([403, 'You are not allowed to do this']);
    expect((await call('GET', '', { user: manager, query: `affiliationId=${otherAff}` })).status).toBe(403);
    expect(await counts()).toEqual(before);
  });

  it('an admin sends for any affiliation, on either brand; an unknown affiliation is 404', async () => {
    const res = await send(admin, { ...good(), affiliationId: otherAff }, { host: HOSTS.beekeeping });
    expect(res.status).toBe(200);
    const id = noticeSentSchema.parse(res.body).id;
    const row = await t.db.execute<{ affiliation_id: number }>(
      sql`SELECT affiliation_id FROM affiliate_notices WHERE id = ${id}`,
    );
    expect(row.rows[0]?.affiliation_id).toBe(otherAff);
    const before = await counts();
    const unknown = await send(admin, { ...good(), affiliationId: 999_999 });
    expect([unknown.status, unknown.message]).toEqual([404, 'The affiliation was not found']);
    expect(await counts()).toEqual(before);
  });

  describe('bad input: a clear localised message, nothing stored or sent', () => {
    const cases: [string, () => object, string, string][] = [
      [
        'no region',
        () => ({ regionIds: [] }),
        'Choose at least one region',
        'Wählen Sie mindestens eine Region',
      ],
      [
        'no notification type',
        () => ({ channelTypes: [] }),
        'Choose at least one notification type (e-mail or SMS)',
        'Wählen Sie mindestens eine Benachrichtigungsart (E-Mail oder SMS)',
      ],
      ['an empty message', () => ({ message: '   ' }), 'Write a message', 'Schreiben Sie eine Nachricht'],
      [
        'a message too long for SMS',
        () => ({ channelTypes: ['sms'], message: 'x'.repeat(NOTICE_SMS_MAX_CHARS + 1) }),
        'The message is too long for SMS (at most 459 characters, 3 SMS)',
        'Die Nachricht ist zu lang für SMS (höchstens 459 Zeichen, 3 SMS)',
      ],
      [
        'a message too long for mail',
        () => ({ message: 'x'.repeat(2001) }),
        'The message is too long (at most 2,000 characters)',
        'Die Nachricht ist zu lang (höchstens 2000 Zeichen)',
      ],
      [
        'another user’s region',
        () => ({ regionIds: [strangersOwn] }),
        'One of the chosen regions does not exist (any more)',
        'Eine der gewählten Regionen gibt es nicht (mehr)',
      ],
      [
        'a region where nobody can be reached',
        () => ({ regionIds: [zurich], channelTypes: ['sms'] }),
        'Nobody in the chosen regions can be reached on the chosen notification types',
        'In den gewählten Regionen ist niemand über die gewählten Benachrichtigungsarten erreichbar',
      ],
    ];
    it.each(cases)('%s', async (_name, change, en, de) => {
      const body = { ...good(), ...change() };
      const before = await counts();
      const sentBefore = sms.messages.length;
      const res = await send(manager, body);
      expect([res.status, res.message]).toEqual([400, en]);
      expect((await send(manager, body, { lang: 'de' })).message).toBe(de);
      expect(await counts()).toEqual(before);
      expect(sms.messages.length).toBe(sentBefore);
    });

    it('an SMS-length message counts characters outside GSM-7 as their replacement', async () => {
      // "ê" is sent as "e" (one character): 459 of them fit, one more does not
      const res = await send(manager, { ...good(), channelTypes: ['sms'], message: 'ê'.repeat(459) });
      expect(res.status).toBe(200);
      const over = await send(manager, { ...good(), channelTypes: ['sms'], message: 'ê'.repeat(460) });
      expect(over.status).toBe(400);
    });
  });

  it('the history: newest first, the manager’s own affiliation only, with regions, sender and progress', async () => {
    const res = await call('GET', '', { user: manager });
    expect(res.status).toBe(200);
    const page = noticePageSchema.parse(res.body);
    expect(page.notices.length).toBeGreaterThan(1);
    expect(page.notices.every((n) => n.affiliation?.id === aff)).toBe(true);
    const ids = page.notices.map((n) => n.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const first = page.notices.find((n) => n.channelTypes.length === 2);
    expect(first).toMatchObject({
      affiliation: { id: aff, name: 'Bieneninspektorat Bern' },
      sender: { id: manager.id, email: manager.email },
      regions: [{ id: bern, name: 'Bern' }],
      channelTypes: ['email', 'sms'],
      recipients: 3,
      reached: 1,
      deliveries: { total: 2, sent: 0, failed: 0, pending: 2 },
    });
    // paging: one at a time, then the next one older
    const one = noticePageSchema.parse((await call('GET', '', { user: manager, query: 'limit=1' })).body);
    expect(one.notices.map((n) => n.id)).toEqual([ids[0]]);
    expect(one.next).toBe(ids[0]);
    const two = noticePageSchema.parse(
      (await call('GET', '', { user: manager, query: `limit=1&before=${one.next}` })).body,
    );
    expect(two.notices.map((n) => n.id)).toEqual([ids[1]]);
    // the other affiliation's manager sees none of these; the admin sees all
    const other = noticePageSchema.parse((await call('GET', '', { user: otherManager })).body);
    expect(other.notices.some((n) => ids.includes(n.id))).toBe(false);
    const all = noticePageSchema.parse((await call('GET', '', { user: admin, query: 'limit=100' })).body);
    expect(all.notices.map((n) => n.affiliation?.id)).toEqual(expect.arrayContaining([aff, otherAff]));
  });

  it(`counts notices per sender: the ${LIMITS.noticeSendUser.max + 1}th within the hour is 429, nothing stored`, async () => {
    for (let i = 0; i < LIMITS.noticeSendUser.max; i++)
      expect((await send(manager, good())).status).toBe(200);
    const before = await counts();
    const res = await send(manager, good());
    expect([res.status, res.message]).toEqual([429, expect.any(String)]);
    expect(await counts()).toEqual(before);
  });

  it('a refused notice is not counted against the limit', async () => {
    for (let i = 0; i < LIMITS.noticeSendUser.max + 2; i++)
      expect((await send(manager, { ...good(), regionIds: [zurich], channelTypes: ['sms'] })).status).toBe(
        400,
      );
    expect((await send(manager, good())).status).toBe(200);
  });
});
