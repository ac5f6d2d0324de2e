import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Controller } from '@hivescope/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import { createUser, type TestUser } from '../../../test/users';
import { controllers, readings, scales } from '../../db/schema';
import { caller, randomDigits, seedWatch } from './controllers.fixtures';
import { newWatchCode } from './watch-code';

const CONTROLLERS = 50;
const CHANNELS = 8;
const HOURS = 24;
const base = Date.parse('2025-05-01T00:00:00Z');
const weightOf = (c: number, ch: number, h: number) => Math.round((20 + c + ch / 10 + h / 100) * 100) / 100;

/** GET /api/controller for a beekeeper with 50 controllers × 8 scales (completeness only; speed is in bench/). */
describe('GET /api/controller with 50 controllers × 8 scales', () => {
  let t: TestApp;
  let owner: TestUser;
  let ids: number[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t.db);
    const rows = await t.db
      .insert(controllers)
      .values(
        Array.from({ length: CONTROLLERS }, (_, i) => ({
          name: `Stand ${String(i).padStart(2, '0')}`,
          imsi: randomDigits(),
          ownerId: owner.id,
          watchCode: newWatchCode(),
          subscriptionEnd: new Date(Date.now() + 400 * 86_400_000),
          deviceTokenHash: crypto.randomBytes(32).toString('hex'),
        })),
      )
      .returning({ id: controllers.id });
    ids = rows.map((r) => r.id);
    await t.db.insert(scales).values(
      ids.flatMap((controllerId) =>
        Array.from({ length: CHANNELS }, (_, k) => ({
          controllerId,
          channel: k + 1,
          name: `Volk ${k + 1}`,
          emptyWeight: 10,
          setupAt: new Date(base),
        })),
      ),
    );
    const all = ids.flatMap((controllerId, c) =>
      Array.from({ length: CHANNELS }, (_, k) =>
        Array.from({ length: HOURS }, (_, h) => ({
          controllerId,
          channel: k + 1,
          time: new Date(base + h * 3600_000),
          weight: weightOf(c, k + 1, h),
        })),
      ).flat(),
    );
    for (let i = 0; i < all.length; i += 5000) await t.db.insert(readings).values(all.slice(i, i + 5000));
  });
  afterAll(() => t.close());

  it('returns every controller with all 8 scales and each scale’s latest reading', async () => {
    const res = await caller(t.app)<Controller[]>('GET', '/api/controller', { user: owner });
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(CONTROLLERS);
    res.body.forEach((c, i) => {
      expect(c.id).toBe(ids[i]);
      expect(c.scales.map((s) => s.channel)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
      for (const s of c.scales) {
        const expected = weightOf(i, s.channel, HOURS - 1);
        expect(s.weight).toBeCloseTo(expected, 3);
        expect(s.net).toBeCloseTo(expected - 10, 3);
        expect(s.weightTime).toBe(new Date(base + (HOURS - 1) * 3600_000).toISOString());
      }
    });
  });

  it('adds watched controllers after the own ones, read-only', async () => {
    const watcher = await createUser(t.db);
    for (const id of ids.slice(0, 3)) await seedWatch(t.db, watcher.id, id);
    const res = await caller(t.app)<Controller[]>('GET', '/api/controller', { user: watcher });
    expect(res.body.map((c) => [c.id, c.readOnly, c.scales.length])).toEqual(
      ids.slice(0, 3).map((id) => [id, true, 8]),
    );
  });
});
