import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/app';
import { createCast, type TestUser } from '../../../test/users';
import { alarmDirty, controllers } from '../../db/schema';
import type { JobQueue } from '../../jobs/queue';
import { insertController, report } from '../device/device.fixtures';
import { dirtyMarks } from './alarms.repository';
import { ALARM_DETECT, alarmDetectJob } from './alarms.jobs';
import { MIN_PAUSE_MS } from './detection';

const meta = { id: 'job', attempt: 1, maxAttempts: 6, lastAttempt: false, retryAfterSeconds: 5 };

describe('the alarm-detect job keeps its pause when an ingest nudge starts a run early', () => {
  let t: TestApp;
  let owner: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    ({ owner } = await createCast(t.db));
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.db.delete(alarmDirty);
  });

  it('a run inside the pause analyses nothing and asks again for the rest of the pause; after it, the next controller', async () => {
    for (const hour of [50, 51]) {
      const c = await insertController(t.db);
      await t.db.update(controllers).set({ ownerId: owner.id }).where(eq(controllers.id, c.id));
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/device/v1/report',
        headers: { authorization: `Bearer ${c.token}`, 'content-type': 'application/json' },
        payload: JSON.stringify(report(c, { startHour: hour, count: 2 })),
      });
      expect(res.statusCode).toBe(200);
    }
    const nudges: Array<[string, number | undefined]> = [];
    const queue: JobQueue = {
      send: async () => {},
      nudge: async (name, afterMs) => void nudges.push([name, afterMs]),
    };
    // the detectors take no time on this clock: the pause is MIN_PAUSE_MS
    let now = 1_000;
    const job = alarmDetectJob(t.db, queue, () => now);
    const marks = async () => (await dirtyMarks(t.db, 10)).length;

    await job.run({}, meta);
    expect(await marks()).toBe(1);
    expect(nudges).toEqual([[ALARM_DETECT, MIN_PAUSE_MS]]);

    now += 100;
    await job.run({}, meta);
    expect(await marks()).toBe(1);
    expect(nudges[1]).toEqual([ALARM_DETECT, MIN_PAUSE_MS - 100]);

    now += MIN_PAUSE_MS;
    await job.run({}, meta);
    expect(await marks()).toBe(0);
    expect(nudges).toHaveLength(2);
  });
});
