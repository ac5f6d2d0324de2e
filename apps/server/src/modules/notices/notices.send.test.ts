import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noticePageSchema, noticeSentSchema, type NoticeCreateInput } from '@hivescope/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import { startSms, type TestSms } from '../../../test/sms';
import { startSmtp, type TestSmtp } from '../../../test/smtp';
import { createAffiliation, createUser, type TestUser } from '../../../test/users';
import { createMailer, type MailLog } from '../../mail/mailer';
import { seedController } from '../controllers/controllers.fixtures';
import { BERN, ZURICH } from '../regions/regions.fixtures';
import { MAX_ATTEMPTS, type SendDeps } from '../alarms/send/send.service';
import { twilioSms } from '../../sms/sms';
import { HOSTS, seedChannel, seedRegion } from './notices.fixtures';
import { NOTICE_SEND_QUEUE, noticeSendJob } from './send.job';
import { sendDueNotices } from './send.service';

/**
 * Sending a notice (docs/notices.md "Sending") with the real SMTP test server and the fake SMS provider:
 * only beekeepers with a controller in the chosen regions get it, in their language, on each confirmed
 * channel of the chosen types; retries with backoff; the history follows the progress.
 */
const silent = { info: () => {}, error: () => {} } as unknown as MailLog;

describe('notice-send', () => {
  let t: TestApp;
  let smtp: TestSmtp;
  let sms: TestSms;
  let deps: SendDeps;
  let manager: TestUser;
  let bern: number;
  let inBern: { mail: string; phone: string };
  let inBernFr: { mail: string };
  let inZurich: { mail: string; phone: string };

  const run = () => sendDueNotices({ config: t.config, db: t.db }, deps);
  const makeDue = () =>
    t.db.execute(
      sql`UPDATE affiliate_notice_deliveries SET next_attempt_at = now() WHERE status = 'pending'`,
    );
  const send = async (body: NoticeCreateInput) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/affiliateNotification',
      headers: { host: HOSTS.veterinary, cookie: manager.cookie, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
    expect(res.statusCode).toBe(200);
    return noticeSentSchema.parse(res.json());
  };
  const history = async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/affiliateNotification',
      headers: { host: HOSTS.veterinary, cookie: manager.cookie },
    });
    return noticePageSchema.parse(res.json()).notices;
  };
  const mailsTo = (to: string) => smtp.messages.filter((m) => m.to.includes(to));
  const smsTo = (to: string) => sms.messages.filter((m) => m.to === to);

  beforeAll(async () => {
    smtp = await startSmtp();
    sms = await startSms();
    t = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://hive.example.org', ...sms.env });
    deps = {
      mailer: createMailer(t.config, t.db, silent),
      sms: twilioSms(t.config.sms ?? { url: '', accountSid: '', authToken: '', from: '' }),
      log: silent,
      retryDelayMs: () => 60_000,
    };
    const aff = await createAffiliation(t.db, 'Veterinärdienst Bern');
    manager = await createUser(t.db, { role: 2, affiliationId: aff });
    bern = await seedRegion(t.db, 'Bern', [7.3, 46.9, 7.6, 47.0]);

    const a = await createUser(t.db, { locale: 'en' });
    await seedController(t.db, { ownerId: a.id, location: BERN });
    inBern = {
      mail: (await seedChannel(t.db, a.id, 'email')).address,
      phone: (await seedChannel(t.db, a.id, 'sms')).address,
    };
    const b = await createUser(t.db, { locale: 'fr' });
    await seedController(t.db, { ownerId: b.id, location: { lat: 46.95, lng: 7.45 } });
    inBernFr = { mail: (await seedChannel(t.db, b.id, 'email')).address };
    const c = await createUser(t.db, { locale: 'en' });
    await seedController(t.db, { ownerId: c.id, location: ZURICH });
    inZurich = {
      mail: (await seedChannel(t.db, c.id, 'email')).address,
      phone: (await seedChannel(t.db, c.id, 'sms')).address,
    };
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
    await sms.close();
  });

  it('is the queue the send call nudges, polled every minute for retries', () => {
    const job = noticeSendJob({ config: t.config, db: t.db, log: silent });
    expect(job.name).toBe(NOTICE_SEND_QUEUE);
    expect(job.schedule?.cron).toBe('* * * * *');
  });

  it('reaches only the beekeepers in the region, by mail and SMS, in their language; once', async () => {
    const message = 'Amerikanische Faulbrut in Bern:\nbitte Völker bis 30. Juni kontrollieren – Danke!';
    const notice = await send({ regionIds: [bern], channelTypes: ['email', 'sms'], message });
    expect(notice).toMatchObject({ recipients: 2, reached: 2, deliveries: 3 });
    expect(await run()).toEqual({ sent: 3, retried: 0, failed: 0 });

    const [mail] = mailsTo(inBern.mail);
    expect(mail?.subject).toBe('Notice from Veterinärdienst Bern');
    expect(mail?.text).toContain('Amerikanische Faulbrut in Bern:');
    expect(mail?.text).toContain('bitte Völker bis 30. Juni kontrollieren – Danke!');
    expect(mail?.html).toContain('<p>bitte Völker bis 30. Juni kontrollieren – Danke!</p>');
    expect(mail?.messageId).toBe(`<notice-${notice.id}-${await channelId(inBern.mail)}@hive.example.org>`);
    expect(mailsTo(inBernFr.mail)[0]?.subject).toBe('Avis de Veterinärdienst Bern');
    // GSM-7: "ö" is in the alphabet, the dash becomes "-"
    expect(smsTo(inBern.phone).map((m) => m.body)).toEqual([
      'Amerikanische Faulbrut in Bern:\nbitte Völker bis 30. Juni kontrollieren - Danke!',
    ]);
    expect(mailsTo(inZurich.mail)).toEqual([]);
    expect(smsTo(inZurich.phone)).toEqual([]);

    // sent deliveries are never taken again
    await makeDue();
    expect(await run()).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(mailsTo(inBern.mail)).toHaveLength(1);
    const row = (await history()).find((n) => n.id === notice.id);
    expect(row?.deliveries).toEqual({ total: 3, sent: 3, failed: 0, pending: 0 });
  });

  it('retries a refused SMS with backoff and shows the progress; gives up after the last attempt', async () => {
    const before = sms.messages.length;
    const notice = await send({ regionIds: [bern], channelTypes: ['sms'], message: 'Kontrolle morgen.' });
    sms.failNext(1);
    expect(await run()).toEqual({ sent: 0, retried: 1, failed: 0 });
    const waiting = await t.db.execute<{ wait: number }>(sql`
      SELECT extract(epoch FROM next_attempt_at - now())::int AS wait FROM affiliate_notice_deliveries
      WHERE notice_id = ${notice.id}`);
    expect(waiting.rows[0]?.wait).toBeGreaterThan(50);
    expect((await history()).find((n) => n.id === notice.id)?.deliveries).toMatchObject({ pending: 1 });
    await makeDue();
    expect(await run()).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(sms.messages.length).toBe(before + 1);

    const failing = await send({ regionIds: [bern], channelTypes: ['sms'], message: 'Nochmals.' });
    sms.failNext(MAX_ATTEMPTS);
    for (let i = 1; i < MAX_ATTEMPTS; i++) {
      expect(await run()).toEqual({ sent: 0, retried: 1, failed: 0 });
      await makeDue();
    }
    expect(await run()).toEqual({ sent: 0, retried: 0, failed: 1 });
    const row = (await history()).find((n) => n.id === failing.id);
    expect(row?.deliveries).toEqual({ total: 1, sent: 0, failed: 1, pending: 0 });
    expect(sms.messages.length).toBe(before + 1);
  });

  async function channelId(address: string) {
    const res = await t.db.execute<{ id: number }>(
      sql`SELECT id FROM notification_channels WHERE address = ${address}`,
    );
    return res.rows[0]?.id;
  }
});
