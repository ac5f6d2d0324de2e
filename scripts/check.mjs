// `npm run check`: type-check every TypeScript project, lint, look for import cycles, check the format and
// look for unused files, exports and packages (knip.config.ts). The commands are independent, so they run
// side by side, as many at once as there are cores (the six type checks one after the other took about 50 s
// on two cores, the first nine commands together about 90 s). Each command's output is printed whole when it
// ends, with its time; the check fails when any command failed. `node scripts/check.mjs tsc` runs only the
// type checks (`npm run typecheck`).
import { spawn } from 'node:child_process';
import os from 'node:os';

const TSC_PROJECTS = [
  'packages/contract',
  'apps/server',
  'apps/web',
  'tools/simulator',
  'tsconfig.tools.json',
  'bench/chart-page',
];

const COMMANDS = [
  // the longest first, so the pool does not end on one long command
  ...TSC_PROJECTS.map((p) => ({ name: `tsc -p ${p}`, cmd: 'npx', args: ['tsc', '-p', p] })),
  { name: 'lint', cmd: 'npm', args: ['run', '--silent', 'lint'] },
  { name: 'format', cmd: 'npm', args: ['run', '--silent', 'format:check'] },
  { name: 'cycles', cmd: 'npm', args: ['run', '--silent', 'cycles'] },
  { name: 'docs', cmd: 'node', args: ['scripts/check-docs.mjs'] },
  { name: 'knip', cmd: 'npx', args: ['knip', '--no-progress'] },
];

function run({ name, cmd, args }) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      console.log(`== ${name}: ${code === 0 ? 'ok' : `FAILED (exit ${code})`} in ${seconds} s`);
      if (code !== 0 || output.trim()) console.log(output.trimEnd());
      resolve(code === 0);
    });
  });
}

const only = process.argv[2];
const queue = COMMANDS.filter((c) => !only || c.name.startsWith(only));
const results = [];
const worker = async () => {
  for (let next = queue.shift(); next; next = queue.shift()) results.push(await run(next));
};
await Promise.all(Array.from({ length: Math.max(2, os.availableParallelism()) }, worker));
const failed = results.filter((ok) => !ok).length;
if (failed > 0) {
  console.error(`\ncheck FAILED: ${failed} of ${results.length} commands`);
  process.exit(1);
}
console.log(`check: all ${results.length} commands passed`);
