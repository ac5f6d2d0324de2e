import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  interventionSaveResponseSchema,
  type Intervention,
  type InterventionSaveResponse,
} from '@hivescope/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import { createCast, type TestUser } from '../../../test/users';
import { interventions } from '../../db/schema';
import { caller, seedController, seedScale, seedWatch } from '../controllers/controllers.fixtures';

const s = (iso: string) => Date.parse(iso) / 1000;
const range = `xmin=${s('2025-01-01T00:00:00Z')}&xmax=${s('2026-01-01T00:00:00Z')}`;

describe('interventions: GET intervention, POST intervention, POST/DELETE intervention/{id}', () => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let owner: TestUser, other: TestUser, watcher: TestUser, manager: TestUser, admin: TestUser;
  let hive: number, foreignHive: number;
  const rows = async () => t.db.select().from(interventions).orderBy(interventions.id);
  const create = (user: TestUser | undefined, body: unknown) =>
    call<InterventionSaveResponse>('POST', '/api/intervention', { ...(user ? { user } : {}), body });
  const list = (user: TestUser, scales: string | number) =>
    call<Intervention[]>('GET', `/api/intervention?scales=${scales}&${range}`, { user });

  beforeAll(async () => {
    t = await createTestApp();
    call = caller(t.app);
    const { aff, ...cast } = await createCast(t.db);
    ({ owner, other, watcher, manager, admin } = cast);
    const c = await seedController(t.db, { ownerId: owner.id, affiliationId: aff });
    hive = await seedScale(t.db, c.id, 1);
    foreignHive = await seedScale(t.db, (await seedController(t.db, { ownerId: other.id })).id, 1);
    await seedWatch(t.db, watcher.id, c.id);
  });
  afterAll(() => t.close());

  const inspection = () => ({
    idscale: hive,
    label: 'inspection',
    description: '  Brood on 7 frames ',
    time: '2025-05-01T08:30:00Z',
  });

  it('401 for anonymous callers on every call', async () => {
    expect((await create(undefined, inspection())).status).toBe(401);
    expect((await call('GET', `/api/intervention?scales=${hive}&${range}`)).status).toBe(401);
    expect((await call('POST', '/api/intervention/1', { body: { label: 'other' } })).status).toBe(401);
    expect((await call('DELETE', '/api/intervention/1')).status).toBe(401);
    expect(await rows()).toEqual([]);
  });

  it('the owner creates, lists, updates and deletes', async () => {
    const created = await create(owner, inspection());
    expect(created.status).toBe(200);
    expect(() => interventionSaveResponseSchema.parse(created.body)).not.toThrow();
    expect(created.message).toBe('Intervention saved');
    expect(created.body.intervention).toMatchObject({
      idscale: hive,
      label: 'inspection',
      description: 'Brood on 7 frames',
      time: '2025-05-01T08:30:00.000Z',
      editable: true,
    });
    const id = created.body.intervention.id;
    expect((await list(owner, hive)).body.map((i) => i.id)).toEqual([id]);
    const outside = await call<Intervention[]>(
      'GET',
      `/api/intervention?scales=${hive}&xmin=${s('2025-06-01T00:00:00Z')}&xmax=${s('2025-07-01T00:00:00Z')}`,
      { user: owner },
    );
    expect(outside.body).toEqual([]);

    const updated = await call<InterventionSaveResponse>('POST', `/api/intervention/${id}`, {
      user: owner,
      body: { label: 'feeding', time: '2025-05-02T10:00:00+02:00' },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.intervention).toMatchObject({ label: 'feeding', time: '2025-05-02T08:00:00.000Z' });
    const deleted = await call('DELETE', `/api/intervention/${id}`, { user: owner });
    expect(deleted).toMatchObject({ status: 200, message: 'Intervention deleted' });
    expect(await rows()).toEqual([]);
  });

  it('watcher and manager read (not editable) but may not write; nothing changes', async () => {
    const id = (await create(owner, inspection())).body.intervention.id;
    for (const [user, status, message] of [
      [watcher, 403, 'A watched transmitter is read-only'],
      [manager, 403, 'You are not allowed to do this'],
    ] as const) {
      const read = await list(user, hive);
      expect(read.status).toBe(200);
      expect(read.body.map((i) => [i.id, i.editable])).toEqual([[id, false]]);
      expect(await create(user, inspection())).toMatchObject({ status, message });
      const update = await call('POST', `/api/intervention/${id}`, { user, body: { label: 'harvest' } });
      expect(update).toMatchObject({ status, message });
      expect(await call('DELETE', `/api/intervention/${id}`, { user })).toMatchObject({ status, message });
    }
    expect((await rows()).map((r) => [r.id, r.label])).toEqual([[id, 'inspection']]);
  });

  it('an admin reads and writes any hive', async () => {
    const [row] = await rows();
    const id = row?.id ?? 0;
    expect((await list(admin, hive)).body.map((i) => [i.id, i.editable])).toEqual([[id, true]]);
    const res = await call<InterventionSaveResponse>('POST', `/api/intervention/${id}`, {
      user: admin,
      body: { description: 'Checked by the inspector' },
    });
    expect(res.body.intervention.description).toBe('Checked by the inspector');
  });

  it('another user gets 404 for the hive and for its interventions; nothing changes', async () => {
    const before = await rows();
    const id = before[0]?.id ?? 0;
    expect(await list(other, hive)).toMatchObject({ status: 404, message: 'The scale was not found' });
    expect(await create(other, inspection())).toMatchObject({
      status: 404,
      message: 'The scale was not found',
    });
    for (const res of [
      await call('POST', `/api/intervention/${id}`, { user: other, body: { label: 'queen' } }),
      await call('DELETE', `/api/intervention/${id}`, { user: other }),
      await call('DELETE', '/api/intervention/2000000000', { user: owner }),
    ]) {
      expect(res).toMatchObject({ status: 404, message: 'The intervention was not found' });
    }
    expect(await list(owner, `${hive},${foreignHive}`)).toMatchObject({ status: 404 });
    expect(await rows()).toEqual(before);
  });

  it('bad input: a clear localised message and nothing saved', async () => {
    const before = await rows();
    const cases: [unknown, string][] = [
      [{ ...inspection(), label: 'swarm' }, 'Choose a label from the list'],
      [
        { ...inspection(), description: 'x'.repeat(2001) },
        'The description is too long (at most 2,000 characters)',
      ],
      [{ ...inspection(), time: '2025-05-01 08:30' }, 'Invalid date'],
      [{ ...inspection(), time: '2015-12-31T23:00:00Z' }, 'Invalid date'],
      [{ ...inspection(), colour: 'red' }, 'Unknown field'],
    ];
    for (const [body, message] of cases) {
      const res = await create(owner, body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.message).toBe(message);
    }
    const de = await call('POST', '/api/intervention', {
      user: owner,
      lang: 'de',
      body: { ...inspection(), label: 'x' },
    });
    expect(de.message).toBe('Wählen Sie eine Bezeichnung aus der Liste');
    const id = before[0]?.id ?? 0;
    expect(
      await call('POST', `/api/intervention/${id}`, { user: owner, body: { time: 'tomorrow' } }),
    ).toMatchObject({ status: 400, message: 'Invalid date' });
    expect(
      await call('GET', `/api/intervention?scales=${hive}&xmin=10&xmax=5`, { user: owner }),
    ).toMatchObject({
      status: 400,
    });
    expect((await call('POST', '/api/intervention/abc', { user: owner, body: {} })).status).toBe(400);
    expect(await rows()).toEqual(before);
  });
});
