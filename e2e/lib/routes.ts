import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const ROUTER = path.resolve(import.meta.dirname, '../../apps/web/src/app/router.tsx');

/** A property of an object literal by name (path, children, index). */
function property(obj: ts.ObjectLiteralExpression, name: string): ts.Expression | undefined {
  for (const p of obj.properties) {
    if (ts.isPropertyAssignment(p) && ts.isIdentifier(p.name) && p.name.text === name) return p.initializer;
  }
  return undefined;
}

function join(prefix: string, segment: string): string {
  return segment.startsWith('/') ? segment : `${prefix.replace(/\/$/, '')}/${segment}`;
}

/**
 * Every leaf path pattern of the web router ("/a/users", "/shop/:step?", "/*"), read from the source of
 * apps/web/src/app/router.tsx: route objects are followed through `children`, also when a child is a
 * top-level constant (adminRoutes, notFound). A screen added to the router therefore shows up here
 * without anybody remembering to list it, and the accessibility test fails until it is scanned.
 */
export function routerPaths(file = ROUTER): string[] {
  const source = ts.createSourceFile(
    file,
    fs.readFileSync(file, 'utf8'),
    ts.ScriptTarget.Latest,
    true,
    ts.ScriptKind.TSX,
  );
  const constants = new Map<string, ts.Expression>();
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const d of statement.declarationList.declarations) {
      if (ts.isIdentifier(d.name) && d.initializer) constants.set(d.name.text, d.initializer);
    }
  }
  const resolve = (e: ts.Expression) => (ts.isIdentifier(e) ? constants.get(e.text) : e);
  const found: string[] = [];
  const walk = (expression: ts.Expression, prefix: string) => {
    const route = resolve(expression);
    if (!route || !ts.isObjectLiteralExpression(route)) throw new Error(`unreadable route in ${file}`);
    const own = property(route, 'path');
    const full = own && ts.isStringLiteral(own) ? join(prefix, own.text) : prefix;
    const children = property(route, 'children');
    if (children && ts.isArrayLiteralExpression(children)) {
      for (const child of children.elements) walk(child, full);
    } else {
      found.push(full);
    }
  };
  const routes = constants.get('routes');
  if (!routes || !ts.isArrayLiteralExpression(routes)) throw new Error(`no routes array in ${file}`);
  for (const r of routes.elements) walk(r, '/');
  return found;
}
