import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Guards the rule "no hard-coded user-facing strings": every .tsx file under apps/web/src is parsed with the
 * TypeScript compiler API and every JSX text node and every string literal given to a user-visible prop
 * (aria-label, title, placeholder, label, alt, description — as a JSX prop or as an object property such as
 * Select data or a toast's { title, message }) that contains a letter must be on ALLOWED below.
 * Anything else belongs in packages/contract/locales/{de,en,fr,es}/<namespace>.json and goes through t().
 */

/** Texts that are the same in every language, with the reason. Keep this list short. */
const ALLOWED = new Set<string>([
  'Hivescope', // brand name
  'Hivescope Vet', // brand name
  'kg', // SI unit symbol, identical in de/en/fr/es
  '°C', // SI unit symbol
  'g', // SI unit symbol
  '%', // percent sign
  'Tabler Icons', // product name of the icon set credited in the footer
]);

const VISIBLE_PROPS = new Set(['aria-label', 'title', 'placeholder', 'label', 'alt', 'description']);
const LETTER = /\p{L}/u;

const srcDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function tsxFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) return tsxFiles(p);
    return entry.name.endsWith('.tsx') && !entry.name.includes('.test.') ? [p] : [];
  });
}

/** String literals an attribute value can evaluate to: `"x"`, `{'x'}`, `{`x`}`, `{a ? 'x' : 'y'}`, `{a ?? 'x'}`. */
function literalsOf(node: ts.Node | undefined): ts.StringLiteralLike[] {
  if (!node) return [];
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [node];
  if (ts.isTemplateExpression(node)) return [node.head, ...node.templateSpans.map((s) => s.literal)] as never;
  if (ts.isJsxExpression(node) || ts.isParenthesizedExpression(node)) return literalsOf(node.expression);
  if (ts.isConditionalExpression(node)) return [...literalsOf(node.whenTrue), ...literalsOf(node.whenFalse)];
  if (ts.isBinaryExpression(node)) {
    const op = node.operatorToken.kind;
    if (op === ts.SyntaxKind.QuestionQuestionToken || op === ts.SyntaxKind.BarBarToken)
      return [...literalsOf(node.left), ...literalsOf(node.right)];
    if (op === ts.SyntaxKind.PlusToken) return [...literalsOf(node.left), ...literalsOf(node.right)];
    if (op === ts.SyntaxKind.AmpersandAmpersandToken) return literalsOf(node.right);
  }
  return [];
}

export interface Finding {
  file: string;
  line: number;
  kind: string;
  text: string;
}

export function findHardcodedStrings(fileName: string, source: string): Finding[] {
  const sf = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const findings: Finding[] = [];
  const report = (node: ts.Node, kind: string, raw: string) => {
    const text = raw.replace(/\s+/g, ' ').trim();
    if (!LETTER.test(text) || ALLOWED.has(text)) return;
    const line = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;
    findings.push({ file: path.relative(srcDir, fileName), line, kind, text });
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node)) report(node, 'text', node.text);
    else if (ts.isJsxExpression(node) && ts.isJsxElement(node.parent)) {
      // {'literal'} as a child of an element
      for (const lit of literalsOf(node.expression)) report(lit, 'text', lit.text);
    } else if (ts.isJsxAttribute(node)) {
      const name = node.name.getText(sf);
      if (VISIBLE_PROPS.has(name))
        for (const lit of literalsOf(node.initializer)) report(lit, name, lit.text);
    } else if (ts.isPropertyAssignment(node) && !ts.isComputedPropertyName(node.name)) {
      // { label: 'x' } in Select data, { title, message } in toasts
      const name = node.name.getText(sf).replace(/['"]/g, '');
      if (VISIBLE_PROPS.has(name) || name === 'message')
        for (const lit of literalsOf(node.initializer)) report(lit, name, lit.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return findings;
}

describe('hard-coded user-facing strings', () => {
  it('finds JSX text and literal visible props, ignores allowed and translated ones', () => {
    const found = findHardcodedStrings(
      path.join(srcDir, 'x.tsx'),
      `export const A = () => (
        <div title="Hello" aria-label={'Close'}>
          Save now
          <input placeholder={\`Search\`} label={t('x')} />
          <b>{x ? 'Yes' : t('no')}</b>
          <span>Hivescope</span> kg
          <i alt={t('a')} data-x="Not visible" />
          <Select data={[{ value: 'a', label: 'Apple' }]} onClick={() => show({ message: 'Saved' })} />
        </div>
      );`,
    );
    expect(found.map((f) => `${f.kind}:${f.text}`)).toEqual([
      'title:Hello',
      'aria-label:Close',
      'text:Save now',
      'placeholder:Search',
      'text:Yes',
      'label:Apple',
      'message:Saved',
    ]);
  });

  it('has none in apps/web/src', () => {
    const findings = tsxFiles(srcDir).flatMap((f) => findHardcodedStrings(f, fs.readFileSync(f, 'utf8')));
    expect(findings.map((f) => `${f.file}:${f.line} ${f.kind} "${f.text}"`)).toEqual([]);
    // parses every .tsx file of the app: under 1 s alone, over 5 s once in `npm test` on a loaded 2-core machine
  }, 30_000);
});
