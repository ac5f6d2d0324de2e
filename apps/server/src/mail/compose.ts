import type { Locale } from '@hivescope/contract';
import type { MailMessage } from './message';

export const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** A paragraph, a link (its own line in the text part, a labelled anchor in the HTML part) or label/value rows. */
export type MailBlock =
  string | { link: string; label: string; intro?: string } | { rows: [string, string][] };

function textOf(block: MailBlock): string {
  if (typeof block === 'string') return block;
  if ('rows' in block) return block.rows.map(([label, value]) => `${label}: ${value}`).join('\n');
  return block.intro ? `${block.intro}\n${block.link}` : block.link;
}

function htmlOf(block: MailBlock): string {
  if (typeof block === 'string') return `<p>${escapeHtml(block)}</p>`;
  if ('rows' in block) {
    const rows = block.rows.map(
      ([label, value]) => `<tr><th align="left">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`,
    );
    return `<table>\n${rows.join('\n')}\n</table>`;
  }
  const anchor = `<a href="${escapeHtml(block.link)}">${escapeHtml(block.label)}</a>`;
  return block.intro ? `<p>${escapeHtml(block.intro)}<br>${anchor}</p>` : `<p>${anchor}</p>`;
}

/** A plain mail of blocks, as text and as HTML (every value escaped). Line breaks in the subject become spaces. */
export function composeMail(
  locale: Locale,
  to: string,
  subject: string,
  blocks: MailBlock[],
  messageId?: string,
): MailMessage {
  const html = blocks.map(htmlOf).join('\n');
  return {
    to,
    subject: subject.replace(/[\r\n\t]+/g, ' '),
    text: blocks.map(textOf).join('\n\n'),
    html: `<!doctype html>\n<html lang="${locale}"><body>\n${html}\n</body></html>`,
    ...(messageId ? { messageId } : {}),
  };
}
