import type { Locale } from '@hivescope/contract';
import { translate } from '../i18n';
import type { MailMessage } from './mailer';

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** The password-reset mail in the user's language (namespace mail, key passwordReset). */
export function passwordResetMail(locale: Locale, to: string, link: string): MailMessage {
  const t = (key: string) => translate(locale, `mail:passwordReset.${key}`, { minutes: 60 });
  const paragraphs = [t('greeting'), t('intro'), t('expiry'), t('ignore'), t('signature')];
  const text = [paragraphs[0], paragraphs[1], link, ...paragraphs.slice(2)].join('\n\n');
  const button = `<p><a href="${escapeHtml(link)}">${escapeHtml(t('action'))}</a></p>`;
  const html = [
    `<p>${escapeHtml(paragraphs[0] ?? '')}</p>`,
    `<p>${escapeHtml(paragraphs[1] ?? '')}</p>`,
    button,
    ...paragraphs.slice(2).map((p) => `<p>${escapeHtml(p ?? '')}</p>`),
  ].join('\n');
  return {
    to,
    subject: t('subject'),
    text,
    html: `<!doctype html>\n<html lang="${locale}"><body>\n${html}\n</body></html>`,
  };
}
