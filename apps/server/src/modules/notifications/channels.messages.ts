import type { Locale } from '@hivescope/contract';
import { translate } from '../../i18n';
import { composeMail } from '../../mail/compose';
import type { MailMessage } from '../../mail/message';
import { smsText } from '../alarms/send/sms-text';

/** The confirmation mail of a new e-mail channel: the link opens the web page that confirms it. */
export function confirmMail(locale: Locale, to: string, link: string, hours: number): MailMessage {
  const t = (key: string) => translate(locale, `mail:channelConfirm.${key}`, { hours });
  return composeMail(locale, to, t('subject'), [
    t('greeting'),
    t('intro'),
    { link, label: t('action') },
    t('expiry'),
    t('ignore'),
    t('signature'),
  ]);
}

/** The confirmation SMS of a new SMS channel: the six-digit code. */
export const confirmSms = (locale: Locale, code: string, hours: number) =>
  smsText(locale, 'sms:confirmCode', { code, hours });

export function testMail(locale: Locale, to: string): MailMessage {
  const t = (key: string) => translate(locale, `mail:channelTest.${key}`);
  return composeMail(locale, to, t('subject'), [t('greeting'), t('intro'), t('signature')]);
}

export const testSms = (locale: Locale) => smsText(locale, 'sms:test');
