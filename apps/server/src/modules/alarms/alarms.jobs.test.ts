import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/app';
import { createCast, type TestUser } from '../../../test/users';
import { alarmDirty, controllers } from '../../db/schema';
import type { JobQueue } from '../../background-jobs/queue';
import { insertController, report } from '../device/device.fixtures';
import { dirtyMarks } from './alarms.repository';
import { ALARM_DETECT, QUIET_UTILIZATION, alarmDetectJob, loopMeter, type LoopMeter } from './alarms.jobs';
import { DETECT_SHARE, MIN_PAUSE_MS } from './detection';

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

  /** One owned controller a report for each hour given: one mark each. */
  async function marked(hours: number[]) {
    for (const hour of hours) {
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
  }

  it('a run inside the pause analyses nothing and asks again for the rest of the pause; after it, the next controller', async () => {
    await marked([50, 51]);
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

  it("the share's pause while the server was busy during the last pause, the least pause while it was quiet", async () => {
    await marked([50, 51, 52, 53]);
    const nudges: Array<[string, number | undefined]> = [];
    const queue: JobQueue = {
      send: async () => {},
      nudge: async (name, afterMs) => void nudges.push([name, afterMs]),
    };
    // every reading of this clock is 100 ms later: each run's detectors take 100 ms
    let now = 1_000;
    const clock = () => (now += 100);
    let busy = 1;
    const marks: number[] = [];
    const loop: LoopMeter = { mark: () => void marks.push(now), since: () => busy };
    const job = alarmDetectJob(t.db, queue, clock, loop);
    const shared = 100 * (1 / DETECT_SHARE - 1);
    expect(shared).toBeGreaterThan(MIN_PAUSE_MS);

    // nothing known about the load before the first pause: the share's pause
    await job.run({}, meta);
    expect(nudges).toEqual([[ALARM_DETECT, shared]]);
    expect(marks).toHaveLength(1);

    // busy during that pause: the share's pause again
    now += shared;
    await job.run({}, meta);
    expect(nudges[1]).toEqual([ALARM_DETECT, shared]);

    // quiet during the next: the least pause
    busy = QUIET_UTILIZATION / 2;
    now += shared;
    await job.run({}, meta);
    expect(nudges[2]).toEqual([ALARM_DETECT, MIN_PAUSE_MS]);
    expect((await dirtyMarks(t.db, 10)).length).toBe(1);
    expect(marks).toHaveLength(3);
  });
});

describe('loopMeter: how busy the event loop was since its mark', () => {
  it('counts as busy before any mark, and busy after blocking work on the real event loop', () => {
    const loop = loopMeter();
    expect(loop.since()).toBe(1);
    loop.mark();
    const until = performance.now() + 50;
    while (performance.now() < until) {
      // the event loop held, as by the detectors or a request's work
    }
    expect(loop.since()).toBeGreaterThan(0.8);
  });

  it('gives the share of the time busy between the mark and now, from the readings of node:perf_hooks', () => {
    // cumulative readings as perf_hooks gives them: idle and active milliseconds since the process started
    let reading = { idle: 1000, active: 500 };
    const elu = (from?: { idle: number; active: number }) => {
      const idle = reading.idle - (from?.idle ?? 0);
      const active = reading.active - (from?.active ?? 0);
      return { idle, active, utilization: active / (idle + active) };
    };
    const loop = loopMeter(elu);
    loop.mark();
    reading = { idle: 1045, active: 505 }; // 50 ms waited, 5 of them busy with other work
    expect(loop.since()).toBeCloseTo(0.1);
    expect(loop.since()).toBeLessThan(QUIET_UTILIZATION);
    loop.mark();
    reading = { idle: 1055, active: 545 }; // 50 ms, 40 busy
    expect(loop.since()).toBeCloseTo(0.8);
  });
});
