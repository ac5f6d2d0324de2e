import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  FORWARDING_DELIVERY_HEADER,
  FORWARDING_SIGNATURE_HEADER,
  FORWARDING_TIMESTAMP_HEADER,
  forwardingPayloadSchema,
  type ForwardingCreated,
} from '@hivescope/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import { createUser, type TestUser } from '../../../test/users';
import { forwardingDeliveries, forwardings } from '../../db/schema';
import type { TestController } from '../device/device.fixtures';
import { caller } from '../controllers/controllers.fixtures';
import { claimDueDeliveries } from './deliveries.repository';
import {
  deliveriesOf,
  forwardingRow,
  makeDue,
  ownedController,
  postReport,
  second,
  silentLog,
  startReceiver,
  type Receiver,
} from './forwarding.fixtures';
import type PgBoss from 'pg-boss';
import { startBoss } from '../../background-jobs/boss';
import {
  FORWARDING_SCAN,
  FORWARDING_SEND,
  forwardingScanJob,
  registerForwardingJobs,
} from './forwarding.jobs';
import { PRUNE_MINUTE, scanForwardings } from './forwarding.scan';
import { MAX_ATTEMPTS, retryDelayMs, sendDueForwardings, type SendDeps } from './forwarding.send';
import type { Lookup } from '../../lib/outbound';

/**
 * URL forwardings end to end (docs/forwarding.md "URL (JSON POST)", "Delivery"): readings reported through the device
 * protocol reach a local receiver as signed JSON, once per report, retried with backoff after a failure,
 * never twice after a restart, and never to an address the guard refuses at delivery time. The operator
 * setting allows 127.0.0.1 (FORWARD_ALLOW_HOSTS), where the receiver listens.
 */
describe('URL forwarding delivery', () => {
  let t: TestApp;
  let receiver: Receiver;
  let owner: TestUser;
  let c: TestController;
  let forwardingId: number;
  let signingKey: string;
  const deps = (extra: Partial<SendDeps> = {}): SendDeps => ({
    mailer: { send: async () => {}, deliver: async () => {} },
    log: silentLog,
    retryDelayMs,
    ...extra,
  });
  const send = (extra: Partial<SendDeps> = {}) =>
    sendDueForwardings({ config: t.config, db: t.db }, deps(extra));
  const soon = (minutes: number) => second(Date.now() + minutes * 60_000);
  const posts = () => receiver.requests.filter((r) => r.path === '/hook');

  beforeAll(async () => {
    t = await createTestApp({ FORWARD_ALLOW_HOSTS: '127.0.0.1' });
    receiver = await startReceiver();
    owner = await createUser(t.db);
  });
  afterAll(async () => {
    await receiver.close();
    await t.close();
  });
  beforeEach(async () => {
    receiver.requests.length = 0;
    receiver.answers.length = 0;
    await t.db.delete(forwardings);
    c = await ownedController(t, owner);
    const res = await caller(t.app)<ForwardingCreated>(
      'POST',
      `/api/controller/${c.id}/channel/1/forwarding`,
      {
        user: owner,
        body: { kind: 'http', url: `${receiver.url}/hook` },
      },
    );
    if (res.status !== 200 || !res.body.signingKey) throw new Error(`forwarding not created: ${res.message}`);
    forwardingId = res.body.forwarding.id;
    signingKey = res.body.signingKey;
  });

  it('each new report reaches the URL once as signed JSON of the documented schema', async () => {
    const times = [soon(1), soon(2)];
    await postReport(t, c, times);
    expect(await scanForwardings(t.db)).toEqual({ created: 2, more: false });
    expect(await send()).toEqual({ sent: 2, retried: 0, failed: 0 });

    expect(posts()).toHaveLength(2);
    const delivered = await deliveriesOf(t, forwardingId);
    for (const [i, request] of posts().entries()) {
      const expected = crypto.createHmac('sha256', signingKey).update(request.body, 'utf8').digest('hex');
      expect(request.headers[FORWARDING_SIGNATURE_HEADER.toLowerCase()]).toBe(`sha256=${expected}`);
      expect(request.headers['content-type']).toBe('application/json');
      const body = forwardingPayloadSchema.parse(JSON.parse(request.body));
      expect(body).toMatchObject({
        version: 1,
        deliveryId: delivered[i]?.id,
        controller: { id: c.id, name: 'Stand Moos' },
        channel: 1,
        reportAt: times[i]?.toISOString(),
        readings: [{ time: times[i]?.toISOString(), weight: 42.35 + i, temperature: null, humidity: null }],
      });
      expect(request.headers[FORWARDING_DELIVERY_HEADER.toLowerCase()]).toBe(String(body.deliveryId));
      const stamp = Number(request.headers[FORWARDING_TIMESTAMP_HEADER.toLowerCase()]);
      expect(stamp).toBe(Math.floor(Date.parse(body.sentAt) / 1000));
      expect(Math.abs(stamp * 1000 - Date.now())).toBeLessThan(60_000);
    }
    expect(delivered.map((d) => d.status)).toEqual(['sent', 'sent']);
    const row = await forwardingRow(t, forwardingId);
    expect(row.lastSuccessAt).not.toBeNull();
    expect(row.lastError).toBeNull();
    // another channel of the same report is not this forwarding's
    expect(posts().every((r) => JSON.parse(r.body).channel === 1)).toBe(true);
  });

  it('a 500 is retried after a doubling wait and then delivered; the owner sees the error meanwhile', async () => {
    await postReport(t, c, [soon(1)]);
    await scanForwardings(t.db);
    receiver.answers.push(500, 503);

    // the waits count from the failed try, however long a send took on a busy machine
    const waitAfter = async (delayMs: number) => {
      const before = Date.now();
      expect(await send()).toEqual({ sent: 0, retried: 1, failed: 0 });
      const after = Date.now();
      const [row] = await deliveriesOf(t, forwardingId);
      expect(row?.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(before + delayMs);
      expect(row?.nextAttemptAt.getTime()).toBeLessThanOrEqual(after + delayMs);
      return row;
    };
    let d = await waitAfter(30_000);
    expect(d).toMatchObject({ status: 'pending', attempts: 1, lastError: 'HTTP 500' });
    expect(await forwardingRow(t, forwardingId)).toMatchObject({
      lastError: 'HTTP 500',
      lastSuccessAt: null,
    });
    // not due yet: nothing is sent
    expect(await send()).toEqual({ sent: 0, retried: 0, failed: 0 });

    await makeDue(t);
    d = await waitAfter(60_000);
    expect(d).toMatchObject({ status: 'pending', attempts: 2 });

    await makeDue(t);
    expect(await send()).toEqual({ sent: 1, retried: 0, failed: 0 });
    [d] = await deliveriesOf(t, forwardingId);
    expect(d).toMatchObject({ status: 'sent', attempts: 3, lastError: null });
    expect(posts()).toHaveLength(3);
    // the three tries are the same delivery: a receiver can drop the repeats by its id
    expect(new Set(posts().map((r) => r.headers[FORWARDING_DELIVERY_HEADER.toLowerCase()])).size).toBe(1);
    const row = await forwardingRow(t, forwardingId);
    expect(row.lastError).toBeNull();
    expect(row.lastSuccessAt).not.toBeNull();
  });

  it(`gives up after ${MAX_ATTEMPTS} attempts and keeps the reason`, async () => {
    await postReport(t, c, [soon(1)]);
    await scanForwardings(t.db);
    await t.db
      .update(forwardingDeliveries)
      .set({ attempts: MAX_ATTEMPTS - 1 })
      .where(eq(forwardingDeliveries.forwardingId, forwardingId));
    receiver.answers.push(404);
    expect(await send()).toEqual({ sent: 0, retried: 0, failed: 1 });
    expect((await deliveriesOf(t, forwardingId))[0]).toMatchObject({
      status: 'failed',
      lastError: 'HTTP 404',
    });
    await makeDue(t);
    expect(await send()).toEqual({ sent: 0, retried: 0, failed: 0 });
  });

  it('a restart delivers nothing twice: scans and sends run again find nothing new', async () => {
    const times = [soon(1), soon(2), soon(3)];
    await postReport(t, c, times);
    expect((await scanForwardings(t.db)).created).toBe(3);
    expect((await scanForwardings(t.db)).created).toBe(0);
    await send();
    await send();
    expect((await scanForwardings(t.db)).created).toBe(0);
    await send();
    expect(posts()).toHaveLength(3);
    expect((await deliveriesOf(t, forwardingId)).map((d) => d.status)).toEqual(['sent', 'sent', 'sent']);
    // a report sent again by the controller (duplicates) queues nothing either
    await postReport(t, c, times.slice(0, 1));
    expect((await scanForwardings(t.db)).created).toBe(0);
  });

  it('a run that died after taking a delivery leaves it to the next run once its lease ends (at least once)', async () => {
    await postReport(t, c, [soon(1)]);
    await scanForwardings(t.db);
    const taken = await claimDueDeliveries(t.db, 10, 5 * 60_000, 0);
    expect(taken).toHaveLength(1);
    expect(await send()).toEqual({ sent: 0, retried: 0, failed: 0 });
    await makeDue(t);
    expect(await send()).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(posts()).toHaveLength(1);
  });

  it('a reading committed late, behind the cursor, is still delivered once', async () => {
    const [early, later] = [soon(2), soon(5)];
    await postReport(t, c, [later]);
    await scanForwardings(t.db);
    await send();
    await postReport(t, c, [early]);
    expect((await scanForwardings(t.db)).created).toBe(1);
    await send();
    expect(posts().map((r) => JSON.parse(r.body).reportAt)).toEqual([
      later.toISOString(),
      early.toISOString(),
    ]);
  });

  it('deliveries finished over 30 days ago are removed once an hour; pending and recent ones stay', async () => {
    const old = new Date(Date.now() - 40 * 86_400_000);
    const recent = new Date(Date.now() - 86_400_000);
    await t.db.insert(forwardingDeliveries).values([
      { forwardingId, reportAt: old, status: 'sent', createdAt: old },
      { forwardingId, reportAt: new Date(old.getTime() + 1000), status: 'failed', createdAt: old },
      { forwardingId, reportAt: new Date(old.getTime() + 2000), status: 'pending', createdAt: old },
      { forwardingId, reportAt: recent, status: 'sent', createdAt: recent },
    ]);
    const hour = Math.floor(Date.now() / 3_600_000) * 3_600_000;
    await scanForwardings(t.db, hour + (PRUNE_MINUTE + 1) * 60_000);
    expect(await deliveriesOf(t, forwardingId)).toHaveLength(4);
    await scanForwardings(t.db, hour + PRUNE_MINUTE * 60_000);
    expect((await deliveriesOf(t, forwardingId)).map((d) => d.status)).toEqual(['pending', 'sent']);
  });

  it('readings from before the forwarding was added are not forwarded', async () => {
    await postReport(t, c, [second(Date.now() - 3_600_000)]);
    expect((await scanForwardings(t.db)).created).toBe(0);
  });

  it('the scan job nudges the send job when it queued deliveries', async () => {
    const nudged: string[] = [];
    const job = forwardingScanJob(t.db, {
      send: async () => {},
      nudge: async (name) => void nudged.push(name),
    });
    expect(job.name).toBe(FORWARDING_SCAN);
    expect(job.schedule?.cron).toBe('* * * * *');
    const meta = { id: 'x', attempt: 1, maxAttempts: 4, lastAttempt: false, retryAfterSeconds: 10 };
    await job.run({}, meta);
    expect(nudged).toEqual([]);
    await postReport(t, c, [soon(1)]);
    await job.run({}, meta);
    expect(nudged).toEqual([FORWARDING_SEND]);
  });

  it('the address is checked again at delivery: a name that now resolves to a refused address gets nothing', async () => {
    const port = new URL(receiver.url).port;
    await t.db
      .update(forwardings)
      .set({ target: `http://rebound.invalid:${port}/hook` })
      .where(eq(forwardings.id, forwardingId));
    await postReport(t, c, [soon(1)]);
    await scanForwardings(t.db);
    // a DNS answer that changed after the forwarding was added (DNS rebinding): another loopback address
    const rebound: Lookup = async () => [{ address: '127.0.0.2', family: 4 }];
    expect(await send({ lookup: rebound })).toEqual({ sent: 0, retried: 1, failed: 0 });
    expect(posts()).toHaveLength(0);
    expect((await forwardingRow(t, forwardingId)).lastError).toBe(
      '127.0.0.2 is not a public address (loopback)',
    );
  });

  it('runs in pg-boss: both jobs are scheduled every minute, and a report reaches the URL without a hand', async () => {
    await postReport(t, c, [soon(1)]);
    let boss: PgBoss | undefined;
    try {
      boss = await startBoss(t.url);
      const stop = await registerForwardingJobs({ config: t.config, db: t.db, boss, log: silentLog });
      const schedules = await boss.getSchedules();
      expect(schedules.map((s) => [s.name, s.cron]).sort()).toEqual([
        [FORWARDING_SCAN, '* * * * *'],
        [FORWARDING_SEND, '* * * * *'],
      ]);
      // the scan at start queues the report and nudges the send job
      await expect.poll(() => posts().length, { timeout: 20_000, interval: 200 }).toBe(1);
      await stop();
    } finally {
      await boss?.stop({ graceful: true, timeout: 5000 });
    }
    expect((await deliveriesOf(t, forwardingId)).map((d) => d.status)).toEqual(['sent']);
  });
});
