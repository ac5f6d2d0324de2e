import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  alarmAnswerViewSchema,
  alarmEventListSchema,
  alarmPrecisionSchema,
  type AlarmType,
} from '@hivescope/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import { createCast, type TestUser } from '../../../test/users';
import { alarmAnswers, alarmEvents } from '../../db/schema';
import { caller, seedController, seedScale, seedWatch } from '../controllers/controllers.fixtures';
import { falseAlarmsOfScales } from './alarm-answers.repository';
import { ANSWER_LINK_TTL_MS, checkAnswerToken, signAnswerToken } from './answer-token';

/**
 * Answers to alarms (docs/alarms.md "Answers"): only the owner answers in the app and may change the answer;
 * the mail's signed link answers once, without a login, and only by POST (a GET, as a mail scanner makes,
 * records nothing); a forged, expired or used link changes nothing and says why in the caller's language;
 * the admin reads the precision per type; the detectors' calibration read finds the "no" answers.
 */
describe('alarm answers: who may answer, the mail link, the precision', () => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let owner: TestUser, other: TestUser, watcher: TestUser, manager: TestUser, admin: TestUser;
  let stand: number, hive: number;
  let secret: string;

  beforeAll(async () => {
    t = await createTestApp();
    call = caller(t.app);
    const { aff, ...cast } = await createCast(t.db);
    ({ owner, other, watcher, manager, admin } = cast);
    stand = (await seedController(t.db, { ownerId: owner.id, affiliationId: aff, name: 'Bienenhaus' })).id;
    hive = await seedScale(t.db, stand, 1, { name: 'Volk Anna' });
    await seedWatch(t.db, watcher.id, stand);
    secret = t.config.secretKey;
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.db.delete(alarmEvents);
  });

  let n = 0;
  async function seedEvent(type: AlarmType = 'swarm', delta = -2.4, scaleId: number | null = hive) {
    n += 1;
    const [row] = await t.db
      .insert(alarmEvents)
      .values({
        controllerId: stand,
        scaleId,
        channel: scaleId === null ? null : 1,
        type,
        time: new Date(Date.now() - n * 3_600_000),
        delta,
        delivery: 'sent',
      })
      .returning({ id: alarmEvents.id });
    if (!row) throw new Error('event not inserted');
    return row.id;
  }
  const answers = () => t.db.select().from(alarmAnswers);
  const answerIn = (id: number, user: TestUser | undefined, answer: unknown, lang = 'en') =>
    call('POST', `/api/notification/events/${id}/answer`, {
      ...(user ? { user } : {}),
      body: { answer },
      lang,
    });

  describe('POST notification/events/{id}/answer', () => {
    it('the owner answers and may change the answer; the events list carries it', async () => {
      const id = await seedEvent();
      const yes = await answerIn(id, owner, 'yes');
      expect(yes.status).toBe(200);
      expect(yes.body).toEqual({ message: 'Thank you, your answer has been saved.', answer: 'yes' });
      const no = await answerIn(id, owner, 'no', 'de');
      expect(no.message).toBe('Danke, Ihre Antwort wurde gespeichert.');
      expect(await answers()).toMatchObject([{ eventId: id, answer: 'no', userId: owner.id, via: 'app' }]);
      const list = await call('GET', '/api/notification/events', { user: owner });
      expect(alarmEventListSchema.parse(list.body)).toMatchObject([{ id, answer: 'no', answerable: true }]);
    });

    it('anonymous 401, another user 404, watcher, manager and admin 403; nothing recorded', async () => {
      const id = await seedEvent();
      expect((await answerIn(id, undefined, 'yes')).status).toBe(401);
      const foreign = await answerIn(id, other, 'yes');
      expect([foreign.status, foreign.message]).toEqual([404, 'This event does not exist (any more).']);
      const watched = await answerIn(id, watcher, 'yes');
      expect([watched.status, watched.message]).toEqual([403, 'A watched transmitter is read-only']);
      for (const user of [manager, admin]) {
        const res = await answerIn(id, user, 'no');
        expect([res.status, res.message]).toEqual([
          403,
          'Only the owner of the transmitter can answer its alarms',
        ]);
      }
      expect(await answers()).toEqual([]);
      // the watcher sees the event, but not as one to answer
      const seen = await call('GET', '/api/notification/events', { user: watcher });
      expect(alarmEventListSchema.parse(seen.body)).toMatchObject([{ id, answer: null, answerable: false }]);
    });

    it('bad input: 400 with a localised message, nothing recorded', async () => {
      const id = await seedEvent();
      for (const answer of ['maybe', '', null, 1]) {
        const res = await answerIn(id, owner, answer, 'fr');
        expect(res.status).toBe(400);
        expect(res.message).toBe('Choisissez « oui » ou « non »');
      }
      const extra = await call('POST', `/api/notification/events/${id}/answer`, {
        user: owner,
        body: { answer: 'yes', by: 'me' },
      });
      expect(extra.status).toBe(400);
      expect(
        (await call('POST', '/api/notification/events/abc/answer', { user: owner, body: {} })).status,
      ).toBe(400);
      expect((await answerIn(999_999_999, owner, 'yes')).status).toBe(404);
      const activity = await answerIn(await seedEvent('activity', 1.2), owner, 'yes');
      expect([activity.status, activity.message]).toEqual([
        400,
        'Only swarm, disturbance and hive-removed alarms can be answered',
      ]);
      expect((await answerIn(await seedEvent('battery', 3.4, null), owner, 'no')).status).toBe(400);
      expect(await answers()).toEqual([]);
    });
  });

  describe('the mail link: GET and POST alarm-answer', () => {
    const view = (token: string, lang = 'en') =>
      call('GET', `/api/alarm-answer?token=${encodeURIComponent(token)}`, { lang });
    const post = (token: string, answer: unknown = 'yes', lang = 'en') =>
      call('POST', '/api/alarm-answer', { body: { token, answer }, lang });

    it('a GET (or HEAD) of the link shows the event and records nothing; the POST records it once', async () => {
      const id = await seedEvent('disturbance', -8);
      const token = signAnswerToken(secret, id, new Date());
      const got = await view(token);
      expect(got.status).toBe(200);
      expect(alarmAnswerViewSchema.parse(got.body)).toMatchObject({ type: 'disturbance', answer: null });
      const head = await t.app.inject({ method: 'HEAD', url: `/api/alarm-answer?token=${token}` });
      expect(head.statusCode).toBe(200);
      expect(await answers()).toEqual([]);

      const first = await post(token, 'no');
      expect(first.status).toBe(200);
      expect(await answers()).toMatchObject([{ eventId: id, answer: 'no', userId: null, via: 'mail' }]);
      const again = await post(token, 'yes', 'de');
      expect([again.status, again.message]).toEqual([
        409,
        'Dieser Alarm wurde bereits beantwortet; es wurde nichts geändert.',
      ]);
      expect(await answers()).toMatchObject([{ answer: 'no', via: 'mail' }]);
      expect(alarmAnswerViewSchema.parse((await view(token)).body).answer).toBe('no');
    });

    it('the link is refused once the owner answered in the app; the owner may still change it there', async () => {
      const id = await seedEvent();
      expect((await answerIn(id, owner, 'yes')).status).toBe(200);
      expect((await post(signAnswerToken(secret, id, new Date()), 'no')).status).toBe(409);
      expect(await answers()).toMatchObject([{ answer: 'yes', via: 'app' }]);
    });

    it('a tampered token (other event, later expiry, other secret, cut) is refused; nothing recorded', async () => {
      const id = await seedEvent();
      const other = await seedEvent();
      const token = signAnswerToken(secret, id, new Date());
      const [, expires, mac] = token.split('.') as [string, string, string];
      const forged = [
        `${other}.${expires}.${mac}`,
        `${id}.${Number(expires) + 86_400}.${mac}`,
        signAnswerToken('another-operator-secret-of-at-least-32-chars', id, new Date()),
        token.slice(0, -2),
        `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`,
        'not-a-token',
      ];
      for (const bad of forged) {
        const res = await post(bad, 'yes', 'de');
        expect(res.status).toBe(400);
        expect(res.message).toMatch(/^Dieser Antwort-Link ist ungültig/);
        expect((await view(bad)).status).toBe(400);
      }
      expect((await post(token, 'maybe')).status).toBe(400);
      expect(await answers()).toEqual([]);
    });

    it('an expired token (made more than 14 days ago) is refused with its own message', async () => {
      const id = await seedEvent();
      const past = new Date(Date.now() - ANSWER_LINK_TTL_MS - 60_000);
      const token = signAnswerToken(secret, id, past);
      const res = await post(token, 'yes', 'es');
      expect(res.status).toBe(400);
      expect(res.message).toMatch(/^Este enlace de respuesta ha caducado/);
      expect((await view(token)).status).toBe(400);
      expect(await answers()).toEqual([]);
      // the clock decides: a token works until its expiry and not after
      const made = new Date('2026-05-01T12:00:00Z');
      const fresh = signAnswerToken(secret, id, made);
      expect(checkAnswerToken(secret, fresh, new Date(made.getTime() + ANSWER_LINK_TTL_MS - 1000)).ok).toBe(
        true,
      );
      expect(checkAnswerToken(secret, fresh, new Date(made.getTime() + ANSWER_LINK_TTL_MS))).toEqual({
        ok: false,
        reason: 'expired',
      });
    });

    it('a deleted event answers 404; failures count per ip and end in 429', async () => {
      const id = await seedEvent();
      const token = signAnswerToken(secret, id, new Date());
      await t.db.delete(alarmEvents);
      expect((await post(token)).status).toBe(404);
      const statuses: number[] = [];
      for (let i = 0; i < 30; i++)
        statuses.push((await post('1.1.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')).status);
      expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
      const live = await seedEvent();
      expect((await post(signAnswerToken(secret, live, new Date()))).status).toBe(429);
      expect(await answers()).toEqual([]);
    });
  });

  describe('GET admin/notifications/precision', () => {
    it('admins read yes, no and yes ÷ answered per type; everybody else is refused', async () => {
      for (const [type, answer] of [
        ['swarm', 'yes'],
        ['swarm', 'yes'],
        ['swarm', 'no'],
        ['disturbance', 'no'],
      ] as const) {
        const id = await seedEvent(type);
        expect((await answerIn(id, owner, answer)).status).toBe(200);
      }
      const res = await call('GET', '/api/admin/notifications/precision', { user: admin });
      expect(res.status).toBe(200);
      expect(alarmPrecisionSchema.parse(res.body)).toEqual([
        { type: 'swarm', yes: 2, no: 1, precision: 2 / 3 },
        { type: 'disturbance', yes: 0, no: 1, precision: 0 },
        { type: 'removed', yes: 0, no: 0, precision: null },
      ]);
      expect((await call('GET', '/api/admin/notifications/precision')).status).toBe(401);
      for (const user of [owner, other, watcher, manager])
        expect((await call('GET', '/api/admin/notifications/precision', { user })).status).toBe(403);
    });
  });

  describe("falseAlarmsOfScales (the detectors' calibration read)", () => {
    it('answers the "no" events of the given scales since a date, oldest first; yes and unanswered are left out', async () => {
      const no = await seedEvent('swarm', -2.5);
      const noOld = await seedEvent('disturbance', -9);
      const yes = await seedEvent('swarm', -3);
      await seedEvent('removed', -40);
      for (const [id, answer] of [
        [no, 'no'],
        [noOld, 'no'],
        [yes, 'yes'],
      ] as const)
        expect((await answerIn(id, owner, answer)).status).toBe(200);
      const all = await falseAlarmsOfScales(t.db, [hive], new Date(Date.now() - 30 * 86_400_000));
      expect(all.map((e) => [e.scaleId, e.type, e.delta])).toEqual([
        [hive, 'disturbance', -9],
        [hive, 'swarm', -2.5],
      ]);
      expect(all[0]?.time).toBeInstanceOf(Date);
      const swarmOnly = await falseAlarmsOfScales(t.db, [hive], new Date(0), ['swarm']);
      expect(swarmOnly.map((e) => e.type)).toEqual(['swarm']);
      expect(await falseAlarmsOfScales(t.db, [hive], new Date())).toEqual([]);
      expect(await falseAlarmsOfScales(t.db, [hive + 1000], new Date(0))).toEqual([]);
      expect(await falseAlarmsOfScales(t.db, [], new Date(0))).toEqual([]);
    });
  });
});
