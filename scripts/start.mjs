// `npm start`: builds the web app when its build is missing or older than its sources, then starts the
// server (TypeScript run directly through tsx) on the embedded PostgreSQL unless DATABASE_URL is set.
import { execSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(p));
    else newest = Math.max(newest, fs.statSync(p).mtimeMs);
  }
  return newest;
}

export function webBuildIsStale() {
  const index = path.join(root, 'apps/web/dist/index.html');
  if (!fs.existsSync(index)) return true;
  const built = fs.statSync(index).mtimeMs;
  const sources = [
    'apps/web/src',
    'apps/web/index.html',
    'apps/web/login.html',
    'apps/web/build',
    'packages/contract',
  ].map((p) => path.join(root, p));
  return sources.some(
    (p) =>
      fs.existsSync(p) && (fs.statSync(p).isDirectory() ? newestMtime(p) : fs.statSync(p).mtimeMs) > built,
  );
}

export function buildWebIfStale() {
  if (!webBuildIsStale()) return;
  console.log('Building the web app…');
  execSync('npm run build -w @hivescope/web', { cwd: root, stdio: 'inherit' });
}

function revision() {
  try {
    return execSync('git rev-parse --short HEAD', { cwd: root, stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    return 'dev';
  }
}

/**
 * npm passes SIGTERM and SIGINT to the `sh -c` it runs a script in, and the shell did not pass them on, so this
 * process and its PostgreSQL lived on as orphans; the start script therefore `exec`s node in place of the
 * shell. Should the parent still go away without a signal reaching us (killed with SIGKILL, say), this process
 * notices that it was re-parented and stops itself the way SIGTERM does (main.ts: server, jobs, database).
 * docs/operations.md "Stopping".
 */
function stopWithParent() {
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) process.kill(process.pid, 'SIGTERM');
  }, 500).unref();
}

/**
 * The demo (DEMO on, or no DATABASE_URL) without PAYMENT_URL takes card payments through the local fake
 * provider of the tests, with fresh secrets per start (docs/shop.md "Fake provider"). Needs tsx registered.
 */
async function startDemoPayment() {
  const env = process.env;
  const demo = env.DEMO ? ['1', 'true'].includes(env.DEMO) : !env.DATABASE_URL;
  if (!demo || env.PAYMENT_URL) return;
  const { startFakePayment } = await import(path.join(root, 'apps/server/test/fake-payment.ts'));
  const secrets = { secretKey: `sk_demo_${randomUUID()}`, webhookSecret: `whsec_demo_${randomUUID()}` };
  const webhookUrl = `http://127.0.0.1:${env.PORT || 3000}/api/shop/payment/webhook`;
  const fake = await startFakePayment({ ...secrets, webhookUrl });
  Object.assign(env, {
    PAYMENT_URL: fake.url,
    PAYMENT_SECRET_KEY: secrets.secretKey,
    PAYMENT_WEBHOOK_SECRET: secrets.webhookSecret,
  });
  console.log(`Demo card payments go to the fake provider at ${fake.url}`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  stopWithParent();
  buildWebIfStale();
  process.env.BUILD_REVISION ??= revision();
  const { register } = await import('tsx/esm/api');
  register();
  await startDemoPayment();
  await import(path.join(root, 'apps/server/src/main.ts'));
}
