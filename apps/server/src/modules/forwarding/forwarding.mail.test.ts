import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ForwardingCreated } from '@hivescope/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import { startSmtp, type TestSmtp } from '../../../test/smtp';
import { createUser } from '../../../test/users';
import { forwardings } from '../../db/schema';
import { createMailer } from '../../mail/mailer';
import { caller } from '../controllers/controllers.fixtures';
import { deliveriesOf, ownedController, postReport, second, silentLog } from './forwarding.fixtures';
import { HOUR_MS, scanForwardings } from './forwarding.scan';
import { retryDelayMs, sendDueForwardings } from './forwarding.send';

/**
 * Mail forwardings against the test SMTP server (docs/forwarding.md "E-mail"): after an hour with readings
 * ends, one SMS-style mail with the channel's latest reading; at most one mail an hour, whatever the scan and
 * send jobs do meanwhile.
 */
describe('mail forwarding delivery', () => {
  let t: TestApp;
  let smtp: TestSmtp;
  const address = 'waagen@melde.example.org';
  const base = Math.floor(Date.now() / HOUR_MS) * HOUR_MS; // the current hour's start
  // the scans see the clock in the middle of the current hour, so a test near an hour's end stays the same
  const scanNow = base + 30 * 60_000;
  const at = (ms: number) => new Date(ms);
  const minute = (ms: number) => `${at(ms).toISOString().slice(0, 16)}Z`;
  const mails = () => smtp.messages.filter((m) => m.to.includes(address));

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://hive.example.org' });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('sends the latest reading of finished hours as one SMS-style mail, at most one per hour', async () => {
    const owner = await createUser(t.db);
    const c = await ownedController(t, owner, 'Stand Moos');
    const res = await caller(t.app)<ForwardingCreated>(
      'POST',
      `/api/controller/${c.id}/channel/1/forwarding`,
      {
        user: owner,
        body: { kind: 'email', email: address },
      },
    );
    const id = res.body.forwarding.id;
    // the forwarding has existed for three hours
    await t.db
      .update(forwardings)
      .set({ createdAt: at(base - 3 * HOUR_MS), cursor: at(base - 3 * HOUR_MS) })
      .where(eq(forwardings.id, id));
    const send = () =>
      sendDueForwardings(
        { config: t.config, db: t.db },
        { mailer: createMailer(t.config, t.db, silentLog), log: silentLog, retryDelayMs },
      );

    // weights 42.35, 43.35, 44.35 in the hours two and three back, 45.35 in the current (unfinished) hour
    const latest = base - 2 * HOUR_MS + 40 * 60_000;
    await postReport(t, c, [
      at(base - 3 * HOUR_MS + 10 * 60_000),
      at(base - 2 * HOUR_MS + 10 * 60_000),
      at(latest),
      second(Date.now() + 60_000),
    ]);
    expect(await scanForwardings(t.db, scanNow)).toEqual({ created: 1, more: false });
    expect((await deliveriesOf(t, id)).map((d) => d.reportAt.getTime())).toEqual([base - 2 * HOUR_MS]);
    expect((await scanForwardings(t.db, scanNow)).created).toBe(0);

    expect(await send()).toEqual({ sent: 1, retried: 0, failed: 0 });
    const first = await smtp.waitFor((m) => m.to.includes(address));
    expect(first.subject).toBe(`HIVESCOPE ${c.id}/1 ${minute(latest)}`);
    expect(first.text.trim()).toBe(`HIVESCOPE ${c.id}/1 ${minute(latest)} W=44.35kg Stand Moos`);
    expect(first.messageId).toBe(`<forwarding-${id}-${base - 2 * HOUR_MS}@hive.example.org>`);

    // a reading in the last hour: its delivery is queued at once, but the mail waits for the hour to pass
    const next = base - HOUR_MS + 5 * 60_000;
    await postReport(t, c, [at(next)]);
    expect((await scanForwardings(t.db, scanNow)).created).toBe(1);
    expect(await send()).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(await send()).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(mails()).toHaveLength(1);

    // an hour later (the last mail's time moved back by an hour) it goes out, with the newest reading
    await t.db.execute(
      sql`UPDATE forwardings SET last_success_at = last_success_at - interval '1 hour' WHERE id = ${id}`,
    );
    expect(await send()).toEqual({ sent: 1, retried: 0, failed: 0 });
    await smtp.waitFor((m) => m.to.includes(address) && m.text.includes(minute(next)));
    expect(mails()).toHaveLength(2);
    expect(mails()[1]?.text.trim()).toBe(`HIVESCOPE ${c.id}/1 ${minute(next)} W=42.35kg Stand Moos`);

    // nothing new: scans and sends run again send nothing
    expect((await scanForwardings(t.db, scanNow)).created).toBe(0);
    expect(await send()).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(mails()).toHaveLength(2);
  });
});
