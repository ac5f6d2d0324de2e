import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import PostalMime from 'postal-mime';
import { createInbox } from './inbox';

export type ReceivedMail = {
  to: string[];
  subject: string;
  text: string;
  html: string;
  messageId: string;
  attachments: { filename: string; mimeType: string; content: Buffer }[];
};

export type TestSmtp = {
  /** smtp://127.0.0.1:<port> for SMTP_URL. */
  url: string;
  messages: ReceivedMail[];
  /** Resolves with the first message (already received or arriving) that matches. */
  waitFor: (match: (m: ReceivedMail) => boolean, timeoutMs?: number) => Promise<ReceivedMail>;
  close: () => Promise<void>;
};

/** A real SMTP server on a random local port that keeps every message, parsed with postal-mime. */
export async function startSmtp(): Promise<TestSmtp> {
  const { messages, receive, waitFor } = createInbox<ReceivedMail>('mail');
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        PostalMime.parse(Buffer.concat(chunks))
          .then((mail) => {
            receive({
              to: session.envelope.rcptTo.map((r) => r.address),
              subject: mail.subject ?? '',
              text: mail.text ?? '',
              html: mail.html ?? '',
              messageId: mail.messageId ?? '',
              attachments: mail.attachments.map((a) => ({
                filename: a.filename ?? '',
                mimeType: a.mimeType,
                content: Buffer.from(a.content as ArrayBuffer),
              })),
            });
            callback();
          })
          .catch((err: Error) => callback(err));
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitFor,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
