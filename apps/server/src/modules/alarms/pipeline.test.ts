import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/app';
import { createCast, type TestUser } from '../../../test/users';
import {
  alarmDeliveries,
  alarmDirty,
  alarmEvents,
  controllerAlarmSettings,
  controllers,
  notificationChannels,
  notificationMutes,
} from '../../db/schema';
import { insertController, report, type TestController } from '../device/device.fixtures';
import { alarmTarget, dirtyMarks, markDirty } from './alarms.repository';
import { checkDeviceAlarms } from './device-alarms';
import {
  DETECT_SHARE,
  MAX_PAUSE_MS,
  MIN_PAUSE_MS,
  RUN_SPAN_MS,
  deliveryOf,
  detectNext,
  recordForTarget,
} from './detection';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('alarm pipeline: marks written with the readings, events recorded once, deliveries only where due', () => {
  let t: TestApp;
  let owner: TestUser;
  let c: TestController;

  const post = (body: unknown, token = c.token) =>
    t.app.inject({
      method: 'POST',
      url: '/api/device/v1/report',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
  const events = () => t.db.select().from(alarmEvents).where(eq(alarmEvents.controllerId, c.id));
  const deliveries = () => t.db.select().from(alarmDeliveries);

  beforeAll(async () => {
    t = await createTestApp();
    ({ owner } = await createCast(t.db));
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    c = await insertController(t.db);
    await t.db.update(controllers).set({ ownerId: owner.id }).where(eq(controllers.id, c.id));
    await t.db.delete(notificationChannels);
    await t.db.delete(alarmDirty);
  });

  it('a report with new readings marks its controller from its earliest reading; a re-sent one marks nothing', async () => {
    const body = report(c, { startHour: 10, count: 4 });
    expect((await post(body)).statusCode).toBe(200);
    const marks = await dirtyMarks(t.db, 10);
    expect(marks.map((m) => [m.controllerId, m.since.toISOString()])).toEqual([
      [c.id, body.readings[0]?.time],
    ]);
    await t.db.delete(alarmDirty);
    expect((await post(body)).statusCode).toBe(200);
    expect(await dirtyMarks(t.db, 10)).toEqual([]);
    // an older, late report moves the mark back to its own earliest reading
    await post(report(c, { startHour: 20, count: 2 }));
    const late = report(c, { startHour: 2, count: 2 });
    await post(late);
    expect((await dirtyMarks(t.db, 10))[0]?.since.toISOString()).toBe(late.readings[0]?.time);
  });

  it('a detection run removes the marks it analysed, but not one that new readings renewed meanwhile', async () => {
    await post(report(c, { startHour: 30, count: 2 }));
    const [mark] = await dirtyMarks(t.db, 10);
    expect(mark).toBeDefined();
    await t.db.update(alarmDirty).set({ markedAt: new Date(Date.now() + 1000) });
    // a run that read the old mark must leave the renewed one alone
    const { clearDirty } = await import('./alarms.repository');
    if (mark) await clearDirty(t.db, mark);
    expect(await dirtyMarks(t.db, 10)).toHaveLength(1);
    const run = await detectNext(t.db);
    expect(run).toEqual({ deliveries: 0, more: false, pauseMs: 0 });
    expect(await dirtyMarks(t.db, 10)).toEqual([]);
  });

  it('a detection run removes the mark the ingest wrote (a time with microseconds), so the next run has nothing to do', async () => {
    await post(report(c, { startHour: 40, count: 2 }));
    expect(await dirtyMarks(t.db, 10)).toHaveLength(1);
    // the mark's time is PostgreSQL's now(), with microseconds: a JavaScript Date of it would never match
    await detectNext(t.db);
    expect(await dirtyMarks(t.db, 10)).toEqual([]);
  });

  it('one controller a run, the oldest mark first; the next waits 1 / DETECT_SHARE − 1 times as long as the detectors of this one took', async () => {
    const others = [await insertController(t.db), await insertController(t.db)];
    for (const o of others)
      await t.db.update(controllers).set({ ownerId: owner.id }).where(eq(controllers.id, o.id));
    const all = [c, ...others];
    for (const [i, ctl] of all.entries())
      expect((await post(report(ctl, { startHour: 50 + i, count: 2 }), ctl.token)).statusCode).toBe(200);
    let clock = 0;
    const runs = [];
    for (let i = 0; i < 3; i++) {
      const [oldest] = await dirtyMarks(t.db, 1);
      runs.push({
        controller: oldest?.controllerId,
        ...(await detectNext(t.db, { clock: () => (clock += 100) })),
      });
    }
    // each run's detectors took 100 ms on this clock
    const pause = 100 * (1 / DETECT_SHARE - 1);
    expect(pause).toBeGreaterThan(MIN_PAUSE_MS);
    expect(runs).toEqual([
      { controller: all[0]?.id, deliveries: 0, more: true, pauseMs: pause },
      { controller: all[1]?.id, deliveries: 0, more: true, pauseMs: pause },
      { controller: all[2]?.id, deliveries: 0, more: false, pauseMs: 0 },
    ]);
    // after a run whose detectors took long (a backfill's) the next waits MAX_PAUSE_MS at most, after a
    // quick one MIN_PAUSE_MS at least (the run's queries and job cost time too)
    for (const [i, ctl] of all.entries())
      expect((await post(report(ctl, { startHour: 60 + i, count: 2 }), ctl.token)).statusCode).toBe(200);
    expect((await detectNext(t.db, { clock: () => (clock += 1000) })).pauseMs).toBe(MAX_PAUSE_MS);
    expect(MAX_PAUSE_MS).toBeLessThan(1000 * (1 / DETECT_SHARE - 1));
    expect((await detectNext(t.db, { clock: () => (clock += 1) })).pauseMs).toBe(MIN_PAUSE_MS);
    expect(MIN_PAUSE_MS).toBeGreaterThan(1 / DETECT_SHARE - 1);
  });

  it('a long new history takes several runs of RUN_SPAN_MS, each moving the mark on to the next reading; its events are recorded once', async () => {
    const now = Date.parse('2026-06-30T12:00:00Z');
    const since = now - 30 * DAY;
    await t.db.execute(sql`
      INSERT INTO scales (controller_id, channel, name, setup_at) VALUES (${c.id}, 1, 'Backfill', ${new Date(since - DAY).toISOString()})`);
    // hourly readings of a calm 40 kg hive, taken off its scale on the 5th day for three hours
    const gone = since + 5 * DAY + 10 * HOUR;
    await t.db.execute(sql`
      INSERT INTO readings (controller_id, channel, time, weight)
      SELECT ${c.id}, 1, t, CASE WHEN t >= ${new Date(gone).toISOString()}::timestamptz
        AND t < ${new Date(gone + 3 * HOUR).toISOString()}::timestamptz THEN 0.2 ELSE 40 END
      FROM generate_series(${new Date(since - 16 * DAY).toISOString()}::timestamptz, ${new Date(now).toISOString()}::timestamptz, interval '1 hour') t`);
    await markDirty(t.db, c.id, new Date(since));
    const seen: string[] = [];
    for (let run = 0; run < 5 && (await dirtyMarks(t.db, 1)).length > 0; run++) {
      seen.push((await dirtyMarks(t.db, 1))[0]?.since.toISOString() ?? '');
      await detectNext(t.db, { now: new Date(now) });
    }
    expect(RUN_SPAN_MS).toBe(12 * DAY);
    // each run ends with the readings up to its span's end; the next starts at the reading after it
    expect(seen).toEqual(
      [since, since + 12 * DAY + HOUR, since + 24 * DAY + 2 * HOUR].map((t) => new Date(t).toISOString()),
    );
    expect(await dirtyMarks(t.db, 1)).toEqual([]);
    const recorded = await events();
    expect(recorded.map((e) => [e.type, e.time.toISOString(), e.delivery])).toEqual([
      ['removed', new Date(gone).toISOString(), 'stale'],
    ]);
  });

  it('a swarm is stored with what it saw; two "no" answers to alarms like it on that scale silence the next run', async () => {
    const now = Date.parse('2026-06-20T18:00:00Z');
    const since = now - 2 * DAY;
    const [scale] = (
      await t.db.execute<{ id: number }>(sql`
        INSERT INTO scales (controller_id, channel, name, setup_at)
        VALUES (${c.id}, 1, 'Linde', ${new Date(since - 17 * DAY).toISOString()}) RETURNING id`)
    ).rows;
    // a calm 40 kg hive read every 15 minutes (a few grams of noise: a load cell never reads the same for
    // days), 2.5 kg lighter for good from 11:00 UTC (13:00 in Zurich) today
    const swarm = now - 7 * HOUR;
    await t.db.execute(sql`
      INSERT INTO readings (controller_id, channel, time, weight)
      SELECT ${c.id}, 1, t,
        CASE WHEN t >= ${new Date(swarm).toISOString()}::timestamptz THEN 37.5 ELSE 40 END
          + ((floor(extract(epoch FROM t) / 900)::bigint * 7919) % 13 - 6) / 1000.0
      FROM generate_series(${new Date(since - 17 * DAY).toISOString()}::timestamptz,
        ${new Date(now).toISOString()}::timestamptz, interval '15 minutes') t`);
    await markDirty(t.db, c.id, new Date(since));
    await detectNext(t.db, { now: new Date(now) });
    const [found] = (await events()).filter((e) => e.type === 'swarm');
    expect(found?.time.getTime()).toBeGreaterThanOrEqual(swarm);
    expect(found?.seen?.minutes).toBeGreaterThanOrEqual(15);
    expect(found?.seen?.minutes).toBeLessThanOrEqual(60);
    expect(found?.seen?.spread).toBeLessThan(0.05);

    // the beekeeper answered "no" to two swarm alarms of 2.4 kg on this scale in the last weeks
    await t.db.delete(alarmEvents).where(eq(alarmEvents.controllerId, c.id));
    for (const daysAgo of [5, 9]) {
      const [old] = (
        await t.db.execute<{ id: number }>(sql`
          INSERT INTO alarm_events (controller_id, scale_id, channel, type, time, delta, delivery)
          VALUES (${c.id}, ${scale?.id}, 1, 'swarm', ${new Date(swarm - daysAgo * DAY).toISOString()}, -2.4, 'sent')
          RETURNING id`)
      ).rows;
      await t.db.execute(
        sql`INSERT INTO alarm_answers (event_id, answer, via) VALUES (${old?.id}, 'no', 'app')`,
      );
    }
    await markDirty(t.db, c.id, new Date(since));
    await detectNext(t.db, { now: new Date(now) });
    const today = (await events()).filter((e) => e.time.getTime() >= since);
    expect(today).toEqual([]);
  });

  it('events are recorded once per (scale, type, time) and go to the confirmed channels only', async () => {
    await t.db.insert(notificationChannels).values([
      { userId: owner.id, type: 'email', address: 'a@example.org', status: 'active' },
      { userId: owner.id, type: 'email', address: 'b@example.org', status: 'pending' },
      { userId: owner.id, type: 'sms', address: '+41790000000', status: 'failing' },
    ]);
    const now = new Date();
    const target = await alarmTarget(t.db, c.id, now);
    expect(target).not.toBeNull();
    if (!target) return;
    const found = [
      {
        scaleId: null,
        channel: null,
        type: 'silent' as const,
        time: new Date(now.getTime() - HOUR),
        delta: null,
      },
    ];
    expect(await recordForTarget(t.db, target, found, now)).toBe(2);
    expect(await recordForTarget(t.db, target, found, now)).toBe(0);
    expect(await events()).toHaveLength(1);
    const sent = await deliveries();
    expect(sent).toHaveLength(2);
    expect(sent.every((d) => d.status === 'pending')).toBe(true);
  });

  it('what an event becomes: stale after 24 h, off when its type is not chosen, muted, or none without a channel', async () => {
    const now = new Date('2026-06-01T12:00:00Z');
    const target = {
      types: ['swarm' as const],
      mutes: new Map([['activity' as const, new Date(now.getTime() + HOUR)]]),
    };
    const at = (hoursAgo: number) => new Date(now.getTime() - hoursAgo * HOUR);
    expect(deliveryOf({ type: 'swarm', time: at(25) }, target, true, now)).toBe('stale');
    expect(deliveryOf({ type: 'swarm', time: at(1) }, target, true, now)).toBe('pending');
    expect(deliveryOf({ type: 'swarm', time: at(1) }, target, false, now)).toBe('none');
    expect(deliveryOf({ type: 'removed', time: at(1) }, target, true, now)).toBe('off');
    const chosen = { ...target, types: ['swarm' as const, 'activity' as const] };
    expect(deliveryOf({ type: 'activity', time: at(1) }, chosen, true, now)).toBe('muted');
    // device alarms are always sent, whatever is chosen or muted
    expect(deliveryOf({ type: 'battery', time: at(1) }, target, true, now)).toBe('pending');
  });

  it('a muted type is recorded with delivery "muted" and queues nothing', async () => {
    await t.db.insert(notificationChannels).values({
      userId: owner.id,
      type: 'email',
      address: 'a@example.org',
      status: 'active',
    });
    const now = new Date();
    await t.db
      .insert(notificationMutes)
      .values({ controllerId: c.id, type: 'disturbance', until: new Date(now.getTime() + HOUR) });
    const target = await alarmTarget(t.db, c.id, now);
    if (!target) throw new Error('no target');
    const before = (await deliveries()).length;
    const removed = {
      scaleId: null,
      channel: 1,
      type: 'removed' as const,
      time: new Date(now.getTime() - 60_000),
      delta: -40,
    };
    expect(await recordForTarget(t.db, target, [removed], now)).toBe(0);
    expect((await events()).map((e) => e.delivery)).toEqual(['muted']);
    expect(await deliveries()).toHaveLength(before);
  });

  describe('device alarms', () => {
    const eventsOf = async (type: string) => (await events()).filter((e) => e.type === type);

    it('a silent transmitter alarms once per silence', async () => {
      const last = new Date(Date.now() - 8 * HOUR); // update interval 3 h: silent after 7 h
      await t.db
        .update(controllers)
        .set({ lastUpdate: last, updateInterval: 3 })
        .where(eq(controllers.id, c.id));
      await checkDeviceAlarms(t.db);
      await checkDeviceAlarms(t.db);
      const silent = await eventsOf('silent');
      expect(silent.map((e) => e.time.toISOString())).toEqual([last.toISOString()]);
      // not silent yet: reported 6 h ago
      const other = await insertController(t.db);
      await t.db
        .update(controllers)
        .set({ ownerId: owner.id, lastUpdate: new Date(Date.now() - 6 * HOUR), updateInterval: 3 })
        .where(eq(controllers.id, other.id));
      await checkDeviceAlarms(t.db);
      const otherEvents = await t.db.select().from(alarmEvents).where(eq(alarmEvents.controllerId, other.id));
      expect(otherEvents).toEqual([]);
    });

    it('a low battery alarms once until it is charged, and again when it runs low once more', async () => {
      const setVoltage = (voltage: number) =>
        t.db.update(controllers).set({ voltage, lastUpdate: new Date() }).where(eq(controllers.id, c.id));
      await setVoltage(3.55);
      await checkDeviceAlarms(t.db);
      await checkDeviceAlarms(t.db);
      expect(await eventsOf('battery')).toHaveLength(1);
      expect((await eventsOf('battery'))[0]?.delta).toBeCloseTo(3.55, 2);
      await setVoltage(3.7); // not yet recovered: still the same low period
      await checkDeviceAlarms(t.db);
      expect(await eventsOf('battery')).toHaveLength(1);
      await setVoltage(4.1);
      await checkDeviceAlarms(t.db);
      const row = await t.db
        .select()
        .from(controllerAlarmSettings)
        .where(eq(controllerAlarmSettings.controllerId, c.id));
      expect(row[0]?.batteryLowSince).toBeNull();
      await new Promise((r) => setTimeout(r, 5));
      await setVoltage(3.5);
      await checkDeviceAlarms(t.db);
      expect(await eventsOf('battery')).toHaveLength(2);
    });

    it('a subscription ending within 30 days alarms once per end date', async () => {
      const end = new Date(Date.now() + 20 * 24 * HOUR);
      await t.db.update(controllers).set({ subscriptionEnd: end }).where(eq(controllers.id, c.id));
      await checkDeviceAlarms(t.db);
      await checkDeviceAlarms(t.db);
      expect((await eventsOf('subscription')).map((e) => e.time.toISOString())).toEqual([end.toISOString()]);
      await t.db
        .update(controllers)
        .set({ subscriptionEnd: new Date(Date.now() + 200 * 24 * HOUR) })
        .where(eq(controllers.id, c.id));
      await checkDeviceAlarms(t.db);
      expect(await eventsOf('subscription')).toHaveLength(1);
    });

    it('controllers without an owner raise no device alarm', async () => {
      const orphan = await insertController(t.db);
      await t.db
        .update(controllers)
        .set({ voltage: 3.4, lastUpdate: new Date(Date.now() - 48 * HOUR) })
        .where(eq(controllers.id, orphan.id));
      await checkDeviceAlarms(t.db);
      const rows = await t.db.execute(sql`SELECT 1 FROM alarm_events WHERE controller_id = ${orphan.id}`);
      expect(rows.rows).toEqual([]);
    });
  });
});
