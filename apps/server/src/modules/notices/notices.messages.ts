import { NOTICE_SMS_MAX_CHARS, toGsm7, truncateGsm7, type Locale } from '@hivescope/contract';
import { composeMail, type MailBlock } from '../../mail/compose';
import type { MailMessage } from '../../mail/message';
import { translate } from '../../i18n';

/** What a notice message says and to whom. */
export type NoticeMessageData = {
  noticeId: number;
  channelId: number;
  message: string;
  /** the affiliation's name; the product's name when the notice has none */
  sender: string;
  locale: Locale;
};

/** The sender's words, one paragraph per line (blank lines dropped), as they wrote them. */
const paragraphs = (message: string): string[] =>
  message
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');

/**
 * The notice by mail (docs/notices.md "Message"): who sends it, the sender's text, and why the recipient
 * gets it, in the recipient's language. The Message-ID is fixed per (notice, channel), so a copy sent again
 * after a crash is recognisable as the same message (as for alarms, docs/alarms.md "Sending").
 */
export function noticeMail(d: NoticeMessageData, to: string, publicUrl: string): MailMessage {
  const t = (key: string) => translate(d.locale, `mail:notice.${key}`, { sender: d.sender });
  const blocks: MailBlock[] = [t('intro'), ...paragraphs(d.message), t('why'), t('signature')];
  const host = new URL(publicUrl).hostname || 'hivescope.local';
  return composeMail(d.locale, to, t('subject'), blocks, `<notice-${d.noticeId}-${d.channelId}@${host}>`);
}

/** The notice by SMS: the sender's text as written, mapped onto GSM-7 (checked to fit when it was sent). */
export function noticeSms(d: Pick<NoticeMessageData, 'message'>): string {
  return truncateGsm7(toGsm7(d.message), NOTICE_SMS_MAX_CHARS);
}
