import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, LOCALES, localeSchema, type Locale } from '@hivescope/contract';

type Namespace = Record<string, unknown>;

/**
 * Every namespace file of packages/contract/locales/{locale}/{namespace}.json as a lazy import: only the
 * active language is downloaded (vite.config.ts puts each language's files into one chunk, `locale-xx`).
 */
const files = import.meta.glob<Namespace>('../../../../packages/contract/locales/*/*.json', {
  import: 'default',
});

const FILE = /\/locales\/([a-z]{2})\/([\w-]+)\.json$/;

/** The loader of each locale's namespace files, by locale and namespace. */
export function indexLocaleFiles<T>(modules: Record<string, T>): Record<Locale, Record<string, T>> {
  const index = Object.fromEntries(LOCALES.map((l) => [l, {}])) as Record<Locale, Record<string, T>>;
  for (const [path, loader] of Object.entries(modules)) {
    const match = FILE.exec(path);
    const locale = localeSchema.safeParse(match?.[1]);
    if (match?.[2] && locale.success) index[locale.data][match[2]] = loader;
  }
  return index;
}

const loaders = indexLocaleFiles(files);

/** Every namespace: i18next loads them all with a language, so no screen waits for its texts later. */
export const NAMESPACES = Object.keys(loaders[DEFAULT_LOCALE]);

/** i18next backend reading the bundled JSON files through dynamic imports. */
const lazyLocales: BackendModule = {
  type: 'backend',
  callbackApi: false,
  init: () => undefined,
  read: (language: string, namespace: string) => {
    const locale = localeSchema.safeParse(language);
    const load = locale.success ? loaders[locale.data][namespace] : undefined;
    return load ? load() : Promise.reject(new Error(`no texts for ${language}/${namespace}`));
  },
};

export const i18n = i18next.createInstance();

/**
 * No language is loaded until `changeLanguage` (app/startup.ts, before the first render): it loads the
 * new language's texts and only then switches, so a screen never shows keys while switching.
 */
void i18n
  .use(lazyLocales)
  .use(initReactI18next)
  .init({
    fallbackLng: false,
    supportedLngs: [...LOCALES],
    load: 'currentOnly',
    ns: NAMESPACES,
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });

export { LANGUAGE_NAMES, toLocale } from './languages';
