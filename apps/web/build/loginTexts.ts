import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
// By path, not the package: the config loader leaves packages to Node, which would not compile its .ts.
import { LOCALES } from '../../../packages/contract/src/constants.ts';
import { LOGIN_TEXT_KEYS } from '../src/login/textKeys.ts';

const PREFIX = 'virtual:login-texts/';
/** Vite's marker for a module that is not a file. */
const RESOLVED = `\0${PREFIX}`;

/** Whether a module id is one language's login texts (for the chunk names in vite.config.ts). */
export const loginTextsLocale = (id: string): string | null =>
  id.startsWith(RESOLVED) ? id.slice(RESOLVED.length) : null;

function lookup(tree: unknown, dotted: string): unknown {
  return dotted.split('.').reduce<unknown>((node, key) => {
    return node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined;
  }, tree);
}

/**
 * `virtual:login-texts/<locale>`: the texts of the login page (src/login/textKeys.ts) picked out of
 * packages/contract/locales/<locale>/*.json, one small module per language (docs/decisions.md, "Web bundle
 * and first load"). A key missing in a language fails the build.
 */
export function loginTexts(localesDir: string): Plugin {
  return {
    name: 'hivescope-login-texts',
    resolveId: (id) => (id.startsWith(PREFIX) ? `\0${id}` : undefined),
    load(id) {
      const locale = loginTextsLocale(id);
      if (locale === null) return undefined;
      if (!(LOCALES as readonly string[]).includes(locale)) this.error(`no locale "${locale}"`);
      const texts: Record<string, string> = {};
      for (const [name, key] of Object.entries(LOGIN_TEXT_KEYS)) {
        const [namespace = '', dotted = ''] = key.split(':');
        const file = path.join(localesDir, locale, `${namespace}.json`);
        this.addWatchFile(file);
        const text = lookup(JSON.parse(fs.readFileSync(file, 'utf8')), dotted);
        if (typeof text !== 'string') this.error(`login text ${key} missing in ${locale}`);
        texts[name] = text as string;
      }
      return `export default ${JSON.stringify(texts)};\n`;
    },
  };
}
