import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { createUser, type TestUser } from '../../test/users';
import { caller, seedController } from '../modules/controllers/controllers.fixtures';
import { idParam } from './params';

describe('path ids (http/params idParam)', () => {
  it('reads plain decimal integers of the PostgreSQL integer range', () => {
    expect(['1', '42', '2147483647'].map((v) => idParam.parse(v))).toEqual([1, 42, 2_147_483_647]);
  });

  it.each([
    '0x1',
    '1e0',
    ' 1',
    '1 ',
    '+1',
    '-1',
    '01',
    '0',
    '1.0',
    '1.',
    '',
    '2147483648',
    '99999999999',
    '١',
  ])('refuses %j', (v) => {
    expect(idParam.safeParse(v).success).toBe(false);
  });

  describe('through a route', () => {
    let t: TestApp;
    let call: ReturnType<typeof caller>;
    let owner: TestUser;
    let id: number;
    beforeAll(async () => {
      t = await createTestApp();
      call = caller(t.app);
      owner = await createUser(t.db);
      id = (await seedController(t.db, { ownerId: owner.id })).id;
    });
    afterAll(() => t.close());

    it('refuses other spellings of an existing id with the same 400 as any malformed id', async () => {
      const plain = await call('GET', `/api/controller/${id}`, { user: owner });
      expect(plain.status).toBe(200);
      const garbage = await call('GET', '/api/controller/abc', { user: owner, lang: 'de' });
      expect([garbage.status, garbage.message]).toEqual([400, 'Bitte überprüfen Sie Ihre Eingaben']);
      for (const spelling of [`0x${id.toString(16)}`, `${id}e0`, `%20${id}`, `0${id}`, `+${id}`]) {
        const res = await call('GET', `/api/controller/${spelling}`, { user: owner, lang: 'de' });
        expect([spelling, res.status, res.body]).toEqual([spelling, 400, garbage.body]);
      }
    });
  });
});
