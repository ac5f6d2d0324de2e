/** One mail, as the templates build it and the mailer or the outbox stores it. */
export type MailMessage = { to: string; subject: string; text: string; html?: string };
