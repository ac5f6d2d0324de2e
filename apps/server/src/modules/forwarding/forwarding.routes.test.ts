import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  FORWARDINGS_PER_CHANNEL_MAX,
  forwardingCreatedSchema,
  forwardingListSchema,
  type Forwarding,
  type ForwardingCreated,
} from '@hivescope/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import { createCast, type TestUser } from '../../../test/users';
import { forwardingDeliveries, forwardings } from '../../db/schema';
import { caller, seedController, seedWatch } from '../controllers/controllers.fixtures';
import { forwardingSecrets } from './targets';

/**
 * GET/POST controller/{id}/channel/{ch}/forwarding and DELETE controller/forwarding/{id} (docs/forwarding.md
 * "Calls"): what each role may do, bad input and refused targets answered with a clear message and nothing
 * saved, secrets never answered except the signing key once. Public targets are literal public addresses:
 * these tests run no delivery, so nothing is ever sent to them.
 */
const PUBLIC_IP = '93.184.216.34';

describe('forwarding calls', () => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let owner: TestUser, other: TestUser, watcher: TestUser, manager: TestUser, admin: TestUser;
  let controllerId: number;
  const path = (ch: number | string = 1, id = controllerId) =>
    `/api/controller/${id}/channel/${ch}/forwarding`;
  const rows = () => t.db.select().from(forwardings).orderBy(forwardings.id);
  const add = (user: TestUser | undefined, body: unknown, ch: number | string = 1, lang = 'en') =>
    call<ForwardingCreated>('POST', path(ch), { ...(user ? { user } : {}), body, lang });
  const email = (n: number) => ({ kind: 'email', email: `Report-${n}@Service.example.org` });

  beforeAll(async () => {
    t = await createTestApp();
    call = caller(t.app);
    const { aff, ...cast } = await createCast(t.db);
    ({ owner, other, watcher, manager, admin } = cast);
    controllerId = (await seedController(t.db, { ownerId: owner.id, affiliationId: aff })).id;
    await seedWatch(t.db, watcher.id, controllerId);
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.db.delete(forwardings);
  });

  it('401 for anonymous callers on every call; nothing saved', async () => {
    expect((await call('GET', path())).status).toBe(401);
    expect((await add(undefined, email(1))).status).toBe(401);
    expect((await call('DELETE', '/api/controller/forwarding/1')).status).toBe(401);
    expect(await rows()).toEqual([]);
  });

  it('the owner adds a forwarding of each kind, sees them listed without secrets, and deletes one', async () => {
    expect(await call('GET', path(), { user: owner })).toMatchObject({ status: 200, body: [] });

    const mail = await add(owner, email(1));
    expect(mail.status).toBe(200);
    expect(() => forwardingCreatedSchema.parse(mail.body)).not.toThrow();
    expect(mail.body).toMatchObject({
      message: 'Forwarding added',
      signingKey: null,
      forwarding: {
        controllerId,
        channel: 1,
        kind: 'email',
        target: 'report-1@service.example.org',
        lastAttemptAt: null,
        lastSuccessAt: null,
        lastError: null,
      },
    });

    const hook = await add(owner, { kind: 'http', url: `https://${PUBLIC_IP}/hivescope?site=3` });
    expect(hook.status).toBe(200);
    const key = hook.body.signingKey ?? '';
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(hook.body.forwarding.target).toBe(`https://${PUBLIC_IP}/hivescope?site=3`);

    const ftp = await add(owner, {
      kind: 'ftp',
      host: PUBLIC_IP,
      user: 'waage',
      password: 'ftp-Secret-9',
      directory: 'incoming/hives',
    });
    expect(ftp.status).toBe(200);
    expect(ftp.body.signingKey).toBeNull();
    expect(ftp.body.forwarding.target).toBe(`ftp://waage@${PUBLIC_IP}:21/incoming/hives`);

    const list = await call<Forwarding[]>('GET', path(), { user: owner });
    expect(forwardingListSchema.parse(list.body).map((f) => f.kind)).toEqual(['email', 'http', 'ftp']);
    const answered = JSON.stringify([mail.body, list.body, ftp.body]);
    expect(answered).not.toContain('ftp-Secret-9');
    expect(JSON.stringify(list.body)).not.toContain(key);

    // stored sealed: neither the key nor the password is in the row, both can be opened with the server's key
    const [, hookRow, ftpRow] = await rows();
    const box = forwardingSecrets(t.config.forwarding.secretKey);
    expect(JSON.stringify([hookRow, ftpRow])).not.toContain('ftp-Secret-9');
    expect(JSON.stringify(hookRow)).not.toContain(key);
    expect(box.open(hookRow?.secret ?? '')).toBe(key);
    expect(box.open(ftpRow?.secret ?? '')).toBe('ftp-Secret-9');
    expect(ftpRow?.settings).toEqual({
      host: PUBLIC_IP,
      port: 21,
      user: 'waage',
      directory: 'incoming/hives',
      secure: false,
    });

    // another channel has its own list
    expect((await call<Forwarding[]>('GET', path(2), { user: owner })).body).toEqual([]);

    const deleted = await call('DELETE', `/api/controller/forwarding/${mail.body.forwarding.id}`, {
      user: owner,
    });
    expect(deleted).toMatchObject({ status: 200, message: 'Forwarding deleted' });
    expect((await rows()).map((r) => r.kind)).toEqual(['http', 'ftp']);
  });

  it(`at most ${FORWARDINGS_PER_CHANNEL_MAX} per channel and each target once; nothing more saved`, async () => {
    for (let n = 1; n <= FORWARDINGS_PER_CHANNEL_MAX; n++)
      expect((await add(owner, email(n))).status).toBe(200);
    const full = await add(owner, email(99));
    expect(full).toMatchObject({ status: 400, message: 'A channel can have at most 5 forwardings' });
    await t.db.delete(forwardings);
    expect((await add(owner, email(1))).status).toBe(200);
    const twice = await add(owner, { kind: 'email', email: 'report-1@service.example.org' });
    expect(twice).toMatchObject({ status: 409, message: 'This channel already forwards to this target' });
    expect(await rows()).toHaveLength(1);
  });

  it('watchers and managers, who may read the controller, neither see nor change its forwardings', async () => {
    const id = (await add(owner, email(1))).body.forwarding.id;
    const before = await rows();
    for (const [user, writeMessage] of [
      [watcher, 'A watched transmitter is read-only'],
      [manager, 'You are not allowed to do this'],
    ] as const) {
      expect(await call('GET', path(), { user })).toMatchObject({
        status: 403,
        message: 'You are not allowed to do this',
      });
      expect(await add(user, email(2))).toMatchObject({ status: 403, message: writeMessage });
      expect(await call('DELETE', `/api/controller/forwarding/${id}`, { user })).toMatchObject({
        status: 404,
        message: 'The forwarding was not found',
      });
    }
    expect(await rows()).toEqual(before);
  });

  it('another user gets 404 for the controller and for its forwardings; nothing changes', async () => {
    const id = (await add(owner, email(1))).body.forwarding.id;
    const before = await rows();
    expect(await call('GET', path(), { user: other })).toMatchObject({
      status: 404,
      message: 'The transmitter was not found',
    });
    expect(await add(other, email(2))).toMatchObject({
      status: 404,
      message: 'The transmitter was not found',
    });
    expect(await call('DELETE', `/api/controller/forwarding/${id}`, { user: other })).toMatchObject({
      status: 404,
      message: 'The forwarding was not found',
    });
    expect(await call('DELETE', '/api/controller/forwarding/2000000000', { user: owner })).toMatchObject({
      status: 404,
      message: 'The forwarding was not found',
    });
    expect(await call('GET', path(1, 2_000_000_000), { user: owner })).toMatchObject({ status: 404 });
    expect(await rows()).toEqual(before);
  });

  it('an admin lists, adds and deletes on any controller', async () => {
    const mine = (await add(owner, email(1))).body.forwarding.id;
    expect((await call<Forwarding[]>('GET', path(), { user: admin })).body.map((f) => f.id)).toEqual([mine]);
    expect((await add(admin, email(2))).status).toBe(200);
    expect(await call('DELETE', `/api/controller/forwarding/${mine}`, { user: admin })).toMatchObject({
      status: 200,
    });
    expect((await rows()).map((r) => r.target)).toEqual(['report-2@service.example.org']);
  });

  it('deleting a forwarding removes its queued deliveries', async () => {
    const id = (await add(owner, email(1))).body.forwarding.id;
    await t.db.insert(forwardingDeliveries).values({ forwardingId: id, reportAt: new Date() });
    await call('DELETE', `/api/controller/forwarding/${id}`, { user: owner });
    expect(await t.db.select().from(forwardingDeliveries)).toEqual([]);
  });

  it.each([
    ['channel 0', 0, email(1), 'The channel must be 1 to 8'],
    ['channel 9', 9, email(1), 'The channel must be 1 to 8'],
    ['a channel that is no number', 'x', email(1), 'The channel must be 1 to 8'],
    ['a bad e-mail address', 1, { kind: 'email', email: 'not-an-address' }, 'Invalid email address'],
    [
      'a URL that is not http(s)',
      1,
      { kind: 'http', url: `ftp://${PUBLIC_IP}/x` },
      'Enter a web address starting with https:// or http://, without user name or password',
    ],
    [
      'a URL with credentials',
      1,
      { kind: 'http', url: `https://user:pw@${PUBLIC_IP}/x` },
      'Enter a web address starting with https:// or http://, without user name or password',
    ],
    [
      'an FTP host with a path',
      1,
      { kind: 'ftp', host: `${PUBLIC_IP}/dir`, user: 'u', password: 'p' },
      'Enter a host name or an IP address',
    ],
    [
      'an FTP directory leaving the login directory',
      1,
      { kind: 'ftp', host: PUBLIC_IP, user: 'u', password: 'p', directory: 'a/../../etc' },
      'The directory must not contain ".."',
    ],
    ['an unknown kind', 1, { kind: 'sms', number: '+41790000000' }, 'Check your inputs'],
    ['a missing password', 1, { kind: 'ftp', host: PUBLIC_IP, user: 'u' }, 'Check your inputs'],
    ['an unknown field', 1, { kind: 'email', email: 'a@example.org', secret: 'x' }, 'Unknown field'],
  ])('bad input (%s): a clear message and nothing saved', async (_, ch, body, message) => {
    const res = await add(owner, body, ch);
    expect(res).toMatchObject({ status: 400, message });
    expect(await rows()).toEqual([]);
  });

  it.each([
    [
      '127.0.0.1 (loopback, not allowed by the operator)',
      { kind: 'http', url: 'http://127.0.0.1:8080/hook' },
    ],
    ['a private address', { kind: 'http', url: 'http://10.0.0.5/hook' }],
    ['the cloud metadata address', { kind: 'http', url: 'http://169.254.169.254/latest/meta-data/' }],
    ['IPv6 loopback', { kind: 'http', url: 'http://[::1]:8080/hook' }],
    ['a name resolving to loopback (localhost)', { kind: 'http', url: 'http://localhost:8080/hook' }],
    ['an FTP server on a private network', { kind: 'ftp', host: '192.168.1.10', user: 'u', password: 'p' }],
    ['an FTP server named localhost', { kind: 'ftp', host: 'localhost', user: 'u', password: 'p' }],
    ['an IPv4-mapped IPv6 loopback', { kind: 'http', url: 'http://[::ffff:127.0.0.1]/hook' }],
    [
      'an FTP server at an IPv6 unique-local address',
      { kind: 'ftp', host: 'fd12::1', user: 'u', password: 'p' },
    ],
  ])('a target inside local or private networks is refused: %s; nothing saved', async (_, body) => {
    const res = await add(owner, body);
    expect(res).toMatchObject({
      status: 400,
      message:
        'This address belongs to a local, private or internal network; forwardings go to outside systems only',
    });
    expect(await rows()).toEqual([]);
  });

  it('the refusal is in the caller’s language', async () => {
    const res = await add(owner, { kind: 'http', url: 'http://10.1.1.1/' }, 1, 'de');
    expect(res.message).toBe(
      'Diese Adresse gehört zu einem lokalen, privaten oder internen Netz; Weiterleitungen gehen nur an externe Systeme',
    );
  });
});
