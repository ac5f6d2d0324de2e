import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShopOrderAnswer } from '@hivescope/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import { startSmtp, type TestSmtp } from '../../../test/smtp';
import { shopOrderEvents } from '../../db/schema';
import { createMailer } from '../../mail/mailer';
import { followAddressLink, orderBody, orderRow, shopCall } from './shop.fixtures';
import { shopConfirmationJob } from './shop.jobs';

const log = { info: () => undefined, error: () => undefined };
const meta = { id: 'job', attempt: 1, maxAttempts: 1, lastAttempt: true, retryAfterSeconds: null };

describe('order confirmation: a mail server that is down delays the mail, the job sends it later', () => {
  let t: TestApp;
  let smtp: TestSmtp;

  beforeAll(async () => {
    smtp = await startSmtp();
    // nobody listens on port 9: every send from the request fails
    t = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:9' });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('records the failed send, leaves the flag unset, and the job delivers it once, localised', async () => {
    const res = await shopCall(t.app)<ShopOrderAnswer>('POST', '/api/shop/order', {
      body: orderBody(),
      lang: 'de',
    });
    expect(res.status).toBe(201);
    // the address is confirmed by its link (that mail could not go out either; the link is the token's)
    expect(await followAddressLink(t, res.body.key)).toBe(303);
    const row = await orderRow(t.db, res.body.key);
    expect(row?.confirmationSent).toBe(false);
    const events = await t.db
      .select()
      .from(shopOrderEvents)
      .where(eq(shopOrderEvents.orderId, row?.id ?? 0));
    expect(events.map((e) => e.action)).toEqual(['ordered', 'addressConfirmed', 'confirmationFailed']);

    const job = shopConfirmationJob(
      { config: { ...t.config, smtpUrl: smtp.url }, db: t.db, log },
      createMailer({ ...t.config, smtpUrl: smtp.url }, t.db, log),
    );
    await job.run({}, meta);
    await job.run({}, meta);
    const mail = await smtp.waitFor((m) => m.subject.includes(res.body.key));
    expect(mail.subject).toBe(`Ihre Hivescope-Bestellung ${res.body.key}`);
    expect(mail.text).toContain('per Rechnung');
    expect(mail.text).toMatch(/479\.00/);
    expect(smtp.messages.filter((m) => m.subject.includes(res.body.key))).toHaveLength(1);
    expect((await orderRow(t.db, res.body.key))?.confirmationSent).toBe(true);
  });
});
