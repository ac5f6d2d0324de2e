import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root: the tests that run the real server start it from there. */
export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** A port free at the moment of asking (another process may take it before the server binds it). */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const a = srv.address();
      srv.close(() => (typeof a === 'object' && a ? resolve(a.port) : reject(new Error('no port'))));
    });
  });

/** The real server (apps/server/src/main.ts) on `databaseUrl`, demo off, errors only on its stderr. */
export function startServer(databaseUrl: string, port: number): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      DEMO: '0',
      LOG_LEVEL: 'error',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/** Waits until the server answers `GET /api/app/config` (60 s at most). */
export async function waitReady(port: number, child: ChildProcess) {
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error('the server exited');
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/app/config`)).ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not start within 60 s');
}
