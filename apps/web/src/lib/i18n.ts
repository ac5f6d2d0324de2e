import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, LOCALES, localeSchema, type Locale, type Resources } from '@hivescope/contract';

/** Every namespace file of packages/contract/locales/{locale}/{namespace}.json, bundled at build time. */
const files = import.meta.glob<Record<string, unknown>>('../../../../packages/contract/locales/*/*.json', {
  eager: true,
  import: 'default',
});

export function buildResources(modules: Record<string, Record<string, unknown>>): Resources {
  const resources = Object.fromEntries(LOCALES.map((l) => [l, {}])) as Resources;
  for (const [path, content] of Object.entries(modules)) {
    const match = /\/locales\/([a-z]{2})\/([\w-]+)\.json$/.exec(path);
    const locale = localeSchema.safeParse(match?.[1]);
    if (match?.[2] && locale.success) resources[locale.data][match[2]] = content;
  }
  return resources;
}

export const NAMESPACES = [
  'common',
  'errors',
  'session',
  'registration',
  'profile',
  'password',
  'users',
] as const;

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: buildResources(files),
  lng: DEFAULT_LOCALE,
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: [...LOCALES],
  ns: [...NAMESPACES],
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

export function toLocale(value: string | null | undefined): Locale | null {
  const parsed = localeSchema.safeParse(value?.toLowerCase());
  return parsed.success ? parsed.data : null;
}

/** Each language named in its own language, for the language pickers. */
export const LANGUAGE_NAMES: Record<Locale, string> = {
  de: 'Deutsch',
  en: 'English',
  fr: 'Français',
  es: 'Español',
};
