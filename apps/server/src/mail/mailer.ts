import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { insertOutboxMail } from './outbox.repository';
import type { MailMessage } from './message';

export type { MailMessage };
export type MailLog = Pick<FastifyBaseLogger, 'info' | 'error'>;

/**
 * `send` never throws (a failure is logged, callers must not reveal anything about it). `deliver` throws
 * when the mail was not accepted, for callers that retry (alarms, docs/alarms.md "Sending").
 */
export type Mailer = {
  send: (mail: MailMessage) => Promise<void>;
  deliver: (mail: MailMessage) => Promise<void>;
};

/**
 * Over SMTP when SMTP_URL is set (nodemailer), otherwise into the mail_outbox table. Logs only the
 * recipient and subject, never the body (it may hold a reset link).
 */
export function createMailer(config: Pick<Config, 'smtpUrl' | 'mailFrom'>, db: Db, log: MailLog): Mailer {
  const transport = config.smtpUrl ? nodemailer.createTransport(config.smtpUrl) : null;
  const deliver = transport
    ? async (mail: MailMessage) => {
        await transport.sendMail({ from: config.mailFrom, ...mail });
        log.info({ to: mail.to, subject: mail.subject }, 'mail sent');
      }
    : async (mail: MailMessage) => {
        await insertOutboxMail(db, mail);
        log.info({ to: mail.to, subject: mail.subject }, 'mail stored');
      };
  return {
    deliver,
    send: async (mail) => {
      try {
        await deliver(mail);
      } catch (err) {
        const reason = err instanceof Error ? err.message : String(err);
        log.error({ to: mail.to, subject: mail.subject, reason }, 'mail failed');
      }
    },
  };
}
