import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export type Server = { url: string; pid: number; stop: () => Promise<void> };

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const a = srv.address();
      srv.close(() => (typeof a === 'object' && a ? resolve(a.port) : reject(new Error('no port'))));
    });
  });

async function waitReady(url: string, child: ChildProcess) {
  const until = Date.now() + 90_000;
  while (Date.now() < until) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`${url}: process exited`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer within 90 s`);
}

async function start(script: string, env: Record<string, string>, probe: string): Promise<Server> {
  const port = await freePort();
  // BENCH_CPU_PROF=<dir>: a V8 CPU profile of every server process, written when it stops (where its time went)
  const profile = process.env.BENCH_CPU_PROF
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
    : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', script], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitReady(url + probe, child);
  return {
    url,
    pid: child.pid ?? 0,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        // the app's stop ends with code 0; one cut short (code 143: a handler other than the app's own exited
        // the process) leaves jobs active and skews the next run (docs/operations.md "Stopping"); the hello
        // baseline has no stop of its own and ends by the signal: code null
        child.once('exit', (code) => {
          if (code !== null && code !== 0)
            console.warn(`  ${script} did not stop cleanly: exit code ${code}`);
          resolve();
        });
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
      }),
  };
}

/**
 * The real Hivescope server (apps/server/src/main.ts) on `databaseUrl`, demo off, request logging off. A
 * bench that builds with vite in its own process inherits NODE_ENV=production from it, and production
 * refuses to start without a real FORWARD_SECRET_KEY (docs/forwarding.md), so every run gets a random one.
 */
export const startApp = (databaseUrl: string, extra: Record<string, string> = {}) =>
  start(
    'apps/server/src/main.ts',
    {
      DATABASE_URL: databaseUrl,
      DEMO: '0',
      LOG_LEVEL: 'warn',
      FORWARD_SECRET_KEY: randomBytes(32).toString('hex'),
      ...extra,
    },
    '/api/app/config',
  );

/** The hello-world baseline (bench/hello.ts). */
export const startHello = () => start('bench/hello.ts', {}, '/hello');
