import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { createAccount } from '../../test/auth';
import { startSmtp } from '../../test/smtp';
import { mailOutbox } from '../db/schema';
import { createMailer, type MailLog } from './mailer';
import { passwordResetMail } from './templates';

function capture() {
  const lines: string[] = [];
  const log = {
    info: (obj: object, msg: string) => lines.push(`${msg} ${JSON.stringify(obj)}`),
    error: (obj: object, msg: string) => lines.push(`${msg} ${JSON.stringify(obj)}`),
  } as unknown as MailLog;
  return { lines, log };
}

async function waitForOutbox(t: TestApp) {
  for (let i = 0; i < 50; i++) {
    const rows = await t.db.select().from(mailOutbox);
    if (rows.length > 0) return rows;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('outbox stayed empty');
}

describe('mailer', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('without SMTP_URL stores the reset mail in mail_outbox and logs no token', async () => {
    const info = vi.spyOn(t.app.log, 'info');
    const u = await createAccount(t.db, { locale: 'es' });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/user/passwordReset/request?email=${u.email}`,
    });
    expect(res.statusCode).toBe(200);
    const [row] = await waitForOutbox(t);
    expect(row).toMatchObject({ recipient: u.email, subject: 'Hivescope: restablecer la contraseña' });
    const token = /\/password\/reset\/([A-Za-z0-9_-]{43})/.exec(row!.textBody)?.[1];
    expect(token).toBeTruthy();
    const logged = info.mock.calls.map((c) => JSON.stringify(c));
    expect(
      logged.some((l) => l.includes('mail stored') && l.includes(u.email) && l.includes(row!.subject)),
    ).toBe(true);
    expect(logged.join('\n')).not.toContain(token);
    info.mockRestore();
  });

  it('logs only recipient and subject when storing', async () => {
    const { lines, log } = capture();
    const mail = passwordResetMail('en', 'a@example.org', 'https://x.example/password/reset/SECRET');
    await createMailer({ smtpUrl: undefined, mailFrom: 'x@example.org' }, t.db, log).send(mail);
    expect(lines).toEqual([`mail stored {"to":"a@example.org","subject":"Hivescope: reset your password"}`]);
  });

  it('sends over SMTP, and a failing server is logged without throwing', async () => {
    const smtp = await startSmtp();
    const { lines, log } = capture();
    const mail = passwordResetMail('de', 'b@example.org', 'https://x.example/password/reset/SECRET');
    await createMailer({ smtpUrl: smtp.url, mailFrom: 'Hivescope <noreply@example.org>' }, t.db, log).send(
      mail,
    );
    const got = await smtp.waitFor((m) => m.to.includes('b@example.org'));
    expect(got.subject).toBe('Hivescope: Passwort zurücksetzen');
    expect(got.html).toContain('href="https://x.example/password/reset/SECRET"');
    await smtp.close();
    await createMailer({ smtpUrl: smtp.url, mailFrom: 'x@example.org' }, t.db, log).send(mail);
    expect(lines[1]).toMatch(/^mail failed /);
    expect(lines.join('\n')).not.toContain('SECRET');
  });
});
