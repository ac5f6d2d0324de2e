import { LOCALES, type Locale } from '@hivescope/contract';

/** Each language named in its own language, for the language pickers. */
export const LANGUAGE_NAMES: Record<Locale, string> = {
  de: 'Deutsch',
  en: 'English',
  fr: 'Français',
  es: 'Español',
};

/** A supported locale ("DE" and "de" alike), or null. Free of i18next and zod: the login page uses it. */
export function toLocale(value: string | null | undefined): Locale | null {
  const lower = value?.toLowerCase();
  return (LOCALES as readonly string[]).find((l) => l === lower) ? (lower as Locale) : null;
}
