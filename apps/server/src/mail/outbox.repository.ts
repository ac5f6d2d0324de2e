import type { Db } from '../db/client';
import { mailOutbox } from '../db/schema';
import type { MailMessage } from './message';

export async function insertOutboxMail(db: Db, mail: MailMessage) {
  await db
    .insert(mailOutbox)
    .values({ recipient: mail.to, subject: mail.subject, textBody: mail.text, htmlBody: mail.html ?? null });
}
