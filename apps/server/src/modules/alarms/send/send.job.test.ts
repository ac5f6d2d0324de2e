import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { gsm7Length, isGsm7, type AlarmType } from '@hivescope/contract';
import { loadConfig } from '../../../config';
import { createTestDatabase } from '../../../../test/db';
import { startSms, type TestSms } from '../../../../test/sms';
import { startSmtp, type TestSmtp } from '../../../../test/smtp';
import { createUser, type TestUser } from '../../../../test/users';
import type { Db } from '../../../db/client';
import {
  alarmDeliveries,
  alarmEvents,
  controllerAlarmSettings,
  controllers,
  notificationChannels,
} from '../../../db/schema';
import { createMailer, type MailLog } from '../../../mail/mailer';
import { seedController, seedScale } from '../../controllers/controllers.fixtures';
import { ALARM_SEND } from '../alarms.jobs';
import { claimDueDeliveries } from './send.repository';
import { alarmSendJob } from './send.job';
import { BUDGET_REASON, MAX_ATTEMPTS, safeReason, sendDueAlarms, type SendDeps } from './send.service';
import { twilioSms } from '../../../sms/sms';
import { ANSWER_LINK_TTL_MS, checkAnswerToken } from '../../notifications/answer-token';

/**
 * The alarm-send job (docs/alarms.md "Sending") against a real database, the real SMTP test server and the
 * fake SMS provider: content of mail and SMS, at-least-once without double sends, retries with backoff,
 * failing channels, and the SMS budget.
 */
const silent = { info: () => {}, error: () => {} } as unknown as MailLog;
const PUBLIC_URL = 'https://hive.example.org';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Db;
let smtp: TestSmtp;
let sms: TestSms;
let config: ReturnType<typeof loadConfig>;
let deps: SendDeps;
let owner: TestUser;
let controllerId: number;
let scaleId: number;
let n = 0;

const ctx = () => ({ config, db });
const run = (extra: Partial<SendDeps> = {}) => sendDueAlarms(ctx(), { ...deps, ...extra });

async function channel(type: 'email' | 'sms', userId = owner.id) {
  n += 1;
  const address = type === 'email' ? `alarm-${n}@example.org` : `+4178${String(1_000_000 + n)}`;
  const [row] = await db
    .insert(notificationChannels)
    .values({ userId, type, address, status: 'active' })
    .returning();
  if (!row) throw new Error('channel not inserted');
  return row;
}

/** One event and a pending delivery per channel, as the detection pipeline writes them. */
async function event(channelIds: number[], type: AlarmType = 'swarm', delta: number | null = -2.4) {
  n += 1;
  const [row] = await db
    .insert(alarmEvents)
    .values({
      controllerId,
      scaleId: ['silent', 'battery', 'subscription'].includes(type) ? null : scaleId,
      channel: 1,
      type,
      time: new Date(Date.UTC(2025, 4, 12, 12, 35) + n * 60_000),
      delta,
      delivery: 'pending',
    })
    .returning();
  if (!row) throw new Error('event not inserted');
  if (channelIds.length > 0)
    await db.insert(alarmDeliveries).values(channelIds.map((channelId) => ({ eventId: row.id, channelId })));
  return row;
}

const delivery = async (eventId: number, channelId: number) =>
  (
    await db
      .select()
      .from(alarmDeliveries)
      .where(and(eq(alarmDeliveries.eventId, eventId), eq(alarmDeliveries.channelId, channelId)))
  )[0];
const eventDelivery = async (id: number) =>
  (await db.select().from(alarmEvents).where(eq(alarmEvents.id, id)))[0]?.delivery;
const channelRow = async (id: number) =>
  (await db.select().from(notificationChannels).where(eq(notificationChannels.id, id)))[0];
const remaining = async () =>
  (await db.select().from(controllers).where(eq(controllers.id, controllerId)))[0]?.remainingNotifications;
const makeDue = () =>
  db.execute(sql`UPDATE alarm_deliveries SET next_attempt_at = now() WHERE status = 'pending'`);
const mailsTo = (address: string) => smtp.messages.filter((m) => m.to.includes(address));
const smsTo = (address: string) => sms.messages.filter((m) => m.to === address);

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  smtp = await startSmtp();
  sms = await startSms();
  config = loadConfig({ LOG_LEVEL: 'silent', DEMO: '0', SMTP_URL: smtp.url, PUBLIC_URL, ...sms.env });
  deps = {
    mailer: createMailer(config, db, silent),
    sms: twilioSms(config.sms ?? { url: '', accountSid: '', authToken: '', from: '' }),
    log: silent,
    retryDelayMs: (attempt) => 30_000 * 2 ** (attempt - 1),
  };
  owner = await createUser(db, { locale: 'fr' });
  const c = await seedController(db, {
    ownerId: owner.id,
    name: 'Rucher du Moulin',
    timeZone: 'Europe/Zurich',
  });
  controllerId = c.id;
  scaleId = await seedScale(db, c.id, 1, { name: 'Ruche 3' });
});
afterAll(async () => {
  await smtp.close();
  await sms.close();
  await database.dispose();
});
beforeEach(async () => {
  // every test starts with the budget full and nothing left over from the one before
  await db.update(controllers).set({ remainingNotifications: 100 }).where(eq(controllers.id, controllerId));
  await db.delete(controllerAlarmSettings);
  await db.execute(sql`UPDATE alarm_deliveries SET status = 'failed' WHERE status = 'pending'`);
});

describe('alarm-send job', () => {
  it('is the queue the detectors nudge, polled every minute for retries', () => {
    const job = alarmSendJob({ ...ctx(), log: silent });
    expect(job.name).toBe(ALARM_SEND);
    expect(job.schedule?.cron).toBe('* * * * *');
  });

  it('sends the alarm by mail and SMS in the owner language with local time, change and chart link; once', async () => {
    const mail = await channel('email');
    const phone = await channel('sms');
    const e = await event([mail.id, phone.id]);
    const job = alarmSendJob({ ...ctx(), log: silent }, deps);
    await job.run({}, { id: 'x', attempt: 1, lastAttempt: false } as Parameters<typeof job.run>[1]);

    const got = await smtp.waitFor((m) => m.to.includes(mail.address));
    const local = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Zurich',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(e.time);
    const at = e.time.getTime() / 1000;
    const link = `${PUBLIC_URL}/timeline?series=s${scaleId}.weight&expanded=${controllerId}&xmin=${at - 43200}&xmax=${at + 43200}`;
    expect(got.subject).toBe("Hivescope : Alarme d'essaimage – Ruche 3 (Rucher du Moulin)");
    expect(got.messageId).toBe(`<alarm-${e.id}-${mail.id}@hive.example.org>`);
    expect(got.text).toContain('Variation de poids: -2,4 kg');
    expect(got.text).toContain(`${local} (Europe/Zurich)`);
    expect(got.text).toContain(link);
    expect(got.html).toContain(`href="${link.replaceAll('&', '&amp;')}"`);

    const text = (await sms.waitFor((m) => m.to === phone.address)).body;
    expect(isGsm7(text)).toBe(true);
    expect(gsm7Length(text)).toBeLessThanOrEqual(160);
    expect(text).toContain("Alarme d'essaimage : Ruche 3 (Rucher du Moulin) -2,4 kg");
    expect(text).toContain(local);

    expect((await delivery(e.id, mail.id))?.status).toBe('sent');
    expect((await delivery(e.id, phone.id))?.sentAt).toBeInstanceOf(Date);
    expect(await eventDelivery(e.id)).toBe('sent');
    expect(await remaining()).toBe(99);

    // a second run (a retry of the job, a restart) sends nothing again
    await makeDue();
    expect(await run()).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(mailsTo(mail.address)).toHaveLength(1);
    expect(smsTo(phone.address)).toHaveLength(1);
  });

  it('a swarm, disturbance or removed mail carries signed yes/no answer links (14 days); device alarms and SMS none', async () => {
    const mail = await channel('email');
    const phone = await channel('sms');
    const removed = await event([mail.id, phone.id], 'removed', -41);
    const battery = await event([mail.id], 'battery', 3.5);
    const before = Date.now();
    await run();
    const got = await smtp.waitFor(
      (m) => m.to.includes(mail.address) && m.messageId.includes(`-${removed.id}-`),
    );
    const links = [
      ...got.text.matchAll(/https:\/\/hive\.example\.org\/alarm-answer\?token=([^&\s]+)&answer=(yes|no)/g),
    ];
    expect(links.map((m) => m[2])).toEqual(['yes', 'no']);
    const token = decodeURIComponent(links[0]?.[1] ?? '');
    expect(links[1]?.[1]).toBe(links[0]?.[1]);
    const checked = checkAnswerToken(config.secretKey, token, new Date());
    expect(checked).toMatchObject({ ok: true, eventId: removed.id });
    const expires = checked.ok ? checked.expiresAt.getTime() : 0;
    expect(expires).toBeGreaterThanOrEqual(Math.floor((before + ANSWER_LINK_TTL_MS) / 1000) * 1000);
    expect(got.text).toContain(`Non, c’était moi ou rien :\n${PUBLIC_URL}/alarm-answer?token=`);
    expect(got.html).toContain(`href="${PUBLIC_URL}/alarm-answer?token=${links[0]?.[1]}&amp;answer=no"`);
    const batteryMail = await smtp.waitFor(
      (m) => m.to.includes(mail.address) && m.messageId.includes(`-${battery.id}-`),
    );
    expect(batteryMail.text).not.toContain('alarm-answer');
    expect((await sms.waitFor((m) => m.to === phone.address)).body).not.toContain('alarm-answer');
  });

  it('retries after a provider failure (500, then 201) with a 30 s backoff and sends exactly once', async () => {
    const phone = await channel('sms');
    const e = await event([phone.id]);
    const requestsBefore = sms.requests.count;
    sms.failNext(1, 500);
    const before = Date.now();
    expect(await run()).toEqual({ sent: 0, retried: 1, failed: 0 });
    const after = Date.now();
    const waiting = await delivery(e.id, phone.id);
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1 });
    expect(waiting?.lastError).toMatch(/HTTP 500/);
    // 30 s after the failed try, however long the run took on a busy machine
    expect(waiting?.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(before + 30_000);
    expect(waiting?.nextAttemptAt.getTime()).toBeLessThanOrEqual(after + 30_000);
    expect(await remaining()).toBe(100); // the refused SMS used none of the budget

    // not due yet: nothing happens
    expect(await run()).toEqual({ sent: 0, retried: 0, failed: 0 });
    await makeDue();
    expect(await run()).toEqual({ sent: 1, retried: 0, failed: 0 });
    await makeDue();
    expect(await run()).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(smsTo(phone.address)).toHaveLength(1);
    expect(sms.requests.count - requestsBefore).toBe(2);
    expect(await delivery(e.id, phone.id)).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
    expect(await remaining()).toBe(99);
  });

  it('a delivery taken by a run that died is not sent by another run until its lease ends, then once', async () => {
    const mail = await channel('email');
    const e = await event([mail.id]);
    const taken = await claimDueDeliveries(db, 10, 5 * 60_000);
    expect(taken.map((d) => [d.eventId, d.channelId])).toEqual([[e.id, mail.id]]);
    expect(await run()).toEqual({ sent: 0, retried: 0, failed: 0 });
    await makeDue();
    expect(await run()).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(mailsTo(mail.address)).toHaveLength(1);
    expect((await delivery(e.id, mail.id))?.attempts).toBe(2);
  });

  it(`fails after ${MAX_ATTEMPTS} attempts and marks the channel failing; a later success makes it active`, async () => {
    const phone = await channel('sms');
    const mail = await channel('email');
    const e = await event([phone.id, mail.id]);
    const deadSmtp = createMailer({ smtpUrl: 'smtp://127.0.0.1:9', mailFrom: 'x@example.org' }, db, silent);
    sms.failNext(MAX_ATTEMPTS, 503);
    // no wait between attempts: one run goes through all of them
    const counts = await run({ mailer: deadSmtp, retryDelayMs: () => 0 });
    expect(counts).toEqual({ sent: 0, retried: 2 * (MAX_ATTEMPTS - 1), failed: 2 });
    for (const c of [phone, mail]) {
      expect(await delivery(e.id, c.id)).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
      const row = await channelRow(c.id);
      expect(row?.status).toBe('failing');
      expect(row?.lastError).toBeTruthy();
      expect(row?.lastError).not.toContain(sms.env.SMS_AUTH_TOKEN);
      expect(row?.lastError).not.toContain(sms.env.SMS_ACCOUNT_SID);
    }
    expect((await channelRow(phone.id))?.lastError).toMatch(/HTTP 503/);
    expect(await eventDelivery(e.id)).toBe('failed');
    expect(smsTo(phone.address)).toHaveLength(0);

    const later = await event([phone.id]);
    expect(await run()).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(await channelRow(phone.id)).toMatchObject({ status: 'active', lastError: null, failures: 0 });
    expect(await eventDelivery(later.id)).toBe('sent');
  });

  it('SMS budget: the last SMS goes out, then SMS stop (failed: budget), mail goes on, the owner is told once', async () => {
    await db.update(controllers).set({ remainingNotifications: 1 }).where(eq(controllers.id, controllerId));
    const mail = await channel('email');
    const phone = await channel('sms');
    const first = await event([mail.id, phone.id]);
    const second = await event([mail.id, phone.id], 'disturbance', 5.1);
    expect(await run()).toEqual({ sent: 3, retried: 0, failed: 1 });
    expect(await remaining()).toBe(0);
    expect(smsTo(phone.address)).toHaveLength(1);
    expect(mailsTo(mail.address)).toHaveLength(2);
    const refused = [await delivery(first.id, phone.id), await delivery(second.id, phone.id)].filter(
      (d) => d?.status === 'failed',
    );
    expect(refused.map((d) => d?.lastError)).toEqual([BUDGET_REASON]);
    // the budget is no fault of the channel, and the event still counts as sent (by mail)
    expect((await channelRow(phone.id))?.status).toBe('active');
    expect([await eventDelivery(first.id), await eventDelivery(second.id)]).toEqual(['sent', 'sent']);

    const notice = await smtp.waitFor((m) => m.to.includes(owner.email));
    expect(notice.subject).toBe("Hivescope : plus d'alarmes SMS pour Rucher du Moulin");
    const [settings] = await db.select().from(controllerAlarmSettings);
    expect(settings?.budgetExhaustedAt).toBeInstanceOf(Date);

    // further alarms: mail only, and no second notice
    const third = await event([mail.id, phone.id], 'removed', -40);
    expect(await run()).toEqual({ sent: 1, retried: 0, failed: 1 });
    expect((await delivery(third.id, phone.id))?.lastError).toBe(BUDGET_REASON);
    expect(mailsTo(owner.email)).toHaveLength(1);
    expect(smsTo(phone.address)).toHaveLength(1);

    // an admin's reset (count back, mark cleared): SMS go out again
    await db.update(controllers).set({ remainingNotifications: 100 }).where(eq(controllers.id, controllerId));
    await db.update(controllerAlarmSettings).set({ budgetExhaustedAt: null });
    const fourth = await event([phone.id], 'battery', 3.3);
    expect(await run()).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect((await delivery(fourth.id, phone.id))?.status).toBe('sent');
    expect(smsTo(phone.address).at(-1)?.body).toMatch(/^Batterie faible : Rucher du Moulin 3,30 V/);
  });

  it('an event without any sent delivery stays pending while one is still waiting', async () => {
    const phone = await channel('sms');
    const mail = await channel('email');
    const e = await event([phone.id, mail.id]);
    sms.failNext(1, 500);
    expect(
      await run({
        mailer: createMailer({ smtpUrl: 'smtp://127.0.0.1:9', mailFrom: 'x@example.org' }, db, silent),
      }),
    ).toEqual({ sent: 0, retried: 2, failed: 0 });
    expect(await eventDelivery(e.id)).toBe('pending');
  });
});

describe('safeReason', () => {
  it('blanks URL credentials and configured secrets', () => {
    const cfg = {
      publicUrl: PUBLIC_URL,
      mailFrom: 'x',
      smtpUrl: 'smtp://mailer:p%40ssw0rd@smtp.example.org:587',
      sms: { url: 'https://api.twilio.com', accountSid: 'AC1', authToken: 'tok-secret-123', from: '+41' },
    };
    const reason = safeReason(
      new Error('Invalid login for smtp://mailer:p@ssw0rd@smtp.example.org with p@ssw0rd and tok-secret-123'),
      cfg,
    );
    expect(reason).not.toContain('p@ssw0rd');
    expect(reason).not.toContain('tok-secret-123');
    expect(reason).toContain('Invalid login');
  });
});
