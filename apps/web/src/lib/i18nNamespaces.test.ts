import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LOCALES } from '@hivescope/contract';
import { SERVER_ONLY_NAMESPACES, SHELL_NAMESPACES, WEB_NAMESPACES, i18n, loadNamespaces } from './i18n';
import { loadPage } from './lazy';

/**
 * Guards the per-namespace loading of the web's texts (docs/decisions.md, "Web bundle and first load"):
 * a screen must never show a raw key because its namespace was not loaded yet. The texts a module can show are
 * found in its code: `useTranslation(ns)` (none: the default namespace `common`) and every string literal
 * starting with `<namespace>:` (t('errors:loadError'), keys kept in tables). The modules a screen renders are
 * those it imports statically; `lazyPage(chunk, () => import(...), namespaces)` starts a new screen, whose
 * namespaces `lazyPage` loads before it renders. So:
 * - the shell (everything app/main.tsx imports statically) uses only SHELL_NAMESPACES, which
 *   `changeLanguage` loads before the first render;
 * - every lazy screen uses only SHELL_NAMESPACES and the namespaces its `lazyPage` call lists, and lists none
 *   it does not use (it would download texts for nothing);
 * - the web bundles exactly the namespaces some module uses: none of SERVER_ONLY_NAMESPACES.
 */

const srcDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const localesDir = path.resolve(srcDir, '../../../packages/contract/locales');
const ALL_NAMESPACES = new Set(
  fs.readdirSync(path.join(localesDir, 'de')).map((f) => f.replace(/\.json$/, '')),
);
const SHELL = new Set<string>(SHELL_NAMESPACES);

type LazyRoot = { chunk: string; file: string; target: string; namespaces: string[] | null };
/** `looseImports`: dynamic imports outside `lazyPage`, whose module would render without its texts. */
type ModuleInfo = { imports: string[]; namespaces: Set<string>; roots: LazyRoot[]; looseImports: string[] };

function resolveImport(from: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), spec);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`];
  return candidates.find((c) => /\.tsx?$/.test(c) && fs.existsSync(c)) ?? null;
}

const stringsOf = (node: ts.Expression | undefined): string[] => {
  if (!node) return [];
  if (ts.isStringLiteralLike(node)) return [node.text];
  if (ts.isArrayLiteralExpression(node)) return node.elements.flatMap((e) => stringsOf(e));
  return [];
};

const infos = new Map<string, ModuleInfo>();

function moduleInfo(file: string): ModuleInfo {
  const known = infos.get(file);
  if (known) return known;
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, kind);
  const info: ModuleInfo = { imports: [], namespaces: new Set(), roots: [], looseImports: [] };
  const inLazyPage = new Set<ts.Node>();
  const visit = (node: ts.Node): void => {
    const staticImport =
      (ts.isImportDeclaration(node) && !node.importClause?.isTypeOnly) ||
      (ts.isExportDeclaration(node) && !node.isTypeOnly);
    if (staticImport && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const resolved = resolveImport(file, node.moduleSpecifier.text);
      if (resolved) info.imports.push(resolved);
    }
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression)) {
      if (node.expression.text === 'useTranslation') {
        const declared = stringsOf(node.arguments[0]);
        for (const ns of declared.length > 0 ? declared : ['common']) info.namespaces.add(ns);
      }
      if (node.expression.text === 'lazyPage') {
        let target = '';
        const findImport = (n: ts.Node): void => {
          if (ts.isCallExpression(n) && n.expression.kind === ts.SyntaxKind.ImportKeyword) {
            inLazyPage.add(n);
            const spec = n.arguments[0];
            if (spec && ts.isStringLiteral(spec)) target = resolveImport(file, spec.text) ?? '';
          }
          n.forEachChild(findImport);
        };
        if (node.arguments[1]) findImport(node.arguments[1]);
        const list = node.arguments[2];
        info.roots.push({
          chunk: stringsOf(node.arguments[0])[0] ?? '?',
          file,
          target,
          namespaces: list && ts.isArrayLiteralExpression(list) ? stringsOf(list) : null,
        });
      }
    }
    if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      !inLazyPage.has(node)
    )
      info.looseImports.push(`${path.relative(srcDir, file)}: ${node.getText()}`);
    if (ts.isStringLiteralLike(node) || ts.isTemplateHead(node)) {
      const ns = /^([\w-]+):/.exec(node.text)?.[1];
      if (ns && ALL_NAMESPACES.has(ns)) info.namespaces.add(ns);
    }
    node.forEachChild(visit);
  };
  visit(source);
  infos.set(file, info);
  return info;
}

/** The namespaces a module and everything it imports statically use, and the lazy screens they start. */
function staticGraph(entry: string) {
  const seen = new Set<string>();
  const namespaces = new Set<string>();
  const roots: LazyRoot[] = [];
  const looseImports: string[] = [];
  const stack = [entry];
  while (stack.length > 0) {
    const file = stack.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    const info = moduleInfo(file);
    info.namespaces.forEach((ns) => namespaces.add(ns));
    roots.push(...info.roots);
    looseImports.push(...info.looseImports);
    stack.push(...info.imports);
  }
  return { namespaces, roots, looseImports, files: seen };
}

/** The shell and every lazy screen reachable from app/main.tsx, with the namespaces each uses. */
function appGraph() {
  const shell = staticGraph(path.join(srcDir, 'app/main.tsx'));
  const screens: { root: LazyRoot; namespaces: Set<string>; looseImports: string[] }[] = [];
  const pending = [...shell.roots];
  const done = new Set<string>();
  while (pending.length > 0) {
    const root = pending.shift() as LazyRoot;
    const key = `${root.file}:${root.chunk}`;
    if (done.has(key)) continue;
    done.add(key);
    const graph = staticGraph(root.target);
    screens.push({ root, namespaces: graph.namespaces, looseImports: graph.looseImports });
    pending.push(...graph.roots);
  }
  return { shell, screens };
}

const sorted = (values: Iterable<string>) => [...values].sort();

describe('which i18n namespaces the web loads, and when', () => {
  const { shell, screens } = appGraph();
  const timeline = screens.find((s) => s.root.chunk === 'timeline');

  it('finds the shell, the lazy screens and their texts in the code (the check below is not vacuous)', () => {
    expect(shell.files.size).toBeGreaterThan(20);
    expect(screens.length).toBeGreaterThan(35);
    for (const { root } of screens)
      expect(root.target, `lazyPage('${root.chunk}') imports a module`).not.toBe('');
    expect(sorted(timeline?.namespaces ?? [])).toEqual(
      expect.arrayContaining(['analysis', 'common', 'errors', 'notifications', 'sharing', 'timeline']),
    );
  });

  it('loads every lazy module of the app through lazyPage (with its namespaces)', () => {
    expect([...shell.looseImports, ...screens.flatMap((s) => s.looseImports)]).toEqual([]);
  });

  it('the shell uses only the namespaces loaded before the first render', () => {
    expect(sorted(shell.namespaces)).toEqual(sorted(SHELL_NAMESPACES));
  });

  it("every lazy screen lists exactly the namespaces it uses beyond the shell's", () => {
    for (const { root, namespaces } of screens) {
      const beyondShell = sorted([...namespaces].filter((ns) => !SHELL.has(ns)));
      expect(root.namespaces, `lazyPage('${root.chunk}') in ${path.relative(srcDir, root.file)}`).toEqual(
        beyondShell,
      );
    }
  });

  it('bundles the namespaces the web uses, in every language, and none of the server-only ones', () => {
    const used = new Set([...shell.namespaces, ...screens.flatMap((s) => [...s.namespaces])]);
    const expected = sorted(
      [...ALL_NAMESPACES].filter((ns) => !(SERVER_ONLY_NAMESPACES as readonly string[]).includes(ns)),
    );
    expect(sorted(used)).toEqual(expected);
    for (const locale of LOCALES) expect(WEB_NAMESPACES[locale], locale).toEqual(expected);
    for (const ns of SERVER_ONLY_NAMESPACES) expect(ALL_NAMESPACES.has(ns), `${ns}.json exists`).toBe(true);
  });
});

describe('loading a screen with its texts', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('changeLanguage loads only the shell namespaces; a screen gets its own before it renders', async () => {
    await i18n.changeLanguage('de');
    for (const ns of SHELL_NAMESPACES) expect(i18n.hasResourceBundle('de', ns), ns).toBe(true);
    expect(i18n.hasResourceBundle('de', 'timeline')).toBe(false);

    const screen = { default: () => null };
    const loaded = await loadPage('timeline-test', () => Promise.resolve(screen), ['timeline', 'sharing']);
    expect(loaded).toBe(screen);
    expect(i18n.hasResourceBundle('de', 'timeline')).toBe(true);
    expect(i18n.t('timeline:interventionSaved')).toBe('Eingriff gespeichert');
    expect(i18n.hasResourceBundle('de', 'shop')).toBe(false);
  });

  it('switches language only once the new language has every namespace loaded so far', async () => {
    await i18n.changeLanguage('de');
    await loadNamespaces(['timeline']);
    let missingAtSwitch: string[] | null = null;
    const onChanged = (lng: string) => {
      missingAtSwitch = [...SHELL_NAMESPACES, 'timeline'].filter((ns) => !i18n.hasResourceBundle(lng, ns));
    };
    i18n.on('languageChanged', onChanged);
    try {
      await i18n.changeLanguage('fr');
    } finally {
      i18n.off('languageChanged', onChanged);
    }
    expect(missingAtSwitch).toEqual([]);
  });

  it('texts that fail to load count as a failed chunk: reload once instead of showing keys', async () => {
    await i18n.changeLanguage('de');
    await expect(loadNamespaces(['mail'])).rejects.toThrow('texts not loaded: de/mail');
    const reload = vi.fn();
    vi.stubGlobal('window', { location: { reload } });
    void loadPage('missing-texts-test', () => Promise.resolve({ default: () => null }), ['mail']);
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
  });
});
