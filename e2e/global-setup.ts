import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startMailCatcher } from './lib/smtp';
import { startSmsCatcher } from './lib/sms';
import { startFakePayment } from '../apps/server/test/fake-payment';

export const ADMIN = { email: 'admin@hivescope.test', password: 'admin-e2e-password' };
const root = path.resolve(import.meta.dirname, '..');

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

async function waitForHttp(url: string, child: ChildProcess, timeoutMs: number) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not answer ${url} within ${timeoutMs} ms`);
}

/**
 * Starts the real app the way `npm start` does (main.ts, embedded PostgreSQL in a temp DATA_DIR,
 * migrations, ADMIN_EMAIL account) with a real SMTP server, for the browser tests.
 */
export default async function setup(project: TestProject) {
  const webDist = process.env.WEB_DIST
    ? path.resolve(process.env.WEB_DIST)
    : path.join(root, 'apps/web/dist');
  if (!fs.existsSync(path.join(webDist, 'index.html'))) {
    throw new Error(`${webDist} is missing: run \`npm run build\` first (npm test does it)`);
  }
  const mail = await startMailCatcher();
  // alarms and channel confirmations by SMS go to a local stand-in for the provider (e2e/lib/sms.ts)
  const sms = await startSmsCatcher();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hivescope-e2e-'));
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  // No internet in the tests: the maps get a tile server that refuses every connection (a free local port
  // nobody listens on), the way a site without internet sees a tile server (e2e/maps.test.ts).
  const tilePort = await freePort();
  const mapTileUrl = `http://127.0.0.1:${tilePort}/tiles/{z}/{x}/{y}.png`;
  // The same for the weather provider: every fetch fails at once, whether or not this machine is online
  // (e2e/jobs.test.ts shows the failing tries of a weather update).
  const weatherUrl = `http://127.0.0.1:${await freePort()}`;
  // card payments go to the local fake provider (docs/shop.md "Fake provider"), which signs its webhooks
  const paymentSecrets = { secretKey: 'sk_e2e_fake', webhookSecret: 'whsec_e2e_fake_webhook_secret' };
  const payment = await startFakePayment({
    ...paymentSecrets,
    webhookUrl: `${baseUrl}/api/shop/payment/webhook`,
  });
  const logFile = path.join(dataDir, 'server.log');
  const log = fs.openSync(logFile, 'a');
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      PUBLIC_URL: baseUrl,
      SMTP_URL: mail.smtpUrl,
      DEMO: process.env.E2E_DEMO ?? '0',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      BRAND_HOSTS: 'vet.localhost=2,localhost=1',
      LOG_LEVEL: 'warn',
      MAP_TILE_URL: mapTileUrl,
      // the browser tests change who is on the public map and look at once (docs/maps.md "Caching")
      PUBLIC_MAP_CACHE_SECONDS: '0',
      WEATHER_URL: weatherUrl,
      // forwardings go to outside systems only (docs/forwarding.md); the tests' receivers listen on loopback
      FORWARD_ALLOW_HOSTS: '127.0.0.1',
      ...sms.env,
      PAYMENT_URL: payment.url,
      PAYMENT_SECRET_KEY: paymentSecrets.secretKey,
      PAYMENT_WEBHOOK_SECRET: paymentSecrets.webhookSecret,
    },
    stdio: ['ignore', log, log],
  });
  try {
    await waitForHttp(`${baseUrl}/api/app/config`, child, 120_000);
  } catch (err) {
    child.kill('SIGKILL');
    console.error(fs.readFileSync(logFile, 'utf8').slice(-4000));
    throw err;
  }
  const cred = JSON.parse(fs.readFileSync(path.join(dataDir, 'pg-credentials.json'), 'utf8')) as {
    user: string;
    password: string;
    port: number;
  };
  project.provide('baseUrl', baseUrl);
  project.provide('inboxUrl', mail.inboxUrl);
  project.provide('smsInboxUrl', sms.inboxUrl);
  project.provide('mapTileUrl', mapTileUrl);
  project.provide('paymentUrl', payment.url);
  project.provide(
    'dbUrl',
    `postgres://${cred.user}:${encodeURIComponent(cred.password)}@127.0.0.1:${cred.port}/hivescope`,
  );
  return async () => {
    child.kill('SIGINT');
    await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
    await mail.close();
    await sms.close();
    await payment.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    inboxUrl: string;
    /** The fake payment provider's base URL (its pages: /pay/<session>). */
    paymentUrl: string;
    smsInboxUrl: string;
    dbUrl: string;
    mapTileUrl: string;
  }
}
