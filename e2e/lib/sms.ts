import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { startSms, type ReceivedSms } from '../../apps/server/test/sms';

/**
 * The API suite's local stand-in for the SMS provider (apps/server/test/sms.ts, Twilio's Messages API) plus a
 * tiny HTTP inbox (GET /sms), so that browser test files, in other processes than the global setup, can read
 * what was sent.
 */
export async function startSmsCatcher() {
  const sms = await startSms();
  const inbox = http.createServer((_req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(sms.messages));
  });
  await new Promise<void>((resolve) => inbox.listen(0, '127.0.0.1', resolve));
  return {
    env: sms.env,
    inboxUrl: `http://127.0.0.1:${(inbox.address() as AddressInfo).port}/sms`,
    close: async () => {
      await sms.close();
      await new Promise<void>((r) => inbox.close(() => r()));
    },
  };
}

/** Waits until an SMS to `to` arrives (the newest one), as the phone would show it. */
export async function waitForSms(inboxUrl: string, to: string, timeoutMs = 15_000): Promise<ReceivedSms> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const messages = (await (await fetch(inboxUrl)).json()) as ReceivedSms[];
    const hit = messages.filter((m) => m.to === to).pop();
    if (hit) return hit;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no SMS to ${to} within ${timeoutMs} ms`);
}
