import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LOCALES, localeSchema, type Locale } from '@hivescope/contract';

type Namespace = Record<string, unknown>;

/**
 * Namespaces of packages/contract/locales only the server translates (mails, SMS, alarm texts, its API
 * messages and errors); the login page picks its few keys out of the files at build time
 * (apps/web/build/loginTexts.ts). They are left out of the glob below, so the web bundles none of them.
 */
export const SERVER_ONLY_NAMESPACES = ['alarms', 'controllers', 'device', 'mail', 'messages', 'sms'] as const;

/**
 * The namespaces the shell (layouts, guards, toasts, error fallbacks: everything app/main.tsx imports
 * statically) uses. `changeLanguage` loads them before the first render; every other namespace is loaded
 * with the screen that uses it (`lazyPage` in lib/lazy.ts). A unit test (i18nNamespaces.test.ts) checks both
 * lists against the code.
 */
export const SHELL_NAMESPACES = ['common', 'errors', 'session'] as const;

/**
 * Each namespace file of packages/contract/locales/{locale}/{namespace}.json as a lazy import, one chunk per
 * file (`locale-<locale>-<namespace>`, vite.config.ts): a screen downloads only the namespaces it uses, in
 * the active language (docs/decisions.md, "Web bundle and first load"). The pattern after `!` must list
 * SERVER_ONLY_NAMESPACES (import.meta.glob takes only literals).
 */
const files = import.meta.glob<Namespace>(
  [
    '../../../../packages/contract/locales/*/*.json',
    '!../../../../packages/contract/locales/*/{alarms,controllers,device,mail,messages,sms}.json',
  ],
  { import: 'default' },
);

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

/** The namespaces the web app has texts for, per locale (for the tests). */
export const WEB_NAMESPACES: Record<Locale, string[]> = Object.fromEntries(
  LOCALES.map((l) => [l, Object.keys(loaders[l]).sort()]),
) as Record<Locale, string[]>;

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
 * new language's texts and only then switches, so a screen never shows keys while switching. It loads
 * `ns` — the shell's namespaces, plus every namespace loaded since (`loadNamespaces` adds to it) — so the
 * screens already shown switch with their texts. A component's `useTranslation(ns)` suspends until its
 * namespaces are there (react-i18next's default `useSuspense`; the layouts' <Suspense> shows a loader).
 */
void i18n
  .use(lazyLocales)
  .use(initReactI18next)
  .init({
    fallbackLng: false,
    supportedLngs: [...LOCALES],
    load: 'currentOnly',
    ns: [...SHELL_NAMESPACES],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });

/**
 * Loads namespaces in the active language (with a screen's chunk, lib/lazy.ts). Rejects when one could not be
 * loaded (e.g. a chunk a new deployment removed), so the caller can reload the page instead of showing keys.
 */
export async function loadNamespaces(namespaces: readonly string[]): Promise<void> {
  if (namespaces.length === 0) return;
  await i18n.loadNamespaces([...namespaces]);
  const missing = namespaces.filter((ns) => !i18n.hasResourceBundle(i18n.language, ns));
  if (missing.length > 0) throw new Error(`texts not loaded: ${i18n.language}/${missing.join(',')}`);
}

export { LANGUAGE_NAMES, toLocale } from './languages';
