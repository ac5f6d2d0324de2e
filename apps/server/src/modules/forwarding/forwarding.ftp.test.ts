import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { FtpSrv } from 'ftp-srv';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FORWARDING_CSV_COLUMNS, type ForwardingCreated } from '@hivescope/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import { createUser, type TestUser } from '../../../test/users';
import { forwardings } from '../../db/schema';
import { caller } from '../controllers/controllers.fixtures';
import type { TestController } from '../device/device.fixtures';
import {
  deliveriesOf,
  forwardingRow,
  ownedController,
  postReport,
  second,
  silentLog,
} from './forwarding.fixtures';
import { scanForwardings } from './forwarding.scan';
import { retryDelayMs, sendDueForwardings } from './forwarding.send';

/**
 * FTP forwardings against a real FTP server started here (ftp-srv on 127.0.0.1, allowed by
 * FORWARD_ALLOW_HOSTS): one CSV file per report with the documented columns, written under a temporary name
 * and renamed; the server's PASV address is ignored for the control connection's (docs/forwarding.md "FTP").
 * The servers name 127.0.0.2 in their PASV answers, where nothing listens: following it would fail.
 */
const USER = 'waage';
const PASSWORD = 'Ftp-Pass-42';

type TestFtp = { port: number; root: string; close: () => Promise<void> };

const quiet = {
  child: () => quiet,
  trace: () => {},
  debug: () => {},
  info: () => {},
  warn: () => {},
  error: () => {},
  fatal: () => {},
};

async function startFtp(opts: { epsv: boolean }): Promise<TestFtp> {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'hs-ftp-'));
  await fs.mkdir(path.join(root, 'incoming'));
  const server = new FtpSrv({
    url: 'ftp://127.0.0.1:0',
    // a function is used as it is (a string would be replaced by the client's address for local clients)
    pasv_url: (() => '127.0.0.2') as unknown as string,
    pasv_min: 20000 + Math.floor(Math.random() * 20000),
    blacklist: opts.epsv ? [] : ['EPSV'],
    log: quiet,
  });
  server.on('login', ({ username, password }, resolve, reject) => {
    if (username === USER && password === PASSWORD) resolve({ root });
    else reject(new Error('Login incorrect'));
  });
  await server.listen();
  const { port } = (server as unknown as { server: { address: () => AddressInfo } }).server.address();
  return {
    port,
    root,
    close: async () => {
      await server.close();
      await fs.rm(root, { recursive: true, force: true });
    },
  };
}

describe.each([
  ['EPSV', true],
  ['PASV only (its address ignored)', false],
])('FTP forwarding delivery, passive mode by %s', (_, epsv) => {
  let t: TestApp;
  let ftp: TestFtp;
  let owner: TestUser;
  let c: TestController;
  let forwardingId: number;
  const send = () =>
    sendDueForwardings(
      { config: t.config, db: t.db },
      { mailer: { send: async () => {}, deliver: async () => {} }, log: silentLog, retryDelayMs },
    );
  const files = async () => (await fs.readdir(path.join(ftp.root, 'incoming'))).sort();
  const add = (password: string) =>
    caller(t.app)<ForwardingCreated>('POST', `/api/controller/${c.id}/channel/1/forwarding`, {
      user: owner,
      body: { kind: 'ftp', host: '127.0.0.1', port: ftp.port, user: USER, password, directory: 'incoming' },
    });

  beforeAll(async () => {
    t = await createTestApp({ FORWARD_ALLOW_HOSTS: '127.0.0.1' });
    ftp = await startFtp({ epsv });
    owner = await createUser(t.db);
  });
  afterAll(async () => {
    await ftp.close();
    await t.close();
  });
  beforeEach(async () => {
    await t.db.delete(forwardings);
    for (const f of await files()) await fs.rm(path.join(ftp.root, 'incoming', f));
    c = await ownedController(t, owner, '=Stand "Moos", Süd');
    const res = await add(PASSWORD);
    if (res.status !== 200) throw new Error(`forwarding not created: ${res.message}`);
    forwardingId = res.body.forwarding.id;
  });

  it('uploads one CSV file per report with the documented columns, and no temporary file stays', async () => {
    const times = [second(Date.now() + 60_000), second(Date.now() + 120_000)];
    await postReport(t, c, times);
    await scanForwardings(t.db);
    expect(await send()).toEqual({ sent: 2, retried: 0, failed: 0 });

    const stamp = (d: Date) => d.toISOString().replace(/[-:]/g, '').replace('.000Z', 'Z');
    expect(await files()).toEqual(times.map((d) => `${c.id}-1-${stamp(d)}.csv`));
    const csv = await fs.readFile(
      path.join(ftp.root, 'incoming', `${c.id}-1-${stamp(times[1] ?? new Date())}.csv`),
      'utf8',
    );
    const [header, row, end] = csv.split('\r\n');
    expect(header).toBe(FORWARDING_CSV_COLUMNS.join(','));
    // the name keeps its quotes and comma (CSV-escaped) and cannot start a spreadsheet formula
    expect(row).toBe(`${c.id},"'=Stand ""Moos"", Süd",1,${times[1]?.toISOString()},43.35,,`);
    expect(end).toBe('');
    expect((await deliveriesOf(t, forwardingId)).map((d) => d.status)).toEqual(['sent', 'sent']);
    expect((await forwardingRow(t, forwardingId)).lastError).toBeNull();

    // a re-run (restart) uploads nothing more
    expect((await scanForwardings(t.db)).created).toBe(0);
    expect(await send()).toEqual({ sent: 0, retried: 0, failed: 0 });
  });

  it('a refused login is retried later; the owner sees the server’s reason, never the password', async () => {
    await t.db.delete(forwardings);
    const res = await add('wrong-Password-7');
    forwardingId = res.body.forwarding.id;
    await postReport(t, c, [second(Date.now() + 60_000)]);
    await scanForwardings(t.db);
    expect(await send()).toEqual({ sent: 0, retried: 1, failed: 0 });
    const row = await forwardingRow(t, forwardingId);
    expect(row.lastError).toMatch(/530/);
    expect(row.lastError).not.toContain('wrong-Password-7');
    expect(await files()).toEqual([]);
  });
});
