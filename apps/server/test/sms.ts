import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createInbox } from './inbox';

/**
 * A local stand-in for Twilio's Messages API (tests only): `POST /2010-04-01/Accounts/{sid}/Messages.json`,
 * form-encoded To, From, Body, HTTP basic auth sid:token; 201 `{ sid, status: 'queued', to, from, body }`;
 * errors as Twilio's JSON `{ code, message, status }` (20003 wrong credentials, 21211 bad To number).
 */
export type ReceivedSms = { sid: string; to: string; from: string; body: string };

export type TestSms = {
  /** Base URL for SMS_URL. */
  url: string;
  /** The SMS_* variables that point the app at this server. */
  env: Record<'SMS_URL' | 'SMS_ACCOUNT_SID' | 'SMS_AUTH_TOKEN' | 'SMS_FROM', string>;
  /** Accepted messages, in order. */
  messages: ReceivedSms[];
  /** Every request that reached the Messages endpoint (accepted or not). */
  requests: { count: number };
  /** The next n requests answer with this status (default 500) and Twilio's error body. */
  failNext: (n: number, status?: number) => void;
  waitFor: (match: (m: ReceivedSms) => boolean, timeoutMs?: number) => Promise<ReceivedSms>;
  close: () => Promise<void>;
};

const SID = 'AC0123456789abcdef0123456789abcdef';
const TOKEN = 'test-auth-token-not-a-secret';
const FROM = '+41790000000';

function answer(res: http.ServerResponse, status: number, body: object) {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

const error = (res: http.ServerResponse, status: number, code: number, message: string) =>
  answer(res, status, { code, message, status, more_info: `https://www.twilio.com/docs/errors/${code}` });

export async function startSms(): Promise<TestSms> {
  const { messages, receive, waitFor } = createInbox<ReceivedSms>('SMS');
  const requests = { count: 0 };
  let failing = { n: 0, status: 500 };
  const path = `/2010-04-01/Accounts/${SID}/Messages.json`;
  const expectedAuth = `Basic ${Buffer.from(`${SID}:${TOKEN}`).toString('base64')}`;

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== path) return error(res, 404, 20404, 'Not found');
      requests.count += 1;
      if (req.headers.authorization !== expectedAuth) return error(res, 401, 20003, 'Authenticate');
      if (failing.n > 0) {
        failing = { ...failing, n: failing.n - 1 };
        return error(res, failing.status, 20500, 'Internal Server Error');
      }
      const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
      const to = form.get('To') ?? '';
      const body = form.get('Body') ?? '';
      if (!/^\+[1-9]\d{7,14}$/.test(to))
        return error(res, 400, 21211, `The 'To' number ${to} is not a valid phone number.`);
      if (!body) return error(res, 400, 21602, 'Message body is required.');
      const sms = {
        sid: `SM${crypto.randomBytes(16).toString('hex')}`,
        to,
        from: form.get('From') ?? '',
        body,
      };
      receive(sms);
      answer(res, 201, { ...sms, status: 'queued', account_sid: SID });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    env: { SMS_URL: url, SMS_ACCOUNT_SID: SID, SMS_AUTH_TOKEN: TOKEN, SMS_FROM: FROM },
    messages,
    requests,
    failNext: (n, status = 500) => void (failing = { n, status }),
    waitFor,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
