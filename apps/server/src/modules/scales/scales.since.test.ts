import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScaleSaveResponse } from '@hivescope/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import { createCast, type TestUser } from '../../../test/users';
import { scales } from '../../db/schema';
import { dirtyMarks } from '../alarms/alarms.repository';
import {
  caller,
  count,
  scalesOf,
  seedController,
  seedReadings,
  seedScale,
  type SeededController,
} from '../controllers/controllers.fixtures';

describe('POST scale with `since`: a history that starts before the scale was entered', () => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let owner: TestUser;
  let c: SeededController;

  beforeAll(async () => {
    t = await createTestApp();
    call = caller(t.app);
    ({ owner } = await createCast(t.db));
    c = await seedController(t.db, { ownerId: owner.id });
    await seedScale(t.db, c.id, 2, {
      name: 'Alt',
      state: 'archived',
      setupAt: new Date('2024-01-01T00:00:00Z'),
      archivedAt: new Date('2024-06-01T00:00:00Z'),
    });
  });
  afterAll(() => t.close());

  it('the readings since `since` count for the new scale, and the detectors are asked to analyse them', async () => {
    const since = new Date(Date.now() - 5 * 86_400_000);
    await seedReadings(t.db, c.id, 1, [
      { time: new Date(since.getTime() - 3_600_000).toISOString(), weight: 10 }, // before: not this scale's
      { time: new Date(since.getTime() + 3_600_000).toISOString(), weight: 41.5 },
    ]);
    const body = { channel: `${c.id}:1`, name: 'Volk Mai', since: since.toISOString() };
    const res = await call<ScaleSaveResponse>('POST', '/api/scale', { user: owner, body });
    expect(res.status).toBe(200);
    expect(res.body.scale.weight).toBe(41.5);
    const stored = (await scalesOf(t.db, c.id)).find((s) => s.channel === 1);
    expect(stored?.setupAt.toISOString()).toBe(since.toISOString());
    const marks = await dirtyMarks(t.db, 100);
    expect(marks.find((m) => m.controllerId === c.id)?.since.toISOString()).toBe(since.toISOString());
  });

  it('in the future, before 2016, overlapping the archived scale or not a time: 400, nothing created', async () => {
    const before = await count(t.db, scales);
    const cases: [string, string][] = [
      [new Date(Date.now() + 3_600_000).toISOString(), 'The history start must not lie in the future.'],
      ['2015-12-31T23:00:00Z', 'Invalid date'],
      ['2024-05-01T00:00:00Z', 'after the previous scale on this channel was archived'],
      ['last week', 'Invalid date'],
    ];
    for (const [since, message] of cases) {
      const res = await call('POST', '/api/scale', {
        user: owner,
        body: { channel: `${c.id}:2`, name: 'X', since },
      });
      expect(res.status).toBe(400);
      expect(res.message).toContain(message);
    }
    expect(await count(t.db, scales)).toBe(before);
  });
});
