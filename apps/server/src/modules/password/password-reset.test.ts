import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { clearAttempts, createAccount, digest, login, ping, userRow } from '../../../test/auth';
import { startSmtp, type TestSmtp } from '../../../test/smtp';
import { passwordResetTokens } from '../../db/schema';
import { tokenHash } from './password.hash';

const en = { 'accept-language': 'en' };

describe('password reset by mail (real SMTP server)', () => {
  let t: TestApp;
  let smtp: TestSmtp;
  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://hivescope.example' });
  });
  beforeEach(() => clearAttempts(t.db));
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const request = (email: string, headers: Record<string, string> = en) =>
    t.app.inject({
      method: 'POST',
      url: `/api/user/passwordReset/request?email=${encodeURIComponent(email)}`,
      headers,
    });
  const check = (token: string, headers: Record<string, string> = en) =>
    t.app.inject({ url: `/api/user/passwordReset/check?token=${encodeURIComponent(token)}`, headers });
  const set = (payload: unknown, headers: Record<string, string> = en) =>
    t.app.inject({ method: 'POST', url: '/api/user/passwordReset/set', payload: payload as object, headers });
  const body = (token: string, password: string) => ({
    token,
    password: digest(password),
    passwordConfirmation: digest(password),
  });
  const tokensOf = (userId: number) =>
    t.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));

  async function mailedToken(email: string) {
    const mail = await smtp.waitFor((m) => m.to.includes(email));
    smtp.messages.splice(smtp.messages.indexOf(mail), 1);
    const token = /https:\/\/hivescope\.example\/password\/reset\/([A-Za-z0-9_-]{43})/.exec(mail.text)?.[1];
    if (!token) throw new Error('no link in the mail');
    return { mail, token };
  }

  it("mails a link in the user's language; check and set work once; every session ends", async () => {
    const u = await createAccount(t.db, { locale: 'fr' });
    const res = await request(u.email.toUpperCase());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: 'If an account with this email address exists, we have sent a link to reset the password',
    });
    const { mail, token } = await mailedToken(u.email);
    expect(mail.subject).toBe('Hivescope : réinitialiser votre mot de passe');
    expect(mail.text).toContain('60 minutes');
    expect(mail.html).toContain(`href="https://hivescope.example/password/reset/${token}"`);
    const rows = await tokensOf(u.id);
    expect(rows.map((r) => r.tokenHash)).toEqual([tokenHash(token)]);
    expect(rows[0]!.expiresAt.getTime() - Date.now()).toBeGreaterThan(59 * 60_000);

    expect((await check(token)).json()).toEqual({ valid: true });
    const done = await set(body(token, 'new secret 1'), { 'accept-language': 'es' });
    expect(done.statusCode).toBe(200);
    expect(done.json().message).toBe('La contraseña se ha restablecido; ya puede iniciar sesión');
    expect((await ping(t.app, u.headers)).statusCode).toBe(401);
    expect((await login(t.app, u.email, u.password)).statusCode).toBe(401);
    expect((await login(t.app, u.email, 'new secret 1')).statusCode).toBe(200);

    const before = await userRow(t.db, u.id);
    const reused = await set(body(token, 'another one'));
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toEqual({ message: 'This link is invalid' });
    expect((await check(token)).statusCode).toBe(400);
    expect(await userRow(t.db, u.id)).toEqual(before);
  });

  it('gives unknown and inactive emails the same answer and sends nothing', async () => {
    const known = await createAccount(t.db);
    const inactive = await createAccount(t.db, { active: false });
    const a = await request(known.email);
    const b = await request('nobody-here@example.org');
    const c = await request(inactive.email);
    expect([b.statusCode, c.statusCode]).toEqual([200, 200]);
    expect(b.body).toBe(a.body);
    expect(c.body).toBe(a.body);
    await mailedToken(known.email);
    await new Promise((r) => setTimeout(r, 300));
    expect(
      smtp.messages.filter((m) => m.to.includes(inactive.email) || m.to.includes('nobody-here@example.org')),
    ).toEqual([]);
    expect(await tokensOf(inactive.id)).toEqual([]);
  });

  it('a new link makes the previous one invalid', async () => {
    const u = await createAccount(t.db);
    await request(u.email);
    const first = await mailedToken(u.email);
    await request(u.email);
    const second = await mailedToken(u.email);
    expect((await check(first.token)).statusCode).toBe(400);
    expect((await check(second.token)).statusCode).toBe(200);
  });

  it('refuses an expired link and changes nothing', async () => {
    const u = await createAccount(t.db);
    await request(u.email);
    const { token } = await mailedToken(u.email);
    await t.db.update(passwordResetTokens).set({ expiresAt: sql`now() - interval '1 second'` });
    const before = await userRow(t.db, u.id);
    expect((await check(token)).json()).toEqual({ message: 'This link is invalid' });
    const res = await set(body(token, 'too late 123'), { 'accept-language': 'fr' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: "Ce lien n'est pas valide" });
    expect(await userRow(t.db, u.id)).toEqual(before);
    expect((await ping(t.app, u.headers)).statusCode).toBe(200);
  });

  it('refuses an unknown token', async () => {
    expect((await check('x'.repeat(43), {})).json()).toEqual({ message: 'Dieser Link ist ungültig' });
    expect((await set(body('unknown-token', 'whatever 1'))).statusCode).toBe(400);
  });

  it.each([
    [
      'non-matching confirmation',
      (tk: string) => ({ ...body(tk, 'a'), passwordConfirmation: digest('b') }),
      "Passwords don't match",
    ],
    [
      'plain password',
      (tk: string) => ({ token: tk, password: 'plain', passwordConfirmation: 'plain' }),
      'The password was not sent in the expected form',
    ],
    ['missing token', (tk: string) => ({ ...body(tk, 'a'), token: undefined }), 'Check your inputs'],
    ['extra field', (tk: string) => ({ ...body(tk, 'a'), userId: 1 }), 'Unknown field'],
    ['wrong types', (tk: string) => ({ ...body(tk, 'a'), token: 42 }), 'Check your inputs'],
  ])('set: rejects %s, leaves the link usable and the password unchanged', async (_n, make, message) => {
    const u = await createAccount(t.db);
    await request(u.email);
    const { token } = await mailedToken(u.email);
    const before = await userRow(t.db, u.id);
    const res = await set(make(token));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await userRow(t.db, u.id)).toEqual(before);
    expect((await check(token)).statusCode).toBe(200);
  });

  it('set: rejects malformed JSON and oversize bodies', async () => {
    const headers = { ...en, 'content-type': 'application/json' };
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/user/passwordReset/set',
      headers,
      payload: '{"token":',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('The request could not be read');
    const big = await set({ token: 'x'.repeat(300 * 1024) });
    expect(big.statusCode).toBe(413);
  });

  it('request: rejects an invalid or missing email', async () => {
    expect((await request('not-an-email')).json().message).toBe('Invalid email address');
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/user/passwordReset/request',
      headers: en,
    });
    expect(missing.statusCode).toBe(400);
  });

  it('limits reset requests per email (known or not) and per ip', async () => {
    const u = await createAccount(t.db);
    for (let i = 0; i < 3; i++) expect((await request(u.email)).statusCode).toBe(200);
    expect((await request(u.email)).statusCode).toBe(429);
    for (let i = 0; i < 3; i++) expect((await request('ghost@example.org')).statusCode).toBe(200);
    const limited = await request('ghost@example.org');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe(
      'Too many attempts (at most 3 in 60 minutes): try again in 60 minutes.',
    );
    for (let i = 0; i < 14; i++) await request(`spray${i}@example.org`);
    expect((await request('fresh@example.org')).statusCode).toBe(429); // 20 per ip
  });
});

describe('password reset when the mail server fails', () => {
  it('still answers the same 200', async () => {
    const t = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:9' });
    try {
      const u = await createAccount(t.db);
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/user/passwordReset/request?email=${u.email}`,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toContain('Falls ein Konto');
    } finally {
      await t.close();
    }
  });
});
