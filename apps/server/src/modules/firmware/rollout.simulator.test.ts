import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FirmwareRolloutAnswer, FirmwareRolloutDetail } from '@hivescope/contract';
import {
  createDemoFleet,
  VirtualController,
  type FetchLike,
  type FirmwareFailure,
} from '@hivescope/simulator';
import { createTestApp, type TestApp } from '../../../test/app';
import { startSmtp, type TestSmtp } from '../../../test/smtp';
import { createUser, type TestUser } from '../../../test/users';
import { controllers } from '../../db/schema';
import { caller } from '../controllers/controllers.fixtures';
import { deviceTokenHash } from '../device/device.service';
import { imageBytes, multipart } from './firmware.fixtures';

const HOUR = 3600_000;

/** fetch through app.inject: the virtual controllers speak HTTP to the real app without a port. */
function injectFetch(app: FastifyInstance): FetchLike {
  return async (input, init) => {
    const url = new URL(input);
    const res = await app.inject({
      method: (init.method ?? 'GET') as 'GET' | 'POST',
      url: url.pathname + url.search,
      headers: init.headers as Record<string, string>,
      ...(typeof init.body === 'string' ? { payload: init.body } : {}),
    });
    const headers = new Headers();
    for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) headers.set(k, String(v));
    return new Response(res.statusCode === 304 ? null : new Uint8Array(res.rawPayload), {
      status: res.statusCode,
      headers,
    });
  };
}

/**
 * The simulator's virtual controllers take part in a roll-out end to end (docs/firmware.md): they report,
 * get the offer, download the image in Range pieces with their own token, check its SHA-256, install it and
 * report the new version — or fail as told, which pauses the roll-out.
 */
describe('roll-outs with the simulator’s virtual controllers', () => {
  let t: TestApp;
  let smtp: TestSmtp;
  let admin: TestUser;
  let call: ReturnType<typeof caller>;
  // a fixed day in June: the virtual batteries are charged (in winter some run flat and stop reporting)
  let clock = Date.UTC(2025, 5, 2, 0);

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'http://hive.test' });
    admin = await createUser(t.db, { admin: true, locale: 'en' });
    call = caller(t.app);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  /** Four virtual controllers, registered with the server, that reported once; `failing[i]` fails updates. */
  async function fleet(seed: number, failing: Array<FirmwareFailure | undefined> = []) {
    const out: Array<{ id: number; vc: VirtualController }> = [];
    for (const [i, def] of createDemoFleet(seed, 4).entries()) {
      const token = crypto.randomBytes(24).toString('base64url');
      const [row] = await t.db
        .insert(controllers)
        .values({
          name: def.name,
          imsi: def.imsi,
          imei: def.imei,
          updateInterval: 1,
          subscriptionEnd: new Date(Date.now() + 365 * 24 * HOUR),
          deviceTokenHash: deviceTokenHash(token),
        })
        .returning({ id: controllers.id });
      const failure = failing[i];
      const vc = new VirtualController(
        {
          baseUrl: 'http://hive.test',
          token,
          def,
          missedReports: false,
          updateIntervalHours: 1,
          firmwareDownload: { pieceBytes: 16 * 1024 },
          ...(failure ? { firmwareFailure: failure } : {}),
        },
        { fetch: injectFetch(t.app) },
      );
      vc.startAt(clock);
      out.push({ id: row!.id, vc });
    }
    await hours(1, out);
    return out;
  }

  /** Every controller runs `n` simulated hours (one report per hour each). */
  async function hours(n: number, fleet: Array<{ vc: VirtualController }>) {
    for (let i = 0; i < n; i++) {
      clock += HOUR;
      for (const { vc } of fleet) await vc.tick(clock);
    }
  }

  async function uploadVersion(version: string, seed: number) {
    const body = await multipart([
      ['version', version],
      ['data', { filename: `hive-${version}.bin`, data: imageBytes(100 * 1024, seed) }],
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/firmware',
      payload: body.payload,
      headers: { ...body.headers, cookie: admin.cookie },
    });
    expect(res.statusCode).toBe(201);
  }

  const start = async (version: string, ids: number[]) =>
    (
      await call<FirmwareRolloutAnswer>('POST', '/api/admin/firmware/rollout', {
        user: admin,
        body: { version, controllerIds: ids, firstStagePercent: 50 },
      })
    ).body.rollout.id;
  const detail = async (id: number) =>
    (await call<FirmwareRolloutDetail>('GET', `/api/admin/firmware/rollout/${id}`, { user: admin })).body;
  const states = async (id: number) => (await detail(id)).controllers.map((m) => m.state);

  it('pauses by itself when a virtual controller falls back to its old version after the update', async () => {
    await uploadVersion('1.5.0', 1);
    const f = await fleet(21, ['fallBack']);
    expect(f.map((c) => c.vc.firmware)).toEqual(['1.4.2', '1.4.2', '1.4.2', '1.4.2']);
    const id = await start(
      '1.5.0',
      f.map((c) => c.id),
    );
    await hours(1, f); // offered, downloaded (16 KiB pieces), checked, installed
    expect(f.map((c) => c.vc.firmware)).toEqual(['1.5.0', '1.5.0', '1.4.2', '1.4.2']);
    await hours(1, f); // both report 1.5.0; the failing one falls back afterwards
    expect(await states(id)).toEqual(['updated', 'updated', 'waiting', 'waiting']);
    await hours(1, f); // it reports 1.4.2: the roll-out pauses
    const paused = await detail(id);
    expect(paused.status).toBe('paused');
    expect(paused.pausedReason).toMatchObject({ kind: 'fellBack', controllerId: f[0]!.id });
    expect(paused.controllers.map((m) => m.state)).toEqual(['failed', 'updated', 'waiting', 'waiting']);
    await smtp.waitFor((m) => m.to.includes(admin.email) && m.subject.includes('1.5.0'));
    // nobody is offered the version while paused: the failed one does not retry, stage 2 never got it
    await hours(2, f);
    expect(f.map((c) => c.vc.firmware)).toEqual(['1.4.2', '1.5.0', '1.4.2', '1.4.2']);
    expect(
      (await call('POST', `/api/admin/firmware/rollout/${id}`, { user: admin, body: { action: 'cancel' } }))
        .status,
    ).toBe(200);
  });

  it('continues to the rest on the admin’s word when the first stage updates, and completes', async () => {
    await uploadVersion('1.6.0', 2);
    const f = await fleet(22);
    const id = await start(
      '1.6.0',
      f.map((c) => c.id),
    );
    await hours(3, f);
    expect(await states(id)).toEqual(['updated', 'updated', 'waiting', 'waiting']);
    expect((await detail(id)).status).toBe('running');
    const next = await call('POST', `/api/admin/firmware/rollout/${id}`, {
      user: admin,
      body: { action: 'continue' },
    });
    expect(next.status).toBe(200);
    await hours(2, f);
    expect(f.map((c) => c.vc.firmware)).toEqual(['1.6.0', '1.6.0', '1.6.0', '1.6.0']);
    const done = await detail(id);
    expect([done.status, done.counts.updated]).toEqual(['completed', 4]);
    expect(smtp.messages.filter((m) => m.subject.includes('1.6.0'))).toEqual([]);
  });
});
