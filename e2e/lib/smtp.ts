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

/** Waits until a mail to `to` (and matching `match`) arrives in the inbox of the global setup. */
export async function waitForMail(
  inboxUrl: string,
  to: string,
  timeoutMs = 15_000,
  match: (mail: ReceivedMail) => boolean = () => true,
): Promise<ReceivedMail> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const mails = (await (await fetch(inboxUrl)).json()) as ReceivedMail[];
    const hit = mails.filter((m) => m.to.includes(to) && match(m)).pop();
    if (hit) return hit;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
}

/** Whether a mail is a shop order's address link (docs/shop.md "Address confirmation"). */
export const isAddressMail = (mail: ReceivedMail) => mail.text.includes('/confirmAddress?token=');

/** The path (with its token) of the address link mailed to `to`, for the app under test. */
export async function addressLinkPath(inboxUrl: string, to: string): Promise<string> {
  const mail = await waitForMail(inboxUrl, to, 15_000, isAddressMail);
  const url = /https?:\/\/\S+\/confirmAddress\?token=[\w-]+/.exec(mail.text)?.[0];
  if (!url) throw new Error(`no address link in the mail to ${to}`);
  const link = new URL(url);
  return `${link.pathname}${link.search}`;
}

/**
 * What a shopper does with the address mail (docs/shop.md "Address confirmation"): follows its link, after
 * which the order's own mails go out. Throws unless the app answers with its redirect to the completion page.
 */
export async function followAddressLink(appUrl: string, inboxUrl: string, to: string): Promise<void> {
  const res = await fetch(`${appUrl}${await addressLinkPath(inboxUrl, to)}`, { redirect: 'manual' });
  if (res.status !== 303) throw new Error(`the address link for ${to} answered ${res.status}, not 303`);
}
