import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, root } from './server-process';
import { createTestDatabase } from './db';

/**
 * The start banner (where to log in, the demo login) is the last thing on the console after start-up, with
 * the default log level and the demo running: request logs are at debug (docs/operations.md "Logs"), so the
 * live demo's reports and the alarm jobs do not scroll it away.
 */

const QUIET_MS = 8000;

describe('start banner', () => {
  let child: ChildProcess | undefined;
  let dispose: (() => Promise<void>) | undefined;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hivescope-banner-'));

  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((r) => child?.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    await dispose?.();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('stays the last output for a while after start-up, demo on, default log level', async () => {
    const database = await createTestDatabase();
    dispose = database.dispose;
    const port = await freePort();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      DEMO: '1',
      // the live demo reports every few seconds, so its requests fall into the quiet window below
      DEMO_SPEED: '3600',
    };
    delete env.LOG_LEVEL;
    delete env.SMTP_URL;
    child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
    const until = Date.now() + 120_000;
    while (!output.includes('Demo login:') && Date.now() < until && child.exitCode === null) {
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(output).toContain(`Hivescope is running at`);
    expect(output).toContain('Demo login:');
    // requests of our own too: each would print a line if request logs were not at debug
    for (let i = 0; i < 5; i++) {
      expect((await fetch(`http://127.0.0.1:${port}/api/app/config`)).ok).toBe(true);
    }
    await new Promise((r) => setTimeout(r, QUIET_MS));
    const start = output.lastIndexOf('\n', output.lastIndexOf('Hivescope is running at')) + 1;
    const tail = output
      .slice(start)
      .split('\n')
      .filter((l) => l.trim() !== '');
    if (process.env.BANNER_DEBUG) console.log(tail);
    // from "Hivescope is running at" to the end: only the banner's indented lines, no log line after them
    expect(tail.length).toBeGreaterThanOrEqual(4);
    expect(tail.filter((l) => !l.startsWith('  '))).toEqual([]);
    expect(tail[tail.length - 1]).toMatch(/Demo/);
  }, 180_000);
});
