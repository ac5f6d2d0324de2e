import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, root } from './server-process';

/**
 * `npm start` stops cleanly whichever process of it receives SIGTERM or SIGINT (docs/operations.md
 * "Stopping"): npm passes SIGTERM and SIGINT only to the shell it runs the script in, which did not pass them
 * on, so a `systemctl stop` left the server and its embedded PostgreSQL running as orphans and SIGINT did
 * nothing at all. Each case starts the real
 * `npm start` on its own data folder with the embedded database, signals one process, and then looks in /proc
 * for any process still carrying that data folder in its environment.
 */

const dataDirs: string[] = [];
const postmasters = new Map<string, number>();

/** Live (not zombie) processes as pid → parent pid. */
function liveProcesses(): Map<number, number> {
  const live = new Map<number, number>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const m = /^\d+ \(.*\) (\S) (\d+) /.exec(fs.readFileSync(`/proc/${entry}/stat`, 'utf8'));
      // a zombie has stopped; only its exit status is left for its parent
      if (m && m[1] !== 'Z') live.set(Number(entry), Number(m[2]));
    } catch {
      // gone meanwhile
    }
  }
  return live;
}

/**
 * The processes of one run still alive: those with DATA_DIR=<dir> in their environment (npm, its shell, the
 * server), and PostgreSQL's postmaster with its children (PostgreSQL reuses its environment's memory for its
 * process titles, so the marker cannot find them).
 */
function processesOf(dataDir: string, postmaster?: number): number[] {
  const marker = `DATA_DIR=${dataDir}\0`;
  const live = liveProcesses();
  const pids: number[] = [];
  for (const [pid, parent] of live) {
    if (postmaster !== undefined && (pid === postmaster || parent === postmaster)) {
      pids.push(pid);
      continue;
    }
    try {
      if (fs.readFileSync(`/proc/${pid}/environ`, 'utf8').includes(marker)) pids.push(pid);
    } catch {
      // gone meanwhile, or not ours to read
    }
  }
  return pids;
}

/** The pid in PostgreSQL's lock file of this data folder. */
function postmasterOf(dataDir: string): number {
  return Number(fs.readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
}

async function until(check: () => boolean, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (check()) return true;
    await new Promise((r) => setTimeout(r, 250));
  }
  return check();
}

/** Starts `npm start` until its banner; answers the npm process and the pids that belong to the run. */
async function startApp(): Promise<{
  npm: ChildProcess;
  dataDir: string;
  postmaster: number;
  pids: number[];
}> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hivescope-stop-'));
  dataDirs.push(dataDir);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(await freePort()),
    HOST: '127.0.0.1',
    DEMO: '0',
  };
  delete env.DATABASE_URL;
  delete env.ADMIN_EMAIL;
  const npm = spawn('npm', ['start'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  npm.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  npm.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const started = await until(
    () => output.includes('Hivescope is running at') || npm.exitCode !== null,
    180_000,
  );
  expect(started && npm.exitCode === null, `npm start did not come up:\n${output}`).toBe(true);
  const postmaster = postmasterOf(dataDir);
  postmasters.set(dataDir, postmaster);
  return { npm, dataDir, postmaster, pids: processesOf(dataDir, postmaster) };
}

describe('npm start stops cleanly on SIGTERM and SIGINT', () => {
  afterAll(() => {
    for (const dir of dataDirs) {
      for (const pid of processesOf(dir, postmasters.get(dir))) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it(`${signal} to the npm process stops the server and the embedded PostgreSQL`, async () => {
      const { npm, dataDir, postmaster, pids } = await startApp();
      // npm, the server, the postmaster and its children: the check below has something to see go
      expect(pids).toContain(npm.pid);
      expect(pids).toContain(postmaster);
      expect(pids.length).toBeGreaterThanOrEqual(5);
      npm.kill(signal);
      const gone = await until(() => processesOf(dataDir, postmaster).length === 0, 30_000);
      expect(gone, `left running after ${signal}: ${processesOf(dataDir, postmaster).join(', ')}`).toBe(true);
      expect(fs.existsSync(path.join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);
    }, 240_000);
  }

  it('SIGTERM to the server process itself stops it and PostgreSQL too', async () => {
    const { dataDir, postmaster } = await startApp();
    const server = processesOf(dataDir).find((pid) =>
      fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('scripts/start.mjs'),
    );
    expect(server).toBeDefined();
    process.kill(server!, 'SIGTERM');
    const gone = await until(() => processesOf(dataDir, postmaster).length === 0, 30_000);
    expect(gone, `left running: ${processesOf(dataDir, postmaster).join(', ')}`).toBe(true);
  }, 240_000);
});
