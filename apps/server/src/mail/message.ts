/** One mail, as the templates build it and the mailer or the outbox stores it. */
export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** A fixed Message-ID (e.g. `<alarm-1-2@host>`): a resent copy is recognisable as the same message. */
  messageId?: string;
  /** Files sent along over SMTP (an order's invoice PDF); the outbox without SMTP keeps only the text. */
  attachments?: { filename: string; content: Buffer; contentType: string }[];
};
