import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { MidnightValues } from '@hivescope/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import { createCast, type TestUser } from '../../../test/users';
import {
  caller,
  seedController,
  seedReadings,
  seedScale,
  seedWatch,
  type SeededController,
} from './controllers.fixtures';

/** Midnight values in Europe/Zurich around the DST switches of 2025 (30 March: 23 h day; 26 October: 25 h day). */
describe('GET /api/controller/{id}/midnightvalues', () => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let owner: TestUser, other: TestUser, watcher: TestUser, manager: TestUser, admin: TestUser;
  let spring: SeededController, autumn: SeededController, newYork: SeededController;
  const ids: Record<string, number> = {};

  const at = (iso: string) => vi.setSystemTime(new Date(iso));
  const get = (c: SeededController, user: TestUser = owner) =>
    call<MidnightValues>('GET', `/api/controller/${c.id}/midnightvalues`, { user });
  const byChannel = (v: MidnightValues) =>
    Object.fromEntries(v.scales.map((s) => [s.channel, [s.weight, s.time]]));

  beforeAll(async () => {
    t = await createTestApp();
    call = caller(t.app);
    const { aff, ...cast } = await createCast(t.db);
    ({ owner, other, watcher, manager, admin } = cast);
    spring = await seedController(t.db, { ownerId: owner.id, affiliationId: aff });
    autumn = await seedController(t.db, { ownerId: owner.id });
    newYork = await seedController(t.db, { ownerId: owner.id, timeZone: 'America/New_York' });
    await seedWatch(t.db, watcher.id, spring.id);
    for (const ch of [1, 2, 4, 6]) ids[`s${ch}`] = await seedScale(t.db, spring.id, ch);
    ids.s3 = await seedScale(t.db, spring.id, 3, { setupAt: new Date('2025-03-30T05:00:00Z') });
    ids.s5 = await seedScale(t.db, spring.id, 5, { type: 'sensor' });
    await seedScale(t.db, spring.id, 7, { state: 'archived' });
    await seedReadings(t.db, spring.id, 1, [
      { time: '2025-03-29T22:00:00Z', weight: 30 },
      { time: '2025-03-29T23:00:00Z', weight: 31 }, // exactly local midnight of 30 March (CET, UTC+1)
      { time: '2025-03-30T00:00:00Z', weight: 32 },
      { time: '2025-03-30T21:59:00Z', weight: 40 }, // just before local midnight of 31 March (CEST, UTC+2)
      { time: '2025-03-30T22:30:00Z', weight: 41 },
    ]);
    await seedReadings(t.db, spring.id, 2, [
      { time: '2025-03-29T22:30:00Z', weight: 50 },
      { time: '2025-03-29T23:30:00Z', weight: 51 },
    ]);
    await seedReadings(t.db, spring.id, 3, [
      { time: '2025-03-29T20:00:00Z', weight: 10 }, // before the scale was set up: not its data
      { time: '2025-03-30T06:00:00Z', weight: 20 },
      { time: '2025-03-30T07:00:00Z', weight: 21 },
    ]);
    await seedReadings(t.db, spring.id, 5, [{ time: '2025-03-29T22:00:00Z', temperature: 30, humidity: 60 }]);
    await seedReadings(t.db, spring.id, 6, [{ time: '2025-03-30T18:00:00Z', weight: 70 }]); // after "now"
    await seedScale(t.db, autumn.id, 1);
    await seedReadings(t.db, autumn.id, 1, [
      { time: '2025-10-25T21:45:00Z', weight: 60 },
      { time: '2025-10-25T22:15:00Z', weight: 61 }, // after local midnight of 26 October (CEST, UTC+2)
      { time: '2025-10-26T22:45:00Z', weight: 62 },
      { time: '2025-10-26T23:15:00Z', weight: 63 }, // after local midnight of 27 October (CET, UTC+1)
    ]);
    await seedScale(t.db, newYork.id, 1);
    await seedReadings(t.db, newYork.id, 1, [
      { time: '2025-06-01T03:59:00Z', weight: 80 }, // 23:59 EDT
      { time: '2025-06-01T04:01:00Z', weight: 81 },
    ]);
    vi.useFakeTimers({ toFake: ['Date'] });
  });
  afterEach(() => vi.setSystemTime(new Date()));
  afterAll(async () => {
    vi.useRealTimers();
    await t.close();
  });

  it('takes the last reading at or before local midnight on the 23-hour DST day', async () => {
    at('2025-03-30T12:00:00Z');
    const res = await get(spring);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      controllerId: spring.id,
      fetching: false,
      midnight: '2025-03-29T23:00:00.000Z',
      timeZone: 'Europe/Zurich',
    });
    expect(byChannel(res.body)).toEqual({
      1: [31, '2025-03-29T23:00:00.000Z'],
      2: [50, '2025-03-29T22:30:00.000Z'],
      3: [20, '2025-03-30T06:00:00.000Z'], // none before midnight since setup: the first reading of today
      4: [null, null],
      5: [null, null],
      6: [null, null], // its only reading lies after now
    });
    expect(res.body.scales.find((s) => s.channel === 1)!.idscale).toBe(ids.s1);
  });

  it('uses summer time the day after the switch', async () => {
    at('2025-03-31T06:00:00Z');
    const res = await get(spring);
    expect(res.body.midnight).toBe('2025-03-30T22:00:00.000Z');
    expect(byChannel(res.body)[1]).toEqual([40, '2025-03-30T21:59:00.000Z']);
  });

  it('handles the 25-hour day in October', async () => {
    at('2025-10-26T20:00:00Z');
    const a = await get(autumn);
    expect(a.body.midnight).toBe('2025-10-25T22:00:00.000Z');
    expect(byChannel(a.body)[1]).toEqual([60, '2025-10-25T21:45:00.000Z']);
    at('2025-10-27T10:00:00Z');
    const b = await get(autumn);
    expect(b.body.midnight).toBe('2025-10-26T23:00:00.000Z');
    expect(byChannel(b.body)[1]).toEqual([62, '2025-10-26T22:45:00.000Z']);
  });

  it('follows the controller’s own time zone', async () => {
    at('2025-06-01T15:00:00Z');
    const res = await get(newYork);
    expect(res.body).toMatchObject({ midnight: '2025-06-01T04:00:00.000Z', timeZone: 'America/New_York' });
    expect(byChannel(res.body)[1]).toEqual([80, '2025-06-01T03:59:00.000Z']);
  });

  it('answers owner, watcher, manager of the affiliation and admin; 404 for others; 401 anonymous', async () => {
    at('2025-03-30T12:00:00Z');
    for (const user of [owner, watcher, manager, admin])
      expect((await get(spring, user)).body.scales).toHaveLength(6);
    const res = await get(spring, other);
    expect(res.status).toBe(404);
    expect(res.message).toBe('The transmitter was not found');
    expect((await call('GET', `/api/controller/${spring.id}/midnightvalues`)).status).toBe(401);
  });
});
