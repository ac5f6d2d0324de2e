import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DEFAULT_ALARM_FROM_MINUTE, DEFAULT_ALARM_TO_MINUTE } from '@hivescope/contract';
import { createTestDatabase } from '../../../test/db';
import { controllers, regions } from '../../db/schema';
import { seedController } from '../controllers/controllers.fixtures';
import { alarmTarget, fixedOffsetZone } from './alarms.repository';

/**
 * The primary region's alarm window replaces the default 09:00–19:00 (docs/alarms.md "Regions"): the
 * detectors get the region's window and its fixed UTC offset as an IANA zone (`Etc/GMT-2` is UTC+2).
 */
describe('alarm window from the primary region', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  const now = new Date();
  const square = {
    type: 'Polygon' as const,
    coordinates: [
      [
        [7, 46],
        [8, 46],
        [8, 47],
        [7, 47],
        [7, 46],
      ],
    ],
  };
  const region = async (window: { from: number; to: number } | null, utcOffsetHours: number) => {
    const [row] = await database.db
      .insert(regions)
      .values({
        name: 'Region',
        geometry: square,
        minLng: 7,
        minLat: 46,
        maxLng: 8,
        maxLat: 47,
        alarmFromMinute: window?.from ?? null,
        alarmToMinute: window?.to ?? null,
        utcOffsetHours,
      })
      .returning({ id: regions.id });
    return row!.id;
  };
  const setPrimary = (id: number, regionId: number | null) =>
    database.db.update(controllers).set({ regionPrimaryId: regionId }).where(eq(controllers.id, id));

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.dispose());

  it('fixed-offset zones have the inverted sign of POSIX and mean what they say', () => {
    expect([fixedOffsetZone(2), fixedOffsetZone(-5), fixedOffsetZone(0)]).toEqual([
      'Etc/GMT-2',
      'Etc/GMT+5',
      'Etc/GMT',
    ]);
    const hour = (zone: string) =>
      new Intl.DateTimeFormat('en', { timeZone: zone, hour: 'numeric', hourCycle: 'h23' }).format(
        new Date('2025-06-01T10:00:00Z'),
      );
    expect(Number(hour(fixedOffsetZone(2)))).toBe(12);
    expect(Number(hour(fixedOffsetZone(-5)))).toBe(5);
  });

  it("uses the primary region's window and offset; without a window or region the defaults stay", async () => {
    const c = await seedController(database.db, { timeZone: 'Europe/Zurich' });
    const before = await alarmTarget(database.db, c.id, now);
    expect(before).toMatchObject({
      timeZone: 'Europe/Zurich',
      alarmFromMinute: DEFAULT_ALARM_FROM_MINUTE,
      alarmToMinute: DEFAULT_ALARM_TO_MINUTE,
    });

    await setPrimary(c.id, await region({ from: 6 * 60, to: 20 * 60 + 30 }, 2));
    expect(await alarmTarget(database.db, c.id, now)).toMatchObject({
      timeZone: 'Etc/GMT-2',
      alarmFromMinute: 360,
      alarmToMinute: 1230,
    });

    await setPrimary(c.id, await region(null, 3));
    expect(await alarmTarget(database.db, c.id, now)).toMatchObject({
      timeZone: 'Europe/Zurich',
      alarmFromMinute: DEFAULT_ALARM_FROM_MINUTE,
      alarmToMinute: DEFAULT_ALARM_TO_MINUTE,
    });
  });
});
