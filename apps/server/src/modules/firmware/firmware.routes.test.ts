import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type {
  FirmwareAssignAnswer,
  FirmwareControllerRow,
  FirmwareList,
  FirmwareUploadAnswer,
} from '@hivescope/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import { createCast } from '../../../test/users';
import { caller, controllerRow, seedController } from '../controllers/controllers.fixtures';
import {
  countRows,
  imageBytes,
  insertImage,
  insertRegion,
  multipart,
  setVersions,
  sha256,
} from './firmware.fixtures';

const MAX = 200 * 1024;

describe('firmware administration: POST/GET/DELETE admin/firmware, POST admin/controller/firmware', () => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let cast: Awaited<ReturnType<typeof createCast>>;

  const upload = async (
    parts: Parameters<typeof multipart>[0],
    user: { cookie: string } | null = cast.admin,
    lang = 'en',
  ) => {
    const body = await multipart(parts);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/firmware',
      payload: body.payload,
      headers: { ...body.headers, 'accept-language': lang, ...(user ? { cookie: user.cookie } : {}) },
    });
    return { status: res.statusCode, body: res.json<FirmwareUploadAnswer & { fields?: object }>() };
  };
  const file = (data: Buffer, filename = 'hive.bin') => ({ filename, data });

  beforeAll(async () => {
    t = await createTestApp({ FIRMWARE_MAX_BYTES: String(MAX) });
    call = caller(t.app);
    cast = await createCast(t.db);
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.db.execute(sql`DELETE FROM firmware_rollouts`);
    await t.db.execute(sql`UPDATE controllers SET desired_firmware = NULL`);
    await t.db.execute(sql`DELETE FROM firmware_images`);
  });

  it('stores an upload of an admin in 64 KiB chunks and lists it with size, SHA-256, date and counts', async () => {
    const bytes = imageBytes(150 * 1024);
    const res = await upload([
      ['version', '1.5.0'],
      ['data', file(bytes)],
    ]);
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Firmware version 1.5.0 has been uploaded');
    expect(res.body.firmware).toMatchObject({
      version: '1.5.0',
      name: 'hive.bin',
      size: bytes.length,
      sha256: sha256(bytes),
      running: 0,
      wanted: 0,
    });
    expect(await countRows(t.db)).toEqual({ images: 1, chunks: 3 });
    const stored = await t.db.execute<{ data: Buffer }>(sql`SELECT data FROM firmware_chunks ORDER BY seq`);
    expect(Buffer.concat(stored.rows.map((r) => r.data)).equals(bytes)).toBe(true);

    const c = await seedController(t.db);
    await setVersions(t.db, c.id, { softwareVersion: '1.5.0' });
    const d = await seedController(t.db);
    await setVersions(t.db, d.id, { desiredFirmware: '1.5.0' });
    const list = await call<FirmwareList>('GET', '/api/admin/firmware', { user: cast.admin });
    expect(list.status).toBe(200);
    expect(list.body.maxBytes).toBe(MAX);
    expect(list.body.items).toEqual([
      expect.objectContaining({ version: '1.5.0', size: bytes.length, running: 1, wanted: 1 }),
    ]);
    expect(Date.parse(list.body.items[0]!.uploadedAt)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('takes the version after the file and a given name', async () => {
    const res = await upload([
      ['data', file(imageBytes(10))],
      ['name', 'Hive controller'],
      ['version', '2.0.1-rc1'],
    ]);
    expect(res.status).toBe(201);
    expect(res.body.firmware).toMatchObject({ version: '2.0.1-rc1', name: 'Hive controller', size: 10 });
  });

  it('refuses anonymous callers, users and managers (nothing stored)', async () => {
    const parts: Parameters<typeof multipart>[0] = [
      ['version', '1.5.0'],
      ['data', file(imageBytes(100))],
    ];
    expect((await upload(parts, null)).status).toBe(401);
    for (const u of [cast.owner, cast.manager]) expect((await upload(parts, u)).status).toBe(403);
    expect((await call('GET', '/api/admin/firmware')).status).toBe(401);
    for (const u of [cast.owner, cast.watcher, cast.manager])
      expect((await call('GET', '/api/admin/firmware', { user: u })).status).toBe(403);
    expect(await countRows(t.db)).toEqual({ images: 0, chunks: 0 });
  });

  it('refuses bad uploads with a clear message and stores nothing', async () => {
    const ok = file(imageBytes(70 * 1024));
    const cases: Array<[Parameters<typeof multipart>[0], number, string]> = [
      [
        [
          ['version', '1.5 beta'],
          ['data', ok],
        ],
        400,
        'Enter a valid firmware version number, e.g. 1.5.0 or 2.0.1-rc1',
      ],
      [
        [
          ['data', ok],
          ['version', '../1.5'],
        ],
        400,
        'Enter a valid firmware version number, e.g. 1.5.0 or 2.0.1-rc1',
      ],
      [[['data', ok]], 400, 'Enter a valid firmware version number, e.g. 1.5.0 or 2.0.1-rc1'],
      [
        [
          ['version', '1.5.0'],
          ['data', file(Buffer.alloc(0))],
        ],
        400,
        'The firmware file is empty',
      ],
      [
        [
          ['version', '1.5.0'],
          ['data', file(imageBytes(MAX + 1))],
        ],
        413,
        'The firmware file is too large (at most 200 KiB)',
      ],
      [[['version', '1.5.0']], 400, 'Choose a firmware file to upload'],
      [
        [
          ['version', '1.5.0'],
          ['colour', 'red'],
          ['data', ok],
        ],
        400,
        'Unknown field',
      ],
      [
        [
          ['version', '1.5.0'],
          ['file', ok],
        ],
        400,
        'The upload could not be read; send the version and the file as a form',
      ],
    ];
    for (const [parts, status, message] of cases) {
      const res = await upload(parts);
      expect([res.status, res.body.message]).toEqual([status, message]);
    }
    const json = await call('POST', '/api/admin/firmware', { user: cast.admin, body: { version: '1.5.0' } });
    expect([json.status, json.message]).toEqual([
      400,
      'The upload could not be read; send the version and the file as a form',
    ]);
    expect(await countRows(t.db)).toEqual({ images: 0, chunks: 0 });
  });

  it('refuses a version uploaded before, in the caller’s language, keeping the first image', async () => {
    const first = imageBytes(100, 1);
    await insertImage(t.db, '1.5.0', first);
    for (const order of ['version first', 'file first']) {
      const parts: Parameters<typeof multipart>[0] =
        order === 'version first'
          ? [
              ['version', '1.5.0'],
              ['data', file(imageBytes(100, 2))],
            ]
          : [
              ['data', file(imageBytes(100, 2))],
              ['version', '1.5.0'],
            ];
      const res = await upload(parts, cast.admin, 'de');
      expect([res.status, res.body.message]).toEqual([
        409,
        'Die Firmware-Version 1.5.0 wurde bereits hochgeladen',
      ]);
    }
    const list = await call<FirmwareList>('GET', '/api/admin/firmware', { user: cast.admin });
    expect(list.body.items.map((i) => i.sha256)).toEqual([sha256(first)]);
    expect(await countRows(t.db)).toEqual({ images: 1, chunks: 1 });
  });

  it('deletes a version no controller wants; refuses while one wants it, unknown and bad versions', async () => {
    await insertImage(t.db, '1.5.0', imageBytes(100));
    const c = await seedController(t.db);
    await setVersions(t.db, c.id, { desiredFirmware: '1.5.0' });
    const del = (v: string, user: { cookie: string } | null = cast.admin) =>
      call('DELETE', `/api/admin/firmware?version=${encodeURIComponent(v)}`, { user: user ?? undefined });
    expect((await del('1.5.0', null)).status).toBe(401);
    for (const u of [cast.owner, cast.manager]) expect((await del('1.5.0', u)).status).toBe(403);
    const wanted = await del('1.5.0');
    expect([wanted.status, wanted.message]).toEqual([
      409,
      'Firmware version 1.5.0 cannot be deleted: 1 transmitters are to install it',
    ]);
    expect((await del('9.9.9')).status).toBe(404);
    const bad = await del('1.5 beta');
    expect([bad.status, bad.message]).toEqual([
      400,
      'Enter a valid firmware version number, e.g. 1.5.0 or 2.0.1-rc1',
    ]);
    expect(await countRows(t.db)).toEqual({ images: 1, chunks: 1 });

    await setVersions(t.db, c.id, { desiredFirmware: null });
    const ok = await del('1.5.0');
    expect([ok.status, ok.message]).toEqual([200, 'Firmware version 1.5.0 has been deleted']);
    expect(await countRows(t.db)).toEqual({ images: 0, chunks: 0 });
  });

  it('sets and clears the desired version of chosen controllers (all or nothing)', async () => {
    await insertImage(t.db, '1.5.0', imageBytes(100));
    const a = await seedController(t.db);
    const b = await seedController(t.db);
    const url = (v?: string) =>
      `/api/admin/controller/firmware${v === undefined ? '' : `?firmwareversion=${v}`}`;
    const assign = (v: string | undefined, body: unknown, user: { cookie: string } | null = cast.admin) =>
      call<FirmwareAssignAnswer>('POST', url(v), { user: user ?? undefined, body });

    expect((await assign('1.5.0', { controllerIds: [a.id] }, null)).status).toBe(401);
    for (const u of [cast.owner, cast.manager])
      expect((await assign('1.5.0', { controllerIds: [a.id] }, u)).status).toBe(403);
    const unknownVersion = await assign('1.6.0', { controllerIds: [a.id] });
    expect([unknownVersion.status, unknownVersion.message]).toEqual([
      404,
      'Firmware version 1.6.0 does not exist',
    ]);
    const unknownController = await assign('1.5.0', { controllerIds: [a.id, 999_999] });
    expect([unknownController.status, unknownController.message]).toEqual([
      404,
      'Some of the selected transmitters do not exist',
    ]);
    const empty = await assign('1.5.0', { controllerIds: [] });
    expect([empty.status, empty.message]).toEqual([400, 'Select at least one transmitter']);
    const twice = await assign('1.5.0', { controllerIds: [a.id, a.id] });
    expect([twice.status, twice.message]).toEqual([400, 'A transmitter appears twice in the selection']);
    expect((await assign('1.5', { controllerIds: [a.id] })).status).toBe(404);
    expect((await assign('x', { controllerIds: [a.id] })).status).toBe(400);
    expect((await controllerRow(t.db, a.id)).desiredFirmware).toBeNull();

    const set = await assign('1.5.0', { controllerIds: [a.id, b.id] });
    expect(set.body).toEqual({ message: '2 transmitters are to install firmware version 1.5.0', updated: 2 });
    expect((await controllerRow(t.db, b.id)).desiredFirmware).toBe('1.5.0');
    // the spec's bare list of ids works too; no version clears the desired one
    const cleared = await assign(undefined, [b.id]);
    expect(cleared.body).toEqual({
      message: 'The desired firmware version of 1 transmitters has been cleared',
      updated: 1,
    });
    expect((await controllerRow(t.db, b.id)).desiredFirmware).toBeNull();
    expect((await controllerRow(t.db, a.id)).desiredFirmware).toBe('1.5.0');
  });

  it('lists controllers with current and desired version, filtered by version, region and affiliation', async () => {
    await t.db.execute(sql`DELETE FROM controllers`);
    const north = await insertRegion(t.db, 'North');
    const a = await seedController(t.db, { name: 'Alpha', affiliationId: cast.aff });
    const b = await seedController(t.db, { name: 'Beta' });
    const c = await seedController(t.db, { name: 'Gamma' });
    await setVersions(t.db, a.id, { softwareVersion: '1.4.2', desiredFirmware: '1.5.0' });
    await setVersions(t.db, b.id, { softwareVersion: '1.4.2' });
    await t.db.execute(sql`UPDATE controllers SET region_secondary_id = ${north} WHERE id = ${b.id}`);
    const list = (q = '', user: { cookie: string } | null = cast.admin) =>
      call<FirmwareControllerRow[]>('GET', `/api/admin/firmware/controllers${q}`, {
        user: user ?? undefined,
      });

    expect((await list('', null)).status).toBe(401);
    for (const u of [cast.owner, cast.manager]) expect((await list('', u)).status).toBe(403);
    const all = await list();
    expect(all.body.map((r) => [r.name, r.currentVersion, r.desiredVersion])).toEqual([
      ['Alpha', '1.4.2', '1.5.0'],
      ['Beta', '1.4.2', null],
      ['Gamma', null, null],
    ]);
    expect(all.body[0]).toMatchObject({ affiliation: { id: cast.aff }, rollout: null });
    expect(all.body[1]).toMatchObject({ region: null, secondaryRegion: { id: north, name: 'North' } });
    const names = async (q: string) => (await list(q)).body.map((r) => r.name);
    expect(await names('?currentVersion=1.4.2')).toEqual(['Alpha', 'Beta']);
    expect(await names('?currentVersion=none')).toEqual(['Gamma']);
    expect(await names('?desiredVersion=1.5.0')).toEqual(['Alpha']);
    expect(await names(`?regionId=${north}`)).toEqual(['Beta']);
    expect(await names(`?affiliationId=${cast.aff}`)).toEqual(['Alpha']);
    expect(await names(`?currentVersion=1.4.2&affiliationId=${cast.aff}`)).toEqual(['Alpha']);
    expect((await list('?regionId=abc')).status).toBe(400);
    expect((await list('?colour=red')).status).toBe(400);
    expect(c.id).toBeGreaterThan(0);
  });
});
