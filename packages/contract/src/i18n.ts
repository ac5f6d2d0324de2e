import { LOCALES, type Locale, DEFAULT_LOCALE } from './constants';

/**
 * Translations live in packages/contract/locales/{locale}/{namespace}.json, one namespace per feature,
 * shared by the web app and the server (error messages, mails). A test checks every key exists in every locale.
 */
export type Resources = Record<Locale, Record<string, Record<string, unknown>>>;

/** Picks the best supported locale from an Accept-Language header value. */
export function pickLocale(header: string | undefined | null, fallback: Locale = DEFAULT_LOCALE): Locale {
  if (!header) return fallback;
  const ranked = header
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.find((p) => p.trim().startsWith('q='));
      return { tag: tag.toLowerCase().slice(0, 2), q: q ? Number(q.trim().slice(2)) || 0 : 1 };
    })
    .sort((a, b) => b.q - a.q);
  for (const { tag } of ranked) {
    if ((LOCALES as readonly string[]).includes(tag)) return tag as Locale;
  }
  return fallback;
}
