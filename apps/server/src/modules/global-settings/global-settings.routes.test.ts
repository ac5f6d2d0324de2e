import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_GLOBAL_SETTINGS, globalSettingsSchema, type GlobalSettings } from '@hivescope/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import { createCast, type TestUser } from '../../../test/users';
import { globalSettings as settingsTable } from '../../db/schema';
import { caller } from '../controllers/controllers.fixtures';
import { globalSettings } from './global-settings.service';

describe('GET/POST admin/settings: the activity alarm settings, admins only', () => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let owner: TestUser, manager: TestUser, admin: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    call = caller(t.app);
    ({ owner, manager, admin } = await createCast(t.db));
  });
  afterAll(() => t.close());

  const changed: GlobalSettings = {
    ...DEFAULT_GLOBAL_SETTINGS,
    activityTriggerGainLevel: 3.5,
    averageWeightMinMass: 8,
  };

  it('the defaults until an admin saves; the saved values are what detection reads', async () => {
    const got = await call<GlobalSettings>('GET', '/api/admin/settings', { user: admin });
    expect(got.status).toBe(200);
    expect(globalSettingsSchema.parse(got.body)).toEqual(DEFAULT_GLOBAL_SETTINGS);
    const saved = await call('POST', '/api/admin/settings', { user: admin, body: changed, lang: 'de' });
    expect(saved.status).toBe(200);
    expect(saved.message).toBe('Erfolgreich gespeichert.');
    expect((await call<GlobalSettings>('GET', '/api/admin/settings', { user: admin })).body).toEqual(changed);
    expect(await globalSettings(t.db)).toEqual(changed);
  });

  it('bad values (negative, missing, unknown field, text) are refused with a message and change nothing', async () => {
    const before = await t.db.select().from(settingsTable);
    const bad = [
      { ...changed, activityDrain: -1 },
      { ...changed, activityTriggerLossLevel: undefined },
      { ...changed, extra: 1 },
      { ...changed, averageWeightMaxDelta: 'forty' },
    ];
    for (const body of bad) {
      const res = await call('POST', '/api/admin/settings', { user: admin, body });
      expect(res.status).toBe(400);
      expect(res.message).toBeTruthy();
    }
    expect(await t.db.select().from(settingsTable)).toEqual(before);
  });

  it('anonymous 401; owners and managers 403 for reading and saving', async () => {
    expect((await call('GET', '/api/admin/settings')).status).toBe(401);
    for (const user of [owner, manager]) {
      expect((await call('GET', '/api/admin/settings', { user })).status).toBe(403);
      expect(
        (await call('POST', '/api/admin/settings', { user, body: DEFAULT_GLOBAL_SETTINGS })).status,
      ).toBe(403);
    }
    expect(await globalSettings(t.db)).toEqual(changed);
  });
});
