import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '@hivescope/contract';
import { LOGIN_TEXT_KEYS, format } from './textKeys';

const localesDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../packages/contract/locales',
);

describe('login page texts', () => {
  it('exist in every language (the build picks them out of the locale files)', () => {
    const keys = Object.values(LOGIN_TEXT_KEYS);
    expect(keys.length).toBeGreaterThan(10);
    for (const locale of LOCALES) {
      for (const key of keys) {
        const [namespace = '', dotted = ''] = key.split(':');
        const tree: unknown = JSON.parse(
          fs.readFileSync(path.join(localesDir, locale, `${namespace}.json`), 'utf8'),
        );
        const text = dotted
          .split('.')
          .reduce<unknown>((node, k) => (node as Record<string, unknown>)?.[k], tree);
        expect(typeof text, `${locale}/${key}`).toBe('string');
      }
    }
  });

  it('fill in i18next placeholders', () => {
    expect(format('Sprache: {{language}}', { language: 'Deutsch' })).toBe('Sprache: Deutsch');
    expect(format('{{ a }} and {{b}}', { a: '1' })).toBe('1 and {{b}}');
  });
});
