import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { createUser, type TestUser } from '../../../test/users';
import { caller, controllerRow, randomDigits, seedController, watchesOf } from './controllers.fixtures';
import { GUESS_LIMIT } from './guess-limit';

/** IMSI/IMEI pairs and watch codes are secrets: failed guesses are limited per user (and per ip). */
describe('guess limits of registration/controller and controller/watches', () => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let guesser: TestUser, owner: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    call = caller(t.app);
    guesser = await createUser(t.db);
    owner = await createUser(t.db);
  });
  afterAll(() => t.close());

  it('answers 429 after too many failed registrations, even for the right IMSI/IMEI', async () => {
    const target = await seedController(t.db);
    for (let i = 0; i < GUESS_LIMIT.perUser; i++) {
      const res = await call('POST', '/api/registration/controller', {
        user: guesser,
        body: { imsi: target.imsi, imei: randomDigits() },
      });
      expect(res.status).toBe(400);
    }
    const res = await call('POST', '/api/registration/controller', {
      user: guesser,
      body: { imsi: target.imsi, imei: target.imei },
    });
    expect([res.status, res.message]).toEqual([
      429,
      'Too many attempts (at most 10 in 60 minutes): try again in 60 minutes.',
    ]);
    expect((await controllerRow(t.db, target.id)).ownerId).toBeNull();
  });

  it('100 parallel IMEI guesses by one user: exactly 10 are checked, the rest get 429', async () => {
    const hopeful = await createUser(t.db);
    const target = await seedController(t.db);
    const answers = await Promise.all(
      Array.from({ length: 100 }, () =>
        call('POST', '/api/registration/controller', {
          user: hopeful,
          body: { imsi: target.imsi, imei: randomDigits() },
        }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 400)).toHaveLength(GUESS_LIMIT.perUser);
    expect(statuses.filter((s) => s === 429)).toHaveLength(100 - GUESS_LIMIT.perUser);
    expect((await controllerRow(t.db, target.id)).ownerId).toBeNull();
  });

  it('100 parallel claim guesses from one ip by many users: exactly 30 are checked', async () => {
    const users = await Promise.all(Array.from({ length: 100 }, () => createUser(t.db)));
    const answers = await Promise.all(
      users.map((u) =>
        t.app.inject({
          method: 'POST',
          url: '/api/registration/controller',
          remoteAddress: '203.0.113.90',
          headers: { cookie: u.cookie, 'content-type': 'application/json' },
          payload: JSON.stringify({ imsi: randomDigits(), imei: randomDigits() }),
        }),
      ),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 404)).toHaveLength(GUESS_LIMIT.perIp);
    expect(statuses.filter((s) => s === 429)).toHaveLength(100 - GUESS_LIMIT.perIp);
  });

  it('100 parallel watch-code guesses by one user: exactly 10 are checked', async () => {
    const hopeful = await createUser(t.db);
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        call('POST', '/api/controller/watches', { user: hopeful, body: { code: `PARALLEL${i}` } }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 404)).toHaveLength(GUESS_LIMIT.perUser);
    expect(statuses.filter((s) => s === 429)).toHaveLength(100 - GUESS_LIMIT.perUser);
  });

  it('answers 429 after too many unknown watch codes', async () => {
    const target = await seedController(t.db, { ownerId: owner.id });
    for (let i = 0; i < GUESS_LIMIT.perUser; i++) {
      const res = await call('POST', '/api/controller/watches', {
        user: guesser,
        body: { code: `WRONGCODE${i}` },
      });
      expect(res.status).toBe(404);
    }
    const res = await call('POST', '/api/controller/watches', {
      user: guesser,
      body: { code: target.watchCode },
    });
    expect(res.status).toBe(429);
    expect(await watchesOf(t.db, target.id)).toHaveLength(0);
  });
});
