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
    expect([res.status, res.message]).toEqual([429, 'Too many attempts; please wait a moment and try again']);
    expect((await controllerRow(t.db, target.id)).ownerId).toBeNull();
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
