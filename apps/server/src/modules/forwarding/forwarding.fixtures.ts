import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import type { DeviceReport } from '@hivescope/contract';
import type { TestApp } from '../../../test/app';
import type { TestUser } from '../../../test/users';
import { controllers, forwardingDeliveries, forwardings } from '../../db/schema';
import type { MailLog } from '../../mail/mailer';
import { insertController, type TestController } from '../device/device.fixtures';

/** Test helpers of the forwarding delivery tests: reports through the device protocol, a local receiver. */

export const silentLog = { info: () => {}, error: () => {} } as unknown as MailLog;

/** A controller of `owner`, reporting through the real device protocol. */
export async function ownedController(
  t: TestApp,
  owner: TestUser,
  name = 'Stand Moos',
): Promise<TestController> {
  const c = await insertController(t.db);
  await t.db.update(controllers).set({ ownerId: owner.id, name }).where(eq(controllers.id, c.id));
  return c;
}

/** Whole seconds, as controllers send them. */
export const second = (ms: number) => new Date(Math.floor(ms / 1000) * 1000);

/** POSTs one report: at each time a weight on channel 1 (42.35 kg, +1 per reading) and climate on channel 3. */
export async function postReport(t: TestApp, c: TestController, times: Date[]): Promise<DeviceReport> {
  const body: DeviceReport = {
    imsi: c.imsi,
    imei: c.imei ?? '356938035643809',
    firmware: '1.4.2',
    status: { temperature: 11.5, voltage: 3.91, signal: -77 },
    readings: times.map((time, i) => ({
      time: time.toISOString(),
      channels: [
        { channel: 1, weight: 42.35 + i },
        { channel: 3, temperature: 34.1, humidity: 61 },
      ],
    })),
  };
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/device/v1/report',
    headers: { authorization: `Bearer ${c.token}`, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
  if (res.statusCode !== 200) throw new Error(`report refused: ${res.statusCode} ${res.body}`);
  return body;
}

export const deliveriesOf = (t: TestApp, forwardingId: number) =>
  t.db
    .select()
    .from(forwardingDeliveries)
    .where(eq(forwardingDeliveries.forwardingId, forwardingId))
    .orderBy(forwardingDeliveries.reportAt);

export async function forwardingRow(t: TestApp, id: number) {
  const [row] = await t.db.select().from(forwardings).where(eq(forwardings.id, id));
  if (!row) throw new Error(`forwarding ${id} missing`);
  return row;
}

/** Lets every pending delivery's wait end now (a retry's backoff, a dead run's lease). */
export const makeDue = (t: TestApp) =>
  t.db.execute(sql`UPDATE forwarding_deliveries SET next_attempt_at = now() WHERE status = 'pending'`);

export type Received = { path: string; headers: http.IncomingHttpHeaders; body: string };

export type Receiver = {
  url: string;
  requests: Received[];
  /** Statuses of the next answers, in order; 200 once they are used up. */
  answers: number[];
  close: () => Promise<void>;
};

/** A local HTTP receiver on 127.0.0.1 that keeps every request. */
export async function startReceiver(): Promise<Receiver> {
  const requests: Received[] = [];
  const answers: number[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      requests.push({
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      res.writeHead(answers.shift() ?? 200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    answers,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
