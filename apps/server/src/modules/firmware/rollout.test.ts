import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  DeviceReportAnswer,
  FirmwareRollout,
  FirmwareRolloutAnswer,
  FirmwareRolloutDetail,
} from '@hivescope/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import { startSmtp, type TestSmtp } from '../../../test/smtp';
import { createCast, createUser, type TestUser } from '../../../test/users';
import { createMailer } from '../../mail/mailer';
import { caller, controllerRow } from '../controllers/controllers.fixtures';
import { insertController, report, type TestController } from '../device/device.fixtures';
import { imageBytes, insertImage, sha256 } from './firmware.fixtures';
import { FIRMWARE_ROLLOUT_WATCH, firmwareWatchJob } from './firmware.jobs';
import { firstStageSize } from './rollout.actions';
import { createRolloutService } from './rollout.service';

const HOUR = 3600_000;

describe('staged firmware roll-outs', () => {
  let t: TestApp;
  let smtp: TestSmtp;
  let call: ReturnType<typeof caller>;
  let admin: TestUser;
  let cast: Awaited<ReturnType<typeof createCast>>;
  let hour = 0;

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://hive.example.org' });
    call = caller(t.app);
    admin = await createUser(t.db, { admin: true, locale: 'en' });
    cast = await createCast(t.db);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  /**
   * What the download answers `c` for `offer` (its URL and image): 304 = allowed (If-None-Match with the
   * image's ETag, so no download is noted and no silence watch starts), 403 = not offered.
   */
  async function downloadStatus(c: TestController, offer: { url: string; sha256: string }) {
    const res = await t.app.inject({
      method: 'GET',
      url: new URL(offer.url, 'http://device').pathname,
      headers: { authorization: `Bearer ${c.token}`, 'if-none-match': `"${offer.sha256}"` },
    });
    return res.statusCode;
  }
  /** A report of `c` running `firmware`; answers the config the transmitter gets. */
  const reportAs = async (c: TestController, firmware: string) => {
    hour += 1;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/device/v1/report',
      headers: { authorization: `Bearer ${c.token}` },
      payload: report(c, { firmware, startHour: hour, count: 1, channels: [1] }),
    });
    expect(res.statusCode).toBe(200);
    const config = res.json<DeviceReportAnswer>().config;
    if (config.firmware) expect(await downloadStatus(c, config.firmware)).toBe(304);
    return config;
  };
  /** Four controllers that reported `from`. */
  const fleet = async (from = '1.4.2') => {
    const cs = [];
    for (let i = 0; i < 4; i++) {
      const c = await insertController(t.db);
      await reportAs(c, from);
      cs.push(c);
    }
    return cs as [TestController, TestController, TestController, TestController];
  };
  const start = (version: string, ids: number[], firstStagePercent = 50, user: TestUser | null = admin) =>
    call<FirmwareRolloutAnswer>('POST', '/api/admin/firmware/rollout', {
      user: user ?? undefined,
      body: { version, controllerIds: ids, firstStagePercent },
    });
  const act = (id: number, action: string, user: TestUser | null = admin) =>
    call<FirmwareRolloutAnswer>('POST', `/api/admin/firmware/rollout/${id}`, {
      user: user ?? undefined,
      body: { action },
    });
  const detail = async (id: number) =>
    (await call<FirmwareRolloutDetail>('GET', `/api/admin/firmware/rollout/${id}`, { user: admin })).body;
  const watcher = () =>
    createRolloutService({
      db: t.db,
      mailer: createMailer(t.config, t.db, { info: () => undefined, error: () => undefined }),
      publicUrl: t.config.publicUrl,
      log: { error: () => undefined },
    });

  it('sizes the first stage: the percentage rounded up, at least one controller', () => {
    expect([
      firstStageSize(4, 50),
      firstStageSize(3, 50),
      firstStageSize(10, 1),
      firstStageSize(5, 100),
    ]).toEqual([2, 2, 1, 5]);
  });

  it('pauses by itself when an updated controller falls back to its old version, and mails the admins', async () => {
    const bytes = imageBytes(5000, 4);
    await insertImage(t.db, '1.5.0', bytes);
    const [a, b, c, d] = await fleet();
    const started = await start('1.5.0', [a.id, b.id, c.id, d.id]);
    expect(started.status).toBe(201);
    expect(started.body.message).toBe('The roll-out of version 1.5.0 has started with 2 transmitters');
    const id = started.body.rollout.id;
    expect(started.body.rollout).toMatchObject({ status: 'running', stage: 1, firstStagePercent: 50 });
    expect(started.body.rollout.counts).toEqual({ total: 4, updated: 0, pending: 2, failed: 0, waiting: 2 });

    // stage 1 (a, b) is offered the image; stage 2 (c, d) is not yet
    expect((await reportAs(a, '1.4.2')).firmware).toEqual({
      version: '1.5.0',
      url: 'https://hive.example.org/api/device/v1/firmware/1.5.0',
      sha256: sha256(bytes),
      size: 5000,
    });
    expect((await reportAs(c, '1.4.2')).firmware).toBeNull();

    expect((await reportAs(a, '1.5.0')).firmware).toBeNull();
    await reportAs(b, '1.5.0');
    expect((await detail(id)).counts).toMatchObject({ updated: 2, pending: 0, waiting: 2 });
    expect(smtp.messages.filter((m) => m.subject.includes('1.5.0'))).toEqual([]);

    // b comes back on 1.4.2: the ingest notices it at once, and the answer to that very report no longer
    // offers 1.5.0, whose download b would now get 403 for (offer and download read the same standing)
    expect((await reportAs(b, '1.4.2')).firmware).toBeNull();
    expect(await downloadStatus(b, { url: '/api/device/v1/firmware/1.5.0', sha256: sha256(bytes) })).toBe(
      403,
    );
    const paused = await detail(id);
    expect(paused.status).toBe('paused');
    expect(paused.pausedReason).toMatchObject({ kind: 'fellBack', controllerId: b.id });
    expect(paused.controllers.map((m) => [m.controllerId, m.stage, m.state, m.failure])).toEqual([
      [a.id, 1, 'updated', null],
      [b.id, 1, 'failed', 'fellBack'],
      [c.id, 2, 'waiting', null],
      [d.id, 2, 'waiting', null],
    ]);
    const mail = await smtp.waitFor((m) => m.to.includes(admin.email) && m.subject.includes('1.5.0'));
    expect(mail.subject).toBe('Hivescope: the roll-out of firmware 1.5.0 has paused');
    expect(mail.text).toContain('reported its old version 1.4.2 again after the update');
    expect(mail.text).toContain('https://hive.example.org/a/firmware');
    // b is no longer offered the version it failed with (no download loop)
    expect((await reportAs(b, '1.4.2')).firmware).toBeNull();
    expect((await controllerRow(t.db, b.id)).desiredFirmware).toBeNull();

    // the admin resumes: still stage 1, b stays failed; c and d wait for "continue"
    const resumed = await act(id, 'continue');
    expect([resumed.status, resumed.body.message]).toEqual([200, 'The roll-out has been resumed']);
    expect(resumed.body.rollout).toMatchObject({ status: 'running', stage: 1, pausedReason: null });
    expect((await reportAs(c, '1.4.2')).firmware).toBeNull();
    // ended here, so that the next tests' watch runs see only their own roll-outs
    expect((await act(id, 'cancel')).status).toBe(200);
  });

  it('pauses by itself when an updated controller goes silent for over 2 × its update interval', async () => {
    await insertImage(t.db, '1.5.1', imageBytes(3000, 5));
    const [a, b, c, d] = await fleet('1.5.0');
    const id = (await start('1.5.1', [a.id, b.id, c.id, d.id])).body.rollout.id;
    await reportAs(a, '1.5.1');
    const service = watcher();
    // within 2 × 3 h nothing happens; b (offered, never downloaded) is not watched for silence
    expect(await service.watch(new Date(Date.now() + 5 * HOUR))).toEqual({
      updated: 0,
      failed: 0,
      paused: 0,
    });
    expect((await detail(id)).status).toBe('running');
    expect(await service.watch(new Date(Date.now() + 7 * HOUR))).toEqual({
      updated: 0,
      failed: 1,
      paused: 1,
    });
    const paused = await detail(id);
    expect(paused.pausedReason).toMatchObject({ kind: 'silent', controllerId: a.id });
    expect(paused.controllers.find((m) => m.controllerId === b.id)?.state).toBe('offered');
    // the offer of b is withdrawn while paused
    expect((await reportAs(b, '1.5.0')).firmware).toBeNull();
    const mail = await smtp.waitFor((m) => m.subject.includes('1.5.1'));
    expect(mail.text).toContain('has not reported for longer than twice its update interval');
  });

  it('the job firmware-rollout-watch runs the silence check every minute on the real clock', async () => {
    await insertImage(t.db, '1.5.2', imageBytes(100, 10));
    const [a, b] = await fleet('1.5.1');
    const id = (await start('1.5.2', [a.id, b.id], 50)).body.rollout.id;
    await reportAs(a, '1.5.2');
    const log = { info: () => undefined, error: () => undefined };
    const job = firmwareWatchJob({ config: t.config, db: t.db, log });
    expect([job.name, job.schedule?.cron, job.runAtStart]).toEqual([
      FIRMWARE_ROLLOUT_WATCH,
      '* * * * *',
      true,
    ]);
    const meta = { id: 'j', attempt: 1, maxAttempts: 1, lastAttempt: true, retryAfterSeconds: null };
    await job.run({}, meta);
    expect((await detail(id)).status).toBe('running');
    // a's last report and update were 7 hours ago (interval 3 h)
    await t.db.execute(
      sql`UPDATE controllers SET last_update = now() - interval '7 hours' WHERE id = ${a.id}`,
    );
    await t.db.execute(
      sql`UPDATE firmware_rollout_controllers SET updated_at = now() - interval '7 hours' WHERE rollout_id = ${id}`,
    );
    await job.run({}, meta);
    expect((await detail(id)).pausedReason).toMatchObject({ kind: 'silent', controllerId: a.id });
    expect((await act(id, 'cancel')).status).toBe(200);
  });

  it('continues to the rest only on the admin’s word when every controller updates, then completes', async () => {
    await insertImage(t.db, '1.6.0', imageBytes(2000, 6));
    const [a, b, c, d] = await fleet('1.5.0');
    const id = (await start('1.6.0', [a.id, b.id, c.id, d.id])).body.rollout.id;
    await reportAs(a, '1.6.0');
    await reportAs(b, '1.6.0');
    // stage 1 done: nothing moves by itself
    expect(await watcher().watch(new Date())).toEqual({ updated: 0, failed: 0, paused: 0 });
    const waiting = await detail(id);
    expect(waiting).toMatchObject({ status: 'running', stage: 1 });
    expect(waiting.stages).toEqual([
      { stage: 1, total: 2, updated: 2, pending: 0, failed: 0, waiting: 0 },
      { stage: 2, total: 2, updated: 0, pending: 0, failed: 0, waiting: 2 },
    ]);
    expect((await reportAs(c, '1.5.0')).firmware).toBeNull();

    const next = await act(id, 'continue');
    expect([next.status, next.body.message]).toEqual([
      200,
      'The roll-out continues with the remaining 2 transmitters',
    ]);
    expect(next.body.rollout).toMatchObject({ status: 'running', stage: 2 });
    expect((await reportAs(c, '1.5.0')).firmware?.version).toBe('1.6.0');
    await reportAs(c, '1.6.0');
    await reportAs(d, '1.6.0');
    const done = await detail(id);
    expect(done.status).toBe('completed');
    expect(done.counts).toEqual({ total: 4, updated: 4, pending: 0, failed: 0, waiting: 0 });
    // a completed roll-out no longer holds its controllers, and no admin was mailed about it
    const list = await call<{ id: number; rollout: unknown }[]>('GET', '/api/admin/firmware/controllers', {
      user: admin,
    });
    expect(list.body.find((r) => r.id === a.id)?.rollout).toBeNull();
    expect(smtp.messages.filter((m) => m.subject.includes('1.6.0'))).toEqual([]);
    expect((await act(id, 'continue')).status).toBe(409);
  });

  it('pause withdraws the offer, cancel restores the desired version from before', async () => {
    await insertImage(t.db, '1.7.0', imageBytes(100, 7));
    await insertImage(t.db, '1.6.5', imageBytes(100, 8));
    const [a, b] = await fleet('1.6.0');
    await call('POST', '/api/admin/controller/firmware?firmwareversion=1.6.5', {
      user: admin,
      body: { controllerIds: [b.id] },
    });
    const id = (await start('1.7.0', [a.id, b.id], 100)).body.rollout.id;
    expect((await controllerRow(t.db, b.id)).desiredFirmware).toBe('1.7.0');
    const paused = await act(id, 'pause');
    expect([paused.body.message, paused.body.rollout.pausedReason?.kind]).toEqual([
      'The roll-out has been paused',
      'manual',
    ]);
    expect((await reportAs(a, '1.6.0')).firmware).toBeNull();
    expect((await act(id, 'pause')).status).toBe(409);
    const cancelled = await act(id, 'cancel');
    expect([cancelled.body.message, cancelled.body.rollout.status]).toEqual([
      'The roll-out has been cancelled',
      'cancelled',
    ]);
    expect((await controllerRow(t.db, a.id)).desiredFirmware).toBeNull();
    expect((await controllerRow(t.db, b.id)).desiredFirmware).toBe('1.6.5');
    const again = await act(id, 'continue');
    expect([again.status, again.message]).toEqual([
      409,
      "This is not possible in the roll-out's current state",
    ]);
    // the controllers are free for a new roll-out
    expect((await start('1.7.0', [a.id], 100)).status).toBe(201);
  });

  it('is for admins only and refuses bad input without storing anything', async () => {
    await insertImage(t.db, '1.8.0', imageBytes(100, 9));
    const [a, b] = await fleet('1.7.0');
    const rollouts = async () =>
      (await t.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM firmware_rollouts`)).rows[0]?.n;
    const before = await rollouts();
    expect((await start('1.8.0', [a.id], 50, null)).status).toBe(401);
    expect((await call('GET', '/api/admin/firmware/rollouts')).status).toBe(401);
    for (const u of [cast.owner, cast.watcher, cast.manager]) {
      expect((await start('1.8.0', [a.id], 50, u)).status).toBe(403);
      expect((await call('GET', '/api/admin/firmware/rollouts', { user: u })).status).toBe(403);
    }
    const bad: Array<[unknown, number, string]> = [
      [
        { version: '1.8.0', controllerIds: [a.id], firstStagePercent: 0 },
        400,
        'The first stage must be a whole percentage from 1 to 100',
      ],
      [
        { version: '1.8.0', controllerIds: [a.id], firstStagePercent: 101 },
        400,
        'The first stage must be a whole percentage from 1 to 100',
      ],
      [
        { version: '1.8.0', controllerIds: [a.id], firstStagePercent: 2.5 },
        400,
        'The first stage must be a whole percentage from 1 to 100',
      ],
      [
        { version: '1.8.0', controllerIds: [], firstStagePercent: 50 },
        400,
        'Select at least one transmitter',
      ],
      [
        { version: 'v1', controllerIds: [a.id], firstStagePercent: 50 },
        400,
        'Enter a valid firmware version number, e.g. 1.5.0 or 2.0.1-rc1',
      ],
      [
        { version: '9.9.9', controllerIds: [a.id], firstStagePercent: 50 },
        404,
        'Firmware version 9.9.9 does not exist',
      ],
      [
        { version: '1.8.0', controllerIds: [a.id, 999_999], firstStagePercent: 50 },
        404,
        'Some of the selected transmitters do not exist',
      ],
    ];
    for (const [body, status, message] of bad) {
      const res = await call('POST', '/api/admin/firmware/rollout', { user: admin, body });
      expect([res.status, res.message]).toEqual([status, message]);
    }
    expect(await rollouts()).toBe(before);
    expect((await controllerRow(t.db, a.id)).desiredFirmware).toBeNull();

    const id = (await start('1.8.0', [a.id], 100)).body.rollout.id;
    const busy = await start('1.8.0', [b.id, a.id], 100);
    expect([busy.status, busy.message]).toEqual([
      409,
      '1 of the selected transmitters are in an active roll-out; cancel it first',
    ]);
    const assign = await call('POST', '/api/admin/controller/firmware?firmwareversion=1.8.0', {
      user: admin,
      body: { controllerIds: [a.id] },
    });
    expect(assign.status).toBe(409);
    await call('POST', `/api/admin/firmware/rollout/${id}`, { user: admin, body: { action: 'pause' } });
    const del = await call('DELETE', '/api/admin/firmware?version=1.8.0', { user: admin });
    expect([del.status, del.message]).toEqual([
      409,
      'Firmware version 1.8.0 cannot be deleted while a roll-out uses it',
    ]);
    expect((await controllerRow(t.db, b.id)).desiredFirmware).toBeNull();

    for (const u of [cast.owner, cast.manager]) {
      expect((await act(id, 'cancel', u)).status).toBe(403);
      expect((await call('GET', `/api/admin/firmware/rollout/${id}`, { user: u })).status).toBe(403);
    }
    expect((await act(id, 'cancel', null)).status).toBe(401);
    const wrong = await act(id, 'explode');
    expect([wrong.status, wrong.message]).toEqual([400, 'Choose continue, pause or cancel']);
    const missing = await act(999_999, 'pause');
    expect([missing.status, missing.message]).toEqual([404, 'The roll-out was not found']);
    expect((await call('GET', '/api/admin/firmware/rollout/abc', { user: admin })).status).toBe(400);
    expect((await detail(id)).status).toBe('paused');
    const list = await call<FirmwareRollout[]>('GET', '/api/admin/firmware/rollouts', { user: admin });
    expect(list.body[0]?.status).toMatch(/running|paused/);
  });
});
