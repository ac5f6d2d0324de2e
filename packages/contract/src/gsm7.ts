/**
 * The GSM 03.38 7-bit alphabet of SMS. One SMS holds 160 of its characters; a single other character makes
 * the whole message UCS-2 (70 characters) or split into parts, so SMS texts are mapped onto it first
 * (docs/alarms.md "Sending").
 */
const BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?' +
  '¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
/** The extension table: each costs two characters (an escape and the character). */
const EXTENDED = '\f^{}\\[~]|€';

const basic = new Set(BASIC);
const extended = new Set(EXTENDED);

/** Typographic characters with a plain GSM-7 equivalent. */
const REPLACEMENTS: Record<string, string> = {
  '\u2018': "'",
  '\u2019': "'",
  '\u201A': "'",
  '\u201B': "'",
  '\u00B4': "'",
  '`': "'",
  '\u201C': '"',
  '\u201D': '"',
  '\u201E': '"',
  '\u00AB': '"',
  '\u00BB': '"',
  '\u2013': '-',
  '\u2014': '-',
  '\u2212': '-',
  '\u2026': '...',
  '\u00A0': ' ',
  '\u2009': ' ',
  '\u202F': ' ',
  '\t': ' ',
  '\u00B7': '.',
  œ: 'oe',
  Œ: 'OE',
  '\u00B0': 'o',
};

const isGsm = (c: string) => basic.has(c) || extended.has(c);

function mapChar(c: string): string {
  if (isGsm(c)) return c;
  const replacement = REPLACEMENTS[c];
  if (replacement !== undefined) return replacement;
  // a letter with a diacritic outside the alphabet (ê, á, ç, ł…): its base letter when that is in it
  const base = c.normalize('NFD').replace(/\p{M}+/gu, '');
  if (base.length === 0) return ''; // a lone combining mark
  return [...base].every(isGsm) ? base : '?';
}

/** The text with every character outside GSM-7 replaced (typographic quotes, accents, emoji → ?). */
export function toGsm7(text: string): string {
  return [...text.normalize('NFC')].map(mapChar).join('');
}

/** Length in GSM-7 characters (septets): characters of the extension table count twice. */
export function gsm7Length(text: string): number {
  let n = 0;
  for (const c of text) n += extended.has(c) ? 2 : 1;
  return n;
}

/** True when every character is in GSM-7. */
export const isGsm7 = (text: string) => [...text].every(isGsm);

/** At most `max` GSM-7 characters: a longer text is cut and ends in "." (an abbreviation). */
export function truncateGsm7(text: string, max: number): string {
  if (gsm7Length(text) <= max) return text;
  if (max <= 0) return '';
  const out: string[] = [];
  let n = 0;
  for (const c of text) {
    const w = extended.has(c) ? 2 : 1;
    if (n + w > max - 1) break;
    out.push(c);
    n += w;
  }
  return `${out.join('').trimEnd()}.`;
}
