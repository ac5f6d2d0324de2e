import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LOCALES } from './constants';

/** Every namespace file exists in every locale, and every (nested) key exists in every locale. */
const localesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../locales');

function keysOf(value: unknown, prefix = ''): string[] {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keysOf(child, prefix ? `${prefix}.${key}` : key));
}

function load(locale: string, file: string): unknown {
  return JSON.parse(fs.readFileSync(path.join(localesDir, locale, file), 'utf8'));
}

const namespaceFiles = [
  ...new Set(
    LOCALES.flatMap((l) => fs.readdirSync(path.join(localesDir, l)).filter((f) => f.endsWith('.json'))),
  ),
].sort();

describe('locales', () => {
  it('has a folder per supported locale and no other', () => {
    const dirs = fs
      .readdirSync(localesDir)
      .filter((d) => fs.statSync(path.join(localesDir, d)).isDirectory());
    expect(dirs.sort()).toEqual([...LOCALES].sort());
  });

  it.each(LOCALES)('%s has every namespace file', (locale) => {
    const files = fs.readdirSync(path.join(localesDir, locale)).filter((f) => f.endsWith('.json'));
    expect(files.sort()).toEqual(namespaceFiles);
  });

  describe.each(namespaceFiles)('%s', (file) => {
    const keys = Object.fromEntries(
      LOCALES.filter((l) => fs.existsSync(path.join(localesDir, l, file))).map((l) => [
        l,
        keysOf(load(l, file)),
      ]),
    );
    const all = [...new Set(Object.values(keys).flat())].sort();

    it.each(LOCALES)('%s has every key', (locale) => {
      const missing = all.filter((k) => !keys[locale]?.includes(k));
      expect(missing, `${locale}/${file} is missing keys`).toEqual([]);
    });

    it.each(LOCALES)('%s has no empty texts', (locale) => {
      const content = fs.existsSync(path.join(localesDir, locale, file)) ? load(locale, file) : {};
      const empty = keysOf(content).filter((k) => {
        const value = k
          .split('.')
          .reduce<unknown>((o, part) => (o as Record<string, unknown>)?.[part], content);
        return typeof value === 'string' && value.trim() === '';
      });
      expect(empty).toEqual([]);
    });
  });
});
