import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import i18next from 'i18next';
import { LOCALES, DEFAULT_LOCALE, type Locale } from '@hivescope/contract';

/** Server-side translations: the same JSON files the web app uses (packages/contract/locales). */
const localesDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../packages/contract/locales',
);

function loadResources() {
  const resources: Record<string, Record<string, unknown>> = {};
  for (const lng of LOCALES) {
    const dir = path.join(localesDir, lng);
    const ns: Record<string, unknown> = {};
    for (const file of fs.readdirSync(dir)) {
      if (file.endsWith('.json'))
        ns[file.slice(0, -5)] = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
    }
    resources[lng] = ns;
  }
  return resources;
}

const instance = i18next.createInstance();
void instance.init({
  resources: loadResources() as never,
  lng: DEFAULT_LOCALE,
  fallbackLng: 'en',
  supportedLngs: [...LOCALES],
  defaultNS: 'errors',
  ns: ['errors'],
  interpolation: { escapeValue: false },
  initAsync: false,
});

/** Translates "ns:key" (or a plain key in the errors namespace). */
export function translate(locale: Locale, key: string, params?: Record<string, unknown>): string {
  return instance.t(key, { lng: locale, ...params }) as string;
}
