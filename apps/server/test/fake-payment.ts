import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { signWebhook } from '../src/modules/shop/payment/signature';

/**
 * A local stand-in for a Stripe-Checkout-shaped provider (docs/shop.md "Payment", "Fake provider"), for API
 * tests, browser tests and the demo: POST /v1/checkout/sessions answers { id, url }; the url is a tiny page
 * with "Pay" and "Cancel". Pay posts a signed `checkout.session.completed` to the app's webhook and sends the
 * browser to success_url; Cancel posts `checkout.session.expired` (Stripe would expire the session later)
 * and sends it to cancel_url.
 */

export type FakeSession = {
  id: string;
  params: Record<string, string>;
  state: 'open' | 'paid' | 'cancelled';
};

export type FakePayment = {
  url: string;
  sessions: FakeSession[];
  /** Where the events go (settable once the app's address is known). */
  webhookUrl: string;
  close: () => Promise<void>;
};

export type FakePaymentOptions = {
  secretKey: string;
  webhookSecret: string;
  webhookUrl?: string;
  port?: number;
};

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(s: FakeSession): string {
  const amount = (Number(s.params['line_items[0][price_data][unit_amount]'] ?? 0) / 100).toFixed(2);
  const name = escape(s.params['line_items[0][price_data][product_data][name]'] ?? '');
  return `<!doctype html><html><head><meta charset="utf-8"><title>Fake payment</title></head><body>
<h1>Fake payment provider</h1><p>${name}</p><p>CHF <span id="amount">${amount}</span></p>
<form method="post" action="/pay/${s.id}/complete"><button type="submit">Pay</button></form>
<form method="post" action="/pay/${s.id}/cancel"><button type="submit">Cancel</button></form></body></html>`;
}

async function readBody(req: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startFakePayment(options: FakePaymentOptions): Promise<FakePayment> {
  const sessions: FakeSession[] = [];
  const fake = { sessions, webhookUrl: options.webhookUrl ?? '' } as FakePayment;

  const sendEvent = async (s: FakeSession, type: string) => {
    const body = JSON.stringify({
      id: `evt_${crypto.randomBytes(12).toString('hex')}`,
      type,
      data: {
        object: {
          id: s.id,
          object: 'checkout.session',
          client_reference_id: s.params.client_reference_id,
          amount_total: Number(s.params['line_items[0][price_data][unit_amount]']),
          currency: 'chf',
        },
      },
    });
    const headers = {
      'content-type': 'application/json',
      'stripe-signature': signWebhook(options.webhookSecret, body),
    };
    const res = await fetch(fake.webhookUrl, { method: 'POST', headers, body });
    return res.ok;
  };

  const server = http.createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const [, first, id, action] = url.pathname.split('/');
      if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        if (req.headers.authorization !== `Bearer ${options.secretKey}`) return res.writeHead(401).end('{}');
        const params = Object.fromEntries(new URLSearchParams(await readBody(req)));
        const s: FakeSession = {
          id: `cs_test_${crypto.randomBytes(12).toString('hex')}`,
          params,
          state: 'open',
        };
        sessions.push(s);
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end(
          JSON.stringify({ id: s.id, object: 'checkout.session', url: `${fake.url}/pay/${s.id}` }),
        );
      }
      const s = first === 'pay' ? sessions.find((x) => x.id === id) : undefined;
      if (!s) return res.writeHead(404).end('not found');
      if (req.method === 'GET' && !action) {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        return res.end(page(s));
      }
      if (req.method !== 'POST' || (action !== 'complete' && action !== 'cancel'))
        return res.writeHead(405).end();
      const paid = action === 'complete';
      if (!(await sendEvent(s, paid ? 'checkout.session.completed' : 'checkout.session.expired')))
        return res.writeHead(502).end('the shop refused the payment event');
      s.state = paid ? 'paid' : 'cancelled';
      res.writeHead(303, { location: (paid ? s.params.success_url : s.params.cancel_url) ?? '/' }).end();
    })().catch((err: unknown) => res.writeHead(500).end(String(err)));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () => new Promise((resolve) => server.close(() => resolve()));
  return fake;
}
