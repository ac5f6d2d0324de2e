import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MAX_CHANNELS_PER_USER,
  notificationChannelCreatedSchema,
  notificationChannelListSchema,
  type NotificationChannel,
} from '@hivescope/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import { clearAttempts } from '../../../test/auth';
import { startSms, type TestSms } from '../../../test/sms';
import { startSmtp, type TestSmtp } from '../../../test/smtp';
import { createUser, type TestUser } from '../../../test/users';
import { notificationChannels } from '../../db/schema';
import { LIMITS } from '../session/rate-limit';
import { caller } from '../controllers/controllers.fixtures';

/**
 * Notification channels (docs/alarms.md "Channels"): add (confirmation by mail link or SMS code), confirm,
 * resend, test, remove; per route good input, bad input (localised, nothing changed), anonymous 401 and
 * another user's channel 404. Real SMTP server, fake SMS provider speaking Twilio's API.
 */
describe('notification channels', () => {
  let t: TestApp;
  let smtp: TestSmtp;
  let sms: TestSms;
  let call: ReturnType<typeof caller>;

  const rows = (userId: number) =>
    t.db
      .select()
      .from(notificationChannels)
      .where(eq(notificationChannels.userId, userId))
      .orderBy(notificationChannels.id);
  const list = async (user: TestUser) => {
    const res = await call<NotificationChannel[]>('GET', '/api/notification', { user });
    expect(res.status).toBe(200);
    return notificationChannelListSchema.parse(res.body);
  };
  const add = (user: TestUser | undefined, body: unknown, lang?: string) =>
    call<{ id: number; message: string }>('POST', '/api/notification', {
      ...(user ? { user } : {}),
      body,
      ...(lang ? { lang } : {}),
    });
  const tokenOf = async (to: string) => {
    const mail = await smtp.waitFor((m) => m.to.includes(to) && /confirm\?token=/.test(m.text));
    const token = /\/notifications\/confirm\?token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
    expect(token).toBeTruthy();
    return { mail, token: token ?? '' };
  };
  const codesTo = (to: string) =>
    sms.messages.filter((m) => m.to === to).map((m) => /(\d{6})/.exec(m.body)?.[1] ?? '');
  const phone = () => `+4179${crypto.randomInt(1_000_000, 9_999_999)}`;

  beforeAll(async () => {
    smtp = await startSmtp();
    sms = await startSms();
    t = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://hive.example.org', ...sms.env });
    call = caller(t.app);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
    await sms.close();
  });

  it('401 for anonymous callers on every call but the link confirmation; nothing saved', async () => {
    const owner = await createUser(t.db);
    expect((await call('GET', '/api/notification')).status).toBe(401);
    expect((await add(undefined, { type: 'email', address: 'a@example.org' })).status).toBe(401);
    for (const path of ['remove', 'test', 'resend'])
      expect((await call('POST', `/api/notification/1/${path}`)).status).toBe(401);
    expect((await call('POST', '/api/notification/1/confirm', { body: { code: '123456' } })).status).toBe(
      401,
    );
    // the link confirmation is open to anyone: a wrong token is a 400, not a 401
    const anon = await call('POST', '/api/notification/confirm', { body: { token: 'x'.repeat(43) } });
    expect([anon.status, anon.message]).toEqual([
      400,
      'The confirmation code or link is invalid or has expired',
    ]);
    expect(await rows(owner.id)).toEqual([]);
  });

  it('adds an e-mail channel, mails a link (token stored hashed) and confirms it anonymously by the link', async () => {
    const owner = await createUser(t.db, { locale: 'de' });
    const res = await add(owner, { type: 'email', address: '  Imker.Alarm@Example.org ' }, 'de');
    expect(res.status).toBe(200);
    expect(() => notificationChannelCreatedSchema.parse(res.body)).not.toThrow();
    expect(res.message).toBe('Erfolgreich gespeichert.');
    expect(await list(owner)).toMatchObject([
      {
        id: res.body.id,
        type: 'email',
        address: 'imker.alarm@example.org',
        status: 'pending',
        lastError: null,
      },
    ]);

    const { mail, token } = await tokenOf('imker.alarm@example.org');
    expect(mail.subject).toBe('Hivescope: Adresse für Alarme bestätigen');
    expect(mail.text).toContain(`https://hive.example.org/notifications/confirm?token=${token}`);
    expect(token.length).toBeGreaterThanOrEqual(43); // 256 random bits, base64url
    const [stored] = await rows(owner.id);
    expect(stored?.confirmHash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored?.confirmHash).not.toContain(token);
    expect(stored?.confirmExpires?.getTime()).toBeGreaterThan(Date.now() + 23.9 * 3_600_000);

    // a pending channel cannot be tested
    const test = await call('POST', `/api/notification/${res.body.id}/test`, { user: owner });
    expect([test.status, test.message]).toEqual([409, 'The channel is not confirmed yet']);

    const confirmed = await call('POST', '/api/notification/confirm', { body: { token }, lang: 'fr' });
    expect([confirmed.status, confirmed.message]).toEqual([
      200,
      'Le canal est confirmé : les alarmes y seront envoyées.',
    ]);
    expect((await list(owner))[0]?.status).toBe('active');
    expect((await rows(owner.id))[0]?.confirmHash).toBeNull();
    // single use
    const again = await call('POST', '/api/notification/confirm', { body: { token } });
    expect(again.status).toBe(400);
  });

  it('adds an SMS channel, sends a six-digit code (stored hashed) and confirms it by the code', async () => {
    const owner = await createUser(t.db, { locale: 'en' });
    const number = phone();
    const res = await add(owner, { type: 'sms', address: number });
    expect([res.status, res.message]).toEqual([200, 'Saved successfully.']);
    const sent = await sms.waitFor((m) => m.to === number);
    expect(sent.from).toBe(sms.env.SMS_FROM);
    expect(sent.body).toMatch(/^Hivescope code: \d{6}\. Enter it in Settings > Notifications/);
    const code = codesTo(number)[0] ?? '';
    expect((await rows(owner.id))[0]?.confirmHash).not.toContain(code);

    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const bad = await call('POST', `/api/notification/${res.body.id}/confirm`, {
      user: owner,
      body: { code: wrong },
      lang: 'es',
    });
    expect([bad.status, bad.message]).toEqual([
      400,
      'El código o enlace de confirmación no es válido o ha caducado',
    ]);
    expect((await list(owner))[0]?.status).toBe('pending');

    const ok = await call('POST', `/api/notification/${res.body.id}/confirm`, {
      user: owner,
      body: { code },
    });
    expect([ok.status, ok.message]).toEqual([200, 'The channel is confirmed: alarms will be sent to it.']);
    expect((await list(owner))[0]).toMatchObject({ status: 'active', address: number });
  });

  it('wrong codes are rate limited per user by the shared limiter: then even the right code gets 429', async () => {
    await clearAttempts(t.db);
    const owner = await createUser(t.db);
    const number = phone();
    const { body } = await add(owner, { type: 'sms', address: number });
    await sms.waitFor((m) => m.to === number);
    const code = codesTo(number)[0] ?? '';
    const wrong = String((Number(code) + 7) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < LIMITS.channelCodeUser.max; i++) {
      const res = await call('POST', `/api/notification/${body.id}/confirm`, {
        user: owner,
        body: { code: wrong },
      });
      expect(res.status).toBe(400);
    }
    const blocked = await call('POST', `/api/notification/${body.id}/confirm`, {
      user: owner,
      body: { code },
    });
    expect([blocked.status, blocked.message]).toEqual([
      429,
      'Too many attempts (at most 10 in 60 minutes): try again in 60 minutes.',
    ]);
    expect((await list(owner))[0]?.status).toBe('pending');
    await clearAttempts(t.db);
    expect(
      (await call('POST', `/api/notification/${body.id}/confirm`, { user: owner, body: { code } })).status,
    ).toBe(200);
  });

  it('resend: a new code replaces the old one; a confirmed channel has nothing to resend', async () => {
    const owner = await createUser(t.db);
    const number = phone();
    const { body } = await add(owner, { type: 'sms', address: number });
    await sms.waitFor((m) => m.to === number);
    const res = await call('POST', `/api/notification/${body.id}/resend`, { user: owner });
    expect([res.status, res.message]).toEqual([200, 'A new confirmation was sent.']);
    const [first, second] = codesTo(number);
    expect(second).toMatch(/^\d{6}$/);
    if (first !== second) {
      const old = await call('POST', `/api/notification/${body.id}/confirm`, {
        user: owner,
        body: { code: first },
      });
      expect(old.status).toBe(400);
    }
    expect(
      (await call('POST', `/api/notification/${body.id}/confirm`, { user: owner, body: { code: second } }))
        .status,
    ).toBe(200);
    const done = await call('POST', `/api/notification/${body.id}/resend`, { user: owner });
    expect([done.status, done.message]).toEqual([409, 'This channel is already confirmed']);
  });

  it('test messages go straight out by mail and SMS, at most 5 an hour per user', async () => {
    const owner = await createUser(t.db, { locale: 'fr' });
    const [mailChannel] = await t.db
      .insert(notificationChannels)
      .values({ userId: owner.id, type: 'email', address: `test-${owner.id}@example.org`, status: 'active' })
      .returning();
    const number = phone();
    const [smsChannel] = await t.db
      .insert(notificationChannels)
      .values({ userId: owner.id, type: 'sms', address: number, status: 'failing', lastError: 'HTTP 500' })
      .returning();
    const mailTest = await call('POST', `/api/notification/${mailChannel?.id}/test`, { user: owner });
    expect([mailTest.status, mailTest.message]).toEqual([200, 'Test message sent.']);
    const mail = await smtp.waitFor((m) => m.to.includes(`test-${owner.id}@example.org`));
    expect(mail.subject).toBe('Hivescope : message de test');

    expect((await list(owner)).find((c) => c.id === smsChannel?.id)).toMatchObject({
      status: 'failing',
      lastError: 'HTTP 500',
    });
    expect((await call('POST', `/api/notification/${smsChannel?.id}/test`, { user: owner })).status).toBe(
      200,
    );
    expect((await sms.waitFor((m) => m.to === number)).body).toMatch(/^Message de test Hivescope/);
    // a test that went through: the failing channel works again
    expect((await list(owner)).find((c) => c.id === smsChannel?.id)).toMatchObject({
      status: 'active',
      lastError: null,
    });

    for (let i = 2; i < LIMITS.channelTestUser.max; i++)
      expect((await call('POST', `/api/notification/${mailChannel?.id}/test`, { user: owner })).status).toBe(
        200,
      );
    const limited = await call('POST', `/api/notification/${mailChannel?.id}/test`, { user: owner });
    expect(limited.status).toBe(429);
    expect(smtp.messages.filter((m) => m.to.includes(`test-${owner.id}@example.org`))).toHaveLength(
      LIMITS.channelTestUser.max - 1,
    );
  });

  it("another user's channel: 404 on every call, absent from their list, nothing changed", async () => {
    const owner = await createUser(t.db);
    const other = await createUser(t.db);
    const number = phone();
    const { body } = await add(owner, { type: 'sms', address: number });
    await sms.waitFor((m) => m.to === number);
    const code = codesTo(number)[0] ?? '';
    const before = await rows(owner.id);
    for (const res of [
      await call('POST', `/api/notification/${body.id}/remove`, { user: other }),
      await call('POST', `/api/notification/${body.id}/test`, { user: other }),
      await call('POST', `/api/notification/${body.id}/resend`, { user: other }),
      await call('POST', `/api/notification/${body.id}/confirm`, { user: other, body: { code } }),
      await call('POST', '/api/notification/2000000000/remove', { user: owner }),
    ])
      expect([res.status, res.message]).toEqual([404, 'The notification channel was not found']);
    expect(await list(other)).toEqual([]);
    expect(await rows(owner.id)).toEqual(before);
    expect(codesTo(number)).toHaveLength(1);
  });

  it('bad input: a clear localised message and nothing saved', async () => {
    const owner = await createUser(t.db);
    const cases: [unknown, string][] = [
      [{ type: 'fax', address: 'a@example.org' }, 'Choose email or SMS'],
      [{ type: 'email', address: 'not-an-address' }, 'Invalid email address'],
      [
        { type: 'sms', address: '079 123 45 67' },
        'Invalid mobile number: enter it in international form, e.g. +41791234567',
      ],
      [{ type: 'sms', address: '' }, 'Check your inputs'],
      [{ type: 'email', address: 'a@example.org', colour: 'red' }, 'Unknown field'],
    ];
    for (const [body, message] of cases) {
      const res = await add(owner, body);
      expect([res.status, res.message], JSON.stringify(body)).toEqual([400, message]);
    }
    const de = await add(owner, { type: 'sms', address: '0791234567' }, 'de');
    expect(de.message).toBe('Ungültige Mobilnummer: bitte international eingeben, z. B. +41791234567');
    expect((await call('POST', '/api/notification/abc/remove', { user: owner })).status).toBe(400);
    const code = await call('POST', '/api/notification/1/confirm', { user: owner, body: { code: '12ab56' } });
    expect([code.status, code.message]).toEqual([
      400,
      'The confirmation code or link is invalid or has expired',
    ]);
    const token = await call('POST', '/api/notification/confirm', { body: { token: 'short' } });
    expect(token.status).toBe(400);
    expect(await rows(owner.id)).toEqual([]);
  });

  it('an address once per user (409), at most MAX_CHANNELS_PER_USER channels (400)', async () => {
    const owner = await createUser(t.db);
    expect((await add(owner, { type: 'email', address: `dup-${owner.id}@example.org` })).status).toBe(200);
    const dup = await add(owner, { type: 'email', address: `DUP-${owner.id}@Example.org` });
    expect([dup.status, dup.message]).toEqual([
      409,
      'This address is already one of your notification channels',
    ]);
    await t.db.insert(notificationChannels).values(
      Array.from({ length: MAX_CHANNELS_PER_USER - 1 }, (_, i) => ({
        userId: owner.id,
        type: 'email' as const,
        address: `n${i}-${owner.id}@example.org`,
      })),
    );
    const before = await rows(owner.id);
    expect(before).toHaveLength(MAX_CHANNELS_PER_USER);
    const full = await add(owner, { type: 'sms', address: phone() });
    expect([full.status, full.message]).toEqual([400, 'You can have at most 10 notification channels']);
    expect(await rows(owner.id)).toEqual(before);
  });

  it('removes a channel; a provider failure while adding answers 502 and keeps nothing', async () => {
    const owner = await createUser(t.db);
    const { body } = await add(owner, { type: 'email', address: `gone-${owner.id}@example.org` });
    const res = await call('POST', `/api/notification/${body.id}/remove`, { user: owner, lang: 'de' });
    expect([res.status, res.message]).toEqual([200, 'Erfolgreich gespeichert.']);
    expect(await list(owner)).toEqual([]);

    sms.failNext(1, 500);
    const failed = await add(owner, { type: 'sms', address: phone() });
    expect([failed.status, failed.message]).toEqual([
      502,
      'The message could not be sent; check the address or try again later',
    ]);
    expect(await rows(owner.id)).toEqual([]);
  });

  it('without SMS configuration an SMS channel is refused (400 smsUnavailable); mail channels work', async () => {
    const plain = await createTestApp({ SMTP_URL: smtp.url });
    try {
      const owner = await createUser(plain.db);
      const c = caller(plain.app);
      const res = await c('POST', '/api/notification', {
        user: owner,
        body: { type: 'sms', address: phone() },
      });
      expect([res.status, res.message]).toEqual([400, 'SMS sending is not configured on this server']);
      const mail = await c('POST', '/api/notification', {
        user: owner,
        body: { type: 'email', address: `plain-${owner.id}@example.org` },
      });
      expect(mail.status).toBe(200);
      const stored = await plain.db.select().from(notificationChannels);
      expect(stored.map((r) => r.type)).toEqual(['email']);
    } finally {
      await plain.close();
    }
  });
});
