import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShopOrderAnswer } from '@hivescope/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import { startSmtp, type ReceivedMail, type TestSmtp } from '../../../test/smtp';
import { createCast } from '../../../test/users';
import { createMailer } from '../../mail/mailer';
import { SHOP_ADDRESS_MAIL_LIMIT } from './address-confirmation';
import { address, orderBody, orderRow, shopCall } from './shop.fixtures';
import { shopConfirmationJob } from './shop.jobs';

const log = { info: () => undefined, error: () => undefined };
const meta = { id: 'job', attempt: 1, maxAttempts: 1, lastAttempt: true, retryAfterSeconds: null };

/** The link of an address mail, as a path the app answers. */
const linkOf = (mail: ReceivedMail) => {
  const url = /https?:\/\/\S+\/confirmAddress\?token=[\w-]+/.exec(mail.text)?.[0];
  if (!url) throw new Error('no confirmation link in the mail');
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
};

describe('shop mails go only to an address shown to own the order, at most 5 address mails per recipient an hour', () => {
  let t: TestApp;
  let smtp: TestSmtp;
  let call: ReturnType<typeof shopCall>;
  let cast: Awaited<ReturnType<typeof createCast>>;
  const mailsTo = (to: string) => smtp.messages.filter((m) => m.to.includes(to));

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp({
      SMTP_URL: smtp.url,
      TRUST_PROXY: '1',
      PUBLIC_URL: 'http://shop.localhost:4000',
    });
    call = shopCall(t.app);
    cast = await createCast(t.db);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('an anonymous invoice order to any address: only the link mail, the confirmation and invoice after the link', async () => {
    const to = 'someone-else@example.org';
    const res = await call<ShopOrderAnswer>('POST', '/api/shop/order', {
      body: orderBody({ address: { ...address, email: to } }),
      lang: 'de',
    });
    expect(res.status).toBe(201);
    const ask = await smtp.waitFor((m) => m.to.includes(to));
    expect(ask.subject).toBe(
      `Bestätigen Sie Ihre E-Mail-Adresse für die Hivescope-Bestellung ${res.body.key}`,
    );
    expect(ask.attachments).toEqual([]);
    expect(ask.text).not.toContain('479'); // no order figures before the address is confirmed
    expect((await orderRow(t.db, res.body.key))?.confirmationSent).toBe(false);
    // the retry job sends nothing for it either
    const job = shopConfirmationJob({ config: t.config, db: t.db, log }, createMailer(t.config, t.db, log));
    await job.run({}, meta);
    expect(mailsTo(to)).toHaveLength(1);

    // a wrong token: 400 in the request's language, nothing changes
    const path = linkOf(ask);
    const wrong = await t.app.inject({
      method: 'GET',
      url: path.replace(/token=[\w-]+/, 'token=forged'),
      headers: { 'accept-language': 'fr' },
    });
    expect([wrong.statusCode, wrong.json()]).toEqual([
      400,
      { message: 'Ce lien de confirmation n’est pas valide' },
    ]);
    expect((await orderRow(t.db, res.body.key))?.confirmationSent).toBe(false);
    expect(mailsTo(to)).toHaveLength(1);

    // the link: confirmed, the confirmation with its PDF invoice goes out, the browser goes to the order
    const ok = await t.app.inject({ method: 'GET', url: path });
    expect(ok.statusCode).toBe(303);
    expect(ok.headers.location).toBe(`http://shop.localhost:4000/shop/completion?key=${res.body.key}`);
    const confirmation = await smtp.waitFor(
      (m) => m.to.includes(to) && m.subject === `Ihre Hivescope-Bestellung ${res.body.key}`,
    );
    expect(confirmation.attachments.map((a) => a.mimeType)).toEqual(['application/pdf']);
    // the link again: no second confirmation
    expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(303);
    await new Promise((r) => setTimeout(r, 200));
    expect(mailsTo(to)).toHaveLength(2);
  });

  it('a logged-in buyer gets the confirmation at once to their own address; another address needs its link', async () => {
    const own = await call<ShopOrderAnswer>('POST', '/api/shop/order', {
      body: orderBody({ address: { ...address, email: cast.owner.email.toUpperCase() } }),
      user: cast.owner,
    });
    expect(own.status).toBe(201);
    const mail = await smtp.waitFor((m) => m.subject === `Your Hivescope order ${own.body.key}`);
    expect(mail.to).toContain(cast.owner.email);
    const to = 'not-the-buyer@example.org';
    const other = await call<ShopOrderAnswer>('POST', '/api/shop/order', {
      body: orderBody({ address: { ...address, email: to } }),
      user: cast.owner,
    });
    expect(other.status).toBe(201);
    const ask = await smtp.waitFor((m) => m.to.includes(to));
    expect(ask.subject).toBe(`Confirm your email address for the Hivescope order ${other.body.key}`);
    expect((await orderRow(t.db, other.body.key))?.confirmationSent).toBe(false);
  });

  it('20 orders in parallel from 20 client addresses to one recipient: at most 5 mails reach it', async () => {
    const to = 'victim@example.org';
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/shop/order',
          payload: orderBody({ address: { ...address, email: to } }),
          remoteAddress: '10.0.0.2', // the proxy
          headers: { 'x-forwarded-for': `198.51.100.${i + 1}`, 'accept-language': 'en' },
        }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array.from({ length: 20 }, () => 201));
    await new Promise((r) => setTimeout(r, 500));
    expect(mailsTo(to)).toHaveLength(SHOP_ADDRESS_MAIL_LIMIT.max);
    expect(mailsTo(to).every((m) => m.attachments.length === 0 && m.subject.startsWith('Confirm'))).toBe(
      true,
    );
  });
});
