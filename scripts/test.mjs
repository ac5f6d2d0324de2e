// `npm test`: every suite (contract, server API on real PostgreSQL, web units, simulator, browser e2e).
// The browser tests need the built web app, so it is built first when stale.
import { spawnSync } from 'node:child_process';
import { buildWebIfStale } from './start.mjs';

buildWebIfStale();
const args = ['vitest', 'run', ...process.argv.slice(2)];
const r = spawnSync('npx', args, { stdio: 'inherit' });
process.exit(r.status ?? 1);
