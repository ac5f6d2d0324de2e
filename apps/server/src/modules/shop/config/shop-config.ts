import fs from 'node:fs';
import { LineCounter, isMap, isNode, parseDocument, type Document } from 'yaml';
import { z } from 'zod';
import type { Locale } from '@hivescope/contract';
import { translate } from '../../../i18n';
import { shopConfigSchema, type ShopConfig } from './shop-config.schema';

/**
 * Reads the shop configuration from YAML (docs/shop.md "Configuration"). An invalid config is never applied:
 * the answer lists every problem with its path in the config, the line of the YAML text and a message in the
 * admin's language.
 */

export interface ShopConfigError {
  /** Where in the config, e.g. `products.scales[0].plate.width.min`; '' for the whole text. */
  path: string;
  /** 1-based line of the YAML text, when it can be told. */
  line: number | null;
  message: string;
}

export type ShopConfigResult = { ok: true; config: ShopConfig } | { ok: false; errors: ShopConfigError[] };

/** A config is a page of YAML; anything larger is a mistake (and would be slow to parse). */
export const SHOP_CONFIG_MAX_CHARS = 256 * 1024;
/** The config shipped for the demo and for a fresh installation. */
export const DEFAULT_SHOP_CONFIG_FILE = new URL('./default-shop.yaml', import.meta.url);

const KEY = /^[a-z][\w-]*:[\w.-]+$/i;

function formatPath(path: readonly PropertyKey[]): string {
  return path
    .map((part, index) => (typeof part === 'number' ? `[${part}]` : `${index ? '.' : ''}${String(part)}`))
    .join('');
}

/** The line of the deepest node of `path` that exists in the YAML text. */
function lineOf(doc: Document, lines: LineCounter, path: readonly PropertyKey[]): number | null {
  for (let depth = path.length; depth >= 0; depth--) {
    const node = depth ? doc.getIn(path.slice(0, depth) as unknown[], true) : doc.contents;
    if (isNode(node) && node.range) return lines.linePos(node.range[0]).line;
  }
  return null;
}

/** zod's messages in the admin's language; a missing field says so instead of "expected …, received undefined". */
function errorMap(locale: Locale): z.core.$ZodErrorMap {
  const localeError = z.locales[locale]().localeError;
  return (issue) =>
    issue.code === 'invalid_type' && issue.input === undefined ? 'shop:config.missing' : localeError(issue);
}

function message(locale: Locale, issue: z.core.$ZodIssue): string {
  if (!KEY.test(issue.message)) return issue.message;
  const params = issue.code === 'custom' ? (issue.params ?? {}) : {};
  return translate(locale, issue.message, params);
}

function schemaErrors(doc: Document, lines: LineCounter, error: z.ZodError, locale: Locale) {
  return error.issues.flatMap((issue): ShopConfigError[] => {
    const paths =
      issue.code === 'unrecognized_keys' ? issue.keys.map((key) => [...issue.path, key]) : [issue.path];
    return paths.map((path) => ({
      path: formatPath(path),
      line: lineOf(doc, lines, path),
      message: message(locale, issue),
    }));
  });
}

export function parseShopConfig(text: string, locale: Locale = 'en'): ShopConfigResult {
  const whole = (key: string, params?: Record<string, unknown>, line: number | null = null) => ({
    ok: false as const,
    errors: [{ path: '', line, message: translate(locale, key, params) }],
  });
  if (text.length > SHOP_CONFIG_MAX_CHARS)
    return whole('shop:config.tooLarge', { max: `${SHOP_CONFIG_MAX_CHARS / 1024} KiB` });
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false, uniqueKeys: true });
  const syntax = doc.errors[0];
  if (syntax)
    return whole('shop:config.yamlSyntax', { detail: syntax.message }, lines.linePos(syntax.pos[0]).line);
  if (!isMap(doc.contents)) return whole('shop:config.notMapping');
  let data: unknown;
  try {
    data = doc.toJS({ maxAliasCount: 100 });
  } catch (error) {
    return whole('shop:config.yamlSyntax', { detail: (error as Error).message });
  }
  const parsed = shopConfigSchema.safeParse(data, { error: errorMap(locale) });
  if (parsed.success) return { ok: true, config: parsed.data };
  return { ok: false, errors: schemaErrors(doc, lines, parsed.error, locale) };
}

/** The errors as text, one per line ("Line 12, products.scales[0].price: …"), for logs and the start banner. */
export function formatShopConfigErrors(errors: readonly ShopConfigError[], locale: Locale = 'en'): string {
  return errors
    .map((e) =>
      translate(locale, e.line === null ? 'shop:config.errorAt' : 'shop:config.errorAtLine', {
        line: e.line,
        path: e.path || '/',
        message: e.message,
      }),
    )
    .join('\n');
}

export function loadShopConfigFile(file: URL | string, locale: Locale = 'en'): ShopConfigResult {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    const detail = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    return {
      ok: false,
      errors: [{ path: '', line: null, message: translate(locale, 'shop:config.unreadable', { detail }) }],
    };
  }
  return parseShopConfig(text, locale);
}

let shipped: ShopConfig | undefined;

/** The shipped default config; a broken one is a bug of the release, so it throws with every problem. */
export function defaultShopConfig(): ShopConfig {
  if (shipped) return shipped;
  const result = loadShopConfigFile(DEFAULT_SHOP_CONFIG_FILE);
  if (!result.ok)
    throw new Error(`The default shop config is invalid:\n${formatShopConfigErrors(result.errors)}`);
  shipped = result.config;
  return shipped;
}
