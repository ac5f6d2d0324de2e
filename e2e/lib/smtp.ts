import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { startSmtp, type ReceivedMail } from '../../apps/server/test/smtp';

/**
 * The API suite's real SMTP server (apps/server/test/smtp.ts) plus a tiny HTTP inbox (GET /mails), so that
 * browser test files, which run in other processes than the global setup, can read what arrived.
 */
export async function startMailCatcher() {
  const smtp = await startSmtp();
  const inbox = http.createServer((_req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(smtp.messages));
  });
  await new Promise<void>((resolve) => inbox.listen(0, '127.0.0.1', resolve));
  const inboxPort = (inbox.address() as AddressInfo).port;
  return {
    smtpUrl: smtp.url,
    inboxUrl: `http://127.0.0.1:${inboxPort}/mails`,
    close: async () => {
      await smtp.close();
      await new Promise<void>((r) => inbox.close(() => r()));
    },
  };
}

/** Waits until a mail to `to` arrives in the inbox of the global setup. */
export async function waitForMail(inboxUrl: string, to: string, timeoutMs = 15_000): Promise<ReceivedMail> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const mails = (await (await fetch(inboxUrl)).json()) as ReceivedMail[];
    const hit = mails.filter((m) => m.to.includes(to)).pop();
    if (hit) return hit;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
}
