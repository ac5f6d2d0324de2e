import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  alarmEventListSchema,
  alarmEventPageSchema,
  controllerAlarmSettingsSchema,
  muteListSchema,
  type AlarmEvent,
  type AlarmEventPage,
  type ControllerAlarmSettings,
  type Mute,
} from '@hivescope/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import { allPages, forgeCursor } from '../../../test/pages';
import { createCast, type TestUser } from '../../../test/users';
import { alarmEvents, controllerAlarmSettings, controllers, notificationMutes } from '../../db/schema';
import { caller, seedController, seedScale, seedWatch } from '../controllers/controllers.fixtures';

describe('notification settings, mutes and events: who may do what, and bad input changes nothing', () => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let owner: TestUser, other: TestUser, watcher: TestUser, manager: TestUser, admin: TestUser;
  let stand: number, foreign: number, hive: number;
  const hour = (n: number) => new Date(Date.now() + n * 3_600_000).toISOString();

  beforeAll(async () => {
    t = await createTestApp();
    call = caller(t.app);
    const { aff, ...cast } = await createCast(t.db);
    ({ owner, other, watcher, manager, admin } = cast);
    stand = (await seedController(t.db, { ownerId: owner.id, affiliationId: aff, name: 'Bienenhaus' })).id;
    foreign = (await seedController(t.db, { ownerId: other.id })).id;
    hive = await seedScale(t.db, stand, 1, { name: 'Volk Anna' });
    await seedWatch(t.db, watcher.id, stand);
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.db.delete(notificationMutes);
    await t.db.delete(controllerAlarmSettings);
    await t.db.delete(alarmEvents);
  });

  const mutes = async () => t.db.select().from(notificationMutes);
  const types = async () => (await t.db.select().from(controllerAlarmSettings)).map((r) => r.types);

  describe('GET/POST notification/settings', () => {
    it('the owner reads the defaults (all three types, 09:00–19:00, 100 SMS) and saves a choice', async () => {
      const got = await call<ControllerAlarmSettings>(
        'GET',
        `/api/notification/settings?idcontroller=${stand}`,
        {
          user: owner,
        },
      );
      expect(got.status).toBe(200);
      expect(controllerAlarmSettingsSchema.parse(got.body)).toEqual({
        controllerId: stand,
        types: ['swarm', 'disturbance', 'activity'],
        alarmFrom: '09:00',
        alarmTo: '19:00',
        remainingNotifications: 100,
      });
      const saved = await call('POST', `/api/notification/settings?idcontroller=${stand}`, {
        user: owner,
        body: { types: ['swarm'] },
        lang: 'de',
      });
      expect(saved.status).toBe(200);
      expect(saved.message).toBe('Erfolgreich gespeichert.');
      expect(await types()).toEqual([['swarm']]);
    });

    it('no type, an unknown type or a repeated one: 400 with a message, nothing saved', async () => {
      for (const body of [{ types: [] }, { types: ['fire'] }, { types: ['swarm', 'swarm'] }, {}]) {
        const res = await call('POST', `/api/notification/settings?idcontroller=${stand}`, {
          user: owner,
          body,
        });
        expect(res.status).toBe(400);
        expect(res.message).toBeTruthy();
      }
      const none = await call('POST', `/api/notification/settings?idcontroller=${stand}`, {
        user: owner,
        body: { types: [] },
      });
      expect(none.message).toBe('At least one notification type must be selected');
      expect(await types()).toEqual([]);
    });

    it('watchers and managers read but may not save; other users get 404, anonymous 401', async () => {
      for (const user of [watcher, manager, admin]) {
        const res = await call('GET', `/api/notification/settings?idcontroller=${stand}`, { user });
        expect(res.status).toBe(200);
      }
      const body = { types: ['activity'] };
      expect(
        (await call('POST', `/api/notification/settings?idcontroller=${stand}`, { user: watcher, body }))
          .status,
      ).toBe(403);
      expect(
        (await call('POST', `/api/notification/settings?idcontroller=${stand}`, { user: manager, body }))
          .status,
      ).toBe(403);
      expect(
        (await call('GET', `/api/notification/settings?idcontroller=${stand}`, { user: other })).status,
      ).toBe(404);
      expect(
        (await call('POST', `/api/notification/settings?idcontroller=${stand}`, { user: other, body }))
          .status,
      ).toBe(404);
      expect((await call('GET', `/api/notification/settings?idcontroller=${stand}`)).status).toBe(401);
      expect(await types()).toEqual([]);
      expect(
        (await call('POST', `/api/notification/settings?idcontroller=${stand}`, { user: admin, body }))
          .status,
      ).toBe(200);
      expect(await types()).toEqual([['activity']]);
    });
  });

  describe('mutes', () => {
    const muteUrl = (type: string, end: string, id = stand) =>
      `/api/notification/mute?idcontroller=${id}&notificationType=${type}&enddate=${encodeURIComponent(end)}`;

    it('the owner mutes swarm alarms for an hour, sees until when, and unmutes', async () => {
      const end = hour(1);
      const res = await call('POST', muteUrl('swarm', end), { user: owner });
      expect(res.status).toBe(200);
      const list = await call<Mute[]>('GET', `/api/notification/mute?idcontroller=${stand}`, { user: owner });
      expect(muteListSchema.parse(list.body)).toEqual([
        { controllerId: stand, notificationType: 'swarm', endDate: new Date(end).toISOString() },
      ]);
      const watcherView = await call<Mute[]>('GET', `/api/notification/mute?idcontroller=${stand}`, {
        user: watcher,
      });
      expect(watcherView.body).toHaveLength(1);
      expect(
        (
          await call('POST', `/api/notification/unmute?idcontroller=${stand}&notificationType=swarm`, {
            user: owner,
          })
        ).status,
      ).toBe(200);
      expect(await mutes()).toEqual([]);
    });

    it('an end in the past, more than a day ahead, a bad type or a bad date: 400, nothing muted', async () => {
      for (const url of [
        muteUrl('swarm', hour(-1)),
        muteUrl('swarm', hour(25)),
        muteUrl('silent', hour(1)),
        muteUrl('swarm', 'tomorrow'),
      ]) {
        const res = await call('POST', url, { user: owner });
        expect(res.status).toBe(400);
        expect(res.message).toBeTruthy();
      }
      expect(await mutes()).toEqual([]);
    });

    it('watchers and managers may not mute (403), other users get 404, anonymous 401', async () => {
      expect((await call('POST', muteUrl('swarm', hour(1)), { user: watcher })).status).toBe(403);
      expect((await call('POST', muteUrl('swarm', hour(1)), { user: manager })).status).toBe(403);
      expect((await call('POST', muteUrl('swarm', hour(1)), { user: other })).status).toBe(404);
      expect((await call('POST', muteUrl('swarm', hour(1)))).status).toBe(401);
      expect((await call('POST', muteUrl('swarm', hour(1), foreign), { user: owner })).status).toBe(404);
      expect(await mutes()).toEqual([]);
    });
  });

  describe('events', () => {
    const seedEvent = async (
      controllerId: number,
      type: 'swarm' | 'silent',
      at: string,
      delta: number | null,
    ) => {
      const [row] = await t.db
        .insert(alarmEvents)
        .values({
          controllerId,
          scaleId: type === 'swarm' && controllerId === stand ? hive : null,
          channel: type === 'swarm' && controllerId === stand ? 1 : null,
          type,
          time: new Date(at),
          delta,
          delivery: 'sent',
        })
        .returning({ id: alarmEvents.id });
      return row?.id ?? 0;
    };

    it('the owner and the watcher see the events of the stand, localised; other users only their own', async () => {
      await seedEvent(stand, 'swarm', hour(-2), -2.4);
      await seedEvent(stand, 'silent', hour(-1), null);
      await seedEvent(foreign, 'silent', hour(-1), null);
      const mine = await call<AlarmEvent[]>('GET', '/api/notification/events', { user: owner });
      expect(mine.status).toBe(200);
      const events = alarmEventListSchema.parse(mine.body);
      expect(events.map((e) => e.type)).toEqual(['silent', 'swarm']);
      expect(events[1]).toMatchObject({ idscale: hive, scaleName: 'Volk Anna', channel: 1, delta: -2.4 });
      expect(events[1]?.text).toBe('Volk Anna lost 2.4 kg within minutes: a swarm may have left.');
      const german = await call<AlarmEvent[]>('GET', `/api/notification/events?idcontroller=${stand}`, {
        user: watcher,
        lang: 'de',
      });
      expect(german.body.map((e) => e.type)).toEqual(['silent', 'swarm']);
      expect(german.body[1]?.text).toContain('Volk Anna hat innert Minuten 2.4 kg verloren'); // de-CH writes a decimal point;
      const others = await call<AlarmEvent[]>('GET', '/api/notification/events', { user: other });
      expect(others.body.map((e) => e.controllerId)).toEqual([foreign]);
      expect(
        (await call('GET', `/api/notification/events?idcontroller=${stand}`, { user: other })).status,
      ).toBe(404);
      expect((await call('GET', '/api/notification/events')).status).toBe(401);
    });

    it('GET notification/event/{id} (the SMS link): owner and watcher read it, others 404, anonymous 401', async () => {
      const id = await seedEvent(stand, 'swarm', hour(-2), -2.4);
      const foreignId = await seedEvent(foreign, 'silent', hour(-1), null);
      for (const user of [owner, watcher, admin]) {
        const res = await call<AlarmEvent>('GET', `/api/notification/event/${id}`, { user });
        expect(res.status).toBe(200);
        expect(res.body).toMatchObject({ id, controllerId: stand, idscale: hive, type: 'swarm' });
      }
      expect((await call('GET', `/api/notification/event/${id}`, { user: other })).status).toBe(404);
      expect((await call('GET', `/api/notification/event/${foreignId}`, { user: owner })).status).toBe(404);
      expect((await call('GET', '/api/notification/event/99999999', { user: owner })).status).toBe(404);
      expect((await call('GET', `/api/notification/event/${id}`)).status).toBe(401);
    });

    it('a range limits the events; a reversed range or a bad date is 400', async () => {
      await seedEvent(stand, 'swarm', hour(-48), -3);
      await seedEvent(stand, 'silent', hour(-1), null);
      const from = encodeURIComponent(hour(-24));
      const recent = await call<AlarmEvent[]>(
        'GET',
        `/api/notification/events?idcontroller=${stand}&from=${from}`,
        {
          user: owner,
        },
      );
      expect(recent.body.map((e) => e.type)).toEqual(['silent']);
      const reversed = `/api/notification/events?from=${encodeURIComponent(hour(0))}&to=${encodeURIComponent(hour(-5))}`;
      expect((await call('GET', reversed, { user: owner })).status).toBe(400);
      expect((await call('GET', '/api/notification/events?from=yesterday', { user: owner })).status).toBe(
        400,
      );
    });

    it('answers at most `limit` (default and maximum 500) of the newest events as an array; other limits 400', async () => {
      const times = [hour(-1), hour(-2), hour(-3), hour(-4)];
      for (const time of times.toReversed()) await seedEvent(stand, 'silent', time, null);
      const two = await call<AlarmEvent[]>('GET', '/api/notification/events?limit=2', { user: owner });
      expect(two.status).toBe(200);
      expect(alarmEventListSchema.parse(two.body).map((e) => e.time)).toEqual(times.slice(0, 2));
      const all = await call<AlarmEvent[]>('GET', '/api/notification/events', { user: owner });
      expect(all.body).toHaveLength(4);
      for (const limit of ['0', '501', 'x']) {
        const res = await call('GET', `/api/notification/events?limit=${limit}`, { user: owner, lang: 'es' });
        expect(res.status).toBe(400);
        expect(res.message).toBe('El tamaño de página debe estar entre 1 y 500');
      }
    });

    it('the admin pages through every event (keyset), filters by type and deletes one; others may not', async () => {
      for (let i = 0; i < 5; i++) await seedEvent(stand, 'swarm', hour(-10 - i), -2);
      await seedEvent(foreign, 'silent', hour(-1), null);
      const first = await call<AlarmEventPage>('GET', '/api/admin/notifications?limit=4', { user: admin });
      const page1 = alarmEventPageSchema.parse(first.body);
      expect(page1.items).toHaveLength(4);
      expect(page1.nextCursor).not.toBeNull();
      const second = await call<AlarmEventPage>(
        'GET',
        `/api/admin/notifications?limit=4&cursor=${page1.nextCursor}`,
        {
          user: admin,
        },
      );
      expect(second.body.items).toHaveLength(2);
      expect(second.body.nextCursor).toBeNull();
      const ids = [...page1.items, ...second.body.items].map((e) => e.id);
      expect(new Set(ids).size).toBe(6);
      const silent = await call<AlarmEventPage>('GET', '/api/admin/notifications?type=silent', {
        user: admin,
      });
      expect(silent.body.items.map((e) => e.controllerId)).toEqual([foreign]);
      expect((await call('GET', '/api/admin/notifications?type=fire', { user: admin })).status).toBe(400);
      for (const user of [owner, manager, watcher]) {
        expect((await call('GET', '/api/admin/notifications', { user })).status).toBe(403);
        expect((await call('DELETE', `/api/notifications/${ids[0]}`, { user })).status).toBe(403);
      }
      expect((await call('DELETE', `/api/notifications/${ids[0]}`)).status).toBe(401);
      const count = async () => (await t.db.select().from(alarmEvents)).length;
      expect(await count()).toBe(6);
      expect((await call('DELETE', `/api/notifications/${ids[0]}`, { user: admin })).status).toBe(200);
      expect(await count()).toBe(5);
      expect((await call('DELETE', `/api/notifications/${ids[0]}`, { user: admin })).status).toBe(404);
      expect((await call('DELETE', '/api/notifications/abc', { user: admin })).status).toBe(400);
    });
  });

  describe('GET admin/notifications: pages, sorts, filters, search (docs/api-conventions.md "Lists and pagination")', () => {
    let ids: number[];
    let rows: (typeof alarmEvents.$inferInsert)[];
    const TIE = '2025-03-01 10:00:00.123456+00';
    const TIED_TYPES = ['swarm', 'silent', 'battery', 'disturbance', 'removed', 'activity'] as const;
    const SCALE_TYPES = new Set(['swarm', 'disturbance', 'removed', 'activity']);

    // beforeEach of the file empties alarm_events: every test seeds its 23 events again
    beforeEach(async () => {
      const base = Date.UTC(2025, 2, 2);
      rows = Array.from({ length: 23 }, (_, i) => {
        const controllerId = i % 5 === 0 ? foreign : stand;
        // 6 events read at the same microsecond (the id breaks the tie; the unique key needs other types)
        const type = i < 6 ? TIED_TYPES[i] : i % 2 === 0 ? 'swarm' : 'silent';
        const onScale = controllerId === stand && SCALE_TYPES.has(type ?? '');
        return {
          controllerId,
          scaleId: onScale ? hive : null,
          channel: onScale ? 1 : null,
          type: type ?? 'swarm',
          time: new Date(base + (i < 6 ? 0 : i * 3_600_000)),
          // found in the reverse order
          detectedAt: new Date(base + 100 * 3_600_000 - i * 60_000),
          delta: onScale ? -2 : null,
          delivery: i % 3 === 0 ? ('failed' as const) : ('sent' as const),
        };
      });
      ids = (await t.db.insert(alarmEvents).values(rows).returning({ id: alarmEvents.id })).map((r) => r.id);
      await t.db.execute(
        sql`UPDATE alarm_events SET time = ${TIE}::timestamptz WHERE time = ${new Date(base)}`,
      );
    });

    const page = async (query: string, user: TestUser = admin, lang = 'en') => {
      const res = await call<unknown>('GET', `/api/admin/notifications?${query}`, { user, lang });
      return { ...res, body: res.status === 200 ? alarmEventPageSchema.parse(res.body) : res.body };
    };
    const walk = (query: string) =>
      allPages(async (cursor) => {
        const res = await page(`${query}${cursor ? `&cursor=${cursor}` : ''}`);
        return { status: res.status, body: res.body as AlarmEventPage };
      });
    const expected = async (column: 'time' | 'detected_at', order: 'asc' | 'desc', where = sql`true`) => {
      const res = await t.db.execute<{ id: string }>(
        sql`SELECT id FROM alarm_events WHERE ${where} ORDER BY ${sql.raw(column)} ${sql.raw(order)}, id ${sql.raw(order)}`,
      );
      return res.rows.map((r) => Number(r.id));
    };

    it.each([
      ['time', 'time', 'desc'],
      ['time', 'time', 'asc'],
      ['detectedAt', 'detected_at', 'desc'],
      ['detectedAt', 'detected_at', 'asc'],
    ] as const)(
      'pages of 5 by %s %s list every event exactly once, in order, as one big page does',
      async (sort, column, order) => {
        const { items, pages } = await walk(`limit=5&sort=${sort}&order=${order}`);
        const got = items.map((e) => e.id);
        expect(got).toEqual(await expected(column, order));
        expect(got.toSorted((a, b) => a - b)).toEqual(ids);
        expect(pages).toBe(5);
        const one = (await page(`limit=500&sort=${sort}&order=${order}`)).body as AlarmEventPage;
        expect(one.items.map((e) => e.id)).toEqual(got);
        expect(one.nextCursor).toBeNull();
      },
    );

    it('answers the newest reading first by default, 50 at most a page', async () => {
      const first = (await page('')).body as AlarmEventPage;
      expect(first.items.map((e) => e.id)).toEqual(await expected('time', 'desc'));
      expect(first.nextCursor).toBeNull();
      // 60 more events: the default page is 50 long, and the next one holds the rest
      await t.db.insert(alarmEvents).values(
        Array.from({ length: 60 }, (_, i) => ({
          controllerId: stand,
          type: 'battery' as const,
          time: new Date(Date.UTC(2024, 0, 1, i)),
          delivery: 'none' as const,
        })),
      );
      const big = (await page('')).body as AlarmEventPage;
      expect(big.items).toHaveLength(50);
      const rest = (await page(`cursor=${big.nextCursor}`)).body as AlarmEventPage;
      expect(rest.items).toHaveLength(33);
      expect(rest.nextCursor).toBeNull();
      expect(new Set([...big.items, ...rest.items].map((e) => e.id)).size).toBe(83);
    });

    it('filters by type, controller and delivery, and searches names and the controller id', async () => {
      const got = async (query: string) =>
        ((await page(`limit=500&${query}`)).body as AlarmEventPage).items
          .map((e) => e.id)
          .toSorted((a, b) => a - b);
      const pick = (f: (r: (typeof rows)[number]) => boolean) => ids.filter((_, i) => f(rows[i] ?? rows[0]!));
      expect(await got('type=silent')).toEqual(pick((r) => r.type === 'silent'));
      expect(await got(`idcontroller=${foreign}`)).toEqual(pick((r) => r.controllerId === foreign));
      expect(await got('delivery=failed')).toEqual(pick((r) => r.delivery === 'failed'));
      expect(await got(`delivery=failed&type=swarm&idcontroller=${stand}`)).toEqual(
        pick((r) => r.delivery === 'failed' && r.type === 'swarm' && r.controllerId === stand),
      );
      // "Volk Anna" is the scale of the stand's scale events; "Bienenhaus" the stand itself
      const onAnna = pick((r) => r.scaleId === hive);
      expect(onAnna.length).toBeGreaterThan(3);
      expect(await got('q=anna')).toEqual(onAnna);
      expect(await got(`q=${encodeURIComponent('bienenhaus volk')}`)).toEqual(onAnna);
      expect(await got('q=BIENENHAUS')).toEqual(pick((r) => r.controllerId === stand));
      expect(await got(`q=${foreign}`)).toEqual(pick((r) => r.controllerId === foreign));
      expect(await got('q=nobody')).toEqual([]);
    });

    it.each([
      ['limit=0', 'La taille de page doit être comprise entre 1 et 500'],
      ['limit=501', 'La taille de page doit être comprise entre 1 et 500'],
      ['cursor=%%%', 'La position de page est invalide ; veuillez recharger la liste'],
      [
        `cursor=${forgeCursor(['time', 'desc', TIE, 'abc'])}`,
        'La position de page est invalide ; veuillez recharger la liste',
      ],
      [
        `cursor=${forgeCursor(['time', 'desc', '1e3', 1])}`,
        'La position de page est invalide ; veuillez recharger la liste',
      ],
      [
        `sort=detectedAt&cursor=${forgeCursor(['time', 'desc', TIE, 1])}`,
        'La position de page est invalide ; veuillez recharger la liste',
      ],
      ['sort=type', 'La liste ne peut pas être triée selon cette colonne'],
      ['order=newest', 'La liste ne peut pas être triée selon cette colonne'],
    ])('refuses %s with a localised 400', async (query, message) => {
      const res = await page(query, admin, 'fr');
      expect(res.status).toBe(400);
      expect(res.message).toBe(message);
    });

    it('accepts a cursor whose id is beyond 32 bits (the events’ id is a bigint)', async () => {
      const res = await page(`cursor=${forgeCursor(['time', 'desc', TIE, 2 ** 40])}`);
      expect(res.status).toBe(200);
      expect((res.body as AlarmEventPage).items.map((e) => e.id)).toEqual(
        await expected('time', 'desc', sql`time < ${TIE}::timestamptz OR (time = ${TIE}::timestamptz)`),
      );
    });

    it('refuses unknown parameters and values (400); anonymous 401 and non-admins 403 before any check', async () => {
      for (const query of ['before=5', 'delivery=lost', 'type=fire', 'idcontroller=abc'])
        expect((await page(query)).status).toBe(400);
      expect((await call('GET', '/api/admin/notifications?limit=0')).status).toBe(401);
      for (const user of [owner, watcher, manager, other])
        expect((await page('limit=0', user)).status).toBe(403);
    });
  });

  describe('POST admin/controller/{id}/resetNotificationCount', () => {
    it('only an admin resets the SMS budget to 100', async () => {
      await t.db
        .update(controllers)
        .set({ remainingNotifications: 0 })
        .where(sql`id = ${stand}`);
      const remaining = async () =>
        (
          await t.db
            .select()
            .from(controllers)
            .where(sql`id = ${stand}`)
        )[0]?.remainingNotifications;
      for (const user of [owner, manager, watcher, other]) {
        expect(
          (await call('POST', `/api/admin/controller/${stand}/resetNotificationCount`, { user })).status,
        ).toBe(403);
      }
      expect(await remaining()).toBe(0);
      expect(
        (await call('POST', `/api/admin/controller/${stand}/resetNotificationCount`, { user: admin })).status,
      ).toBe(200);
      expect(await remaining()).toBe(100);
      expect(
        (await call('POST', '/api/admin/controller/999999/resetNotificationCount', { user: admin })).status,
      ).toBe(404);
    });
  });
});
