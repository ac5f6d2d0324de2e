import type { Config } from './config';
import type { AppServices } from './context';
import type { Db } from './db/client';
import { createMailer, type MailLog } from './mail/mailer';
import { createRolloutService } from './modules/firmware/rollout.service';
import { smsProvider } from './sms/sms';

/** What the shared pieces are built from. */
export type ServicesBase = {
  config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'sms' | 'publicUrl'>;
  db: Db;
};

/**
 * The context with its shared pieces: those it carries (built once by app.ts at start; main.ts hands them to
 * the jobs), the others built now from its configuration, logging through `log` (the app's logger) — for an
 * app or a job a test builds from `{ config, db }`. The mailer sends over SMTP, or into the mail_outbox table
 * without SMTP_URL; the SMS provider is null without SMS_*; the roll-out service mails through the mailer.
 */
export function withServices<T extends ServicesBase & Partial<AppServices>>(
  ctx: T,
  log: MailLog,
): T & AppServices {
  const mailer = ctx.mailer ?? createMailer(ctx.config, ctx.db, log);
  const sms = ctx.sms === undefined ? smsProvider(ctx.config) : ctx.sms;
  const rollouts =
    ctx.rollouts ?? createRolloutService({ db: ctx.db, mailer, publicUrl: ctx.config.publicUrl, log });
  return { ...ctx, mailer, sms, rollouts };
}
