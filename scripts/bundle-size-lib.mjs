// The pure part of the bundle-size guard (scripts/bundle-size.mjs, docs/operations.md "Bundle-size guard"):
// which chunks a route loads, read from Vite's build manifest, and the verdict against the baseline. Kept
// free of file and zlib access so apps/web/src/bundleSize.test.ts can check it on a small fake manifest.
// Types: bundle-size-lib.d.mts.

/** A route fails when its gzip size grew by more than this share over the baseline. */
export const GROWTH_LIMIT = 0.03;

/**
 * The manifest keys of `keys` and of every chunk they import statically, transitively (what the browser
 * loads with them: the HTML preloads these, and a module does not run before its static imports).
 */
export function staticClosure(manifest, keys) {
  const seen = new Set();
  const todo = [...keys];
  while (todo.length > 0) {
    const key = todo.pop();
    if (seen.has(key)) continue;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the build manifest has no chunk "${key}"`);
    seen.add(key);
    todo.push(...(chunk.imports ?? []));
  }
  return [...seen];
}

/**
 * The JavaScript files a route loads: the page's entry (`index.html`, `login.html`) with its static imports,
 * then each of `lazy` with its static imports. A lazy item is a source path (a route's screen,
 * `src/features/…/TimelinePage.tsx`) or a chunk name given in vite.config.ts (`locale-de-timeline`,
 * `login-texts-de`: grouped chunks have no single source), and must be a dynamic import of the chunks
 * counted before it, so a renamed module or chunk fails loudly instead of silently dropping out of the sum.
 */
export function routeFiles(manifest, entry, lazy) {
  const keys = new Set(staticClosure(manifest, [entry]));
  for (const wanted of lazy) {
    const reachable = new Set([...keys].flatMap((key) => manifest[key].dynamicImports ?? []));
    const found = [...reachable].filter((key) => key === wanted || manifest[key]?.name === wanted);
    if (found.length !== 1) {
      throw new Error(
        `"${wanted}" is ${found.length ? 'more than one' : 'not a'} chunk loaded lazily by ${entry} ` +
          `(or by what it loads); update the route list in scripts/bundle-size.mjs`,
      );
    }
    for (const key of staticClosure(manifest, found)) keys.add(key);
  }
  const files = [...keys].map((key) => manifest[key].file).filter((file) => file.endsWith('.js'));
  return [...new Set(files)].sort();
}

/**
 * The string literals of the first array literal after `marker` in a source file (a screen's namespace list
 * in app/pages.ts, SHELL_NAMESPACES in lib/i18n.ts): the guard counts the texts the code really loads, and
 * fails when the code changed shape rather than guess.
 */
export function stringListAfter(source, marker, where) {
  const at = source.indexOf(marker);
  const list = at < 0 ? null : /^[\s,]*\[([^\]]*)\]/.exec(source.slice(at + marker.length));
  if (!list) throw new Error(`no list after "${marker}" in ${where}; update scripts/bundle-size.mjs`);
  return [...list[1].matchAll(/'([^']*)'|"([^"]*)"/g)].map((m) => m[1] ?? m[2]);
}

/**
 * Each route's current size against the baseline: `failure` says why the route fails (grew by more than
 * `limit`, or no baseline figure), null when it passes. Shrinking always passes.
 */
export function compareSizes(current, baseline, limit = GROWTH_LIMIT) {
  return Object.entries(current).map(([route, bytes]) => {
    const before = baseline[route];
    if (typeof before !== 'number' || before <= 0) {
      return { route, bytes, baseline: null, change: null, failure: 'no baseline figure' };
    }
    // (a - b) / b, not a / b - 1: correctly rounded, so exactly +3 % equals GROWTH_LIMIT and passes
    const change = (bytes - before) / before;
    const failure =
      change > limit ? `grew by ${percent(change)} (limit +${(limit * 100).toFixed(0)} %)` : null;
    return { route, bytes, baseline: before, change, failure };
  });
}

/** A change as `+1.2 %` / `-0.4 %`. */
export function percent(change) {
  return `${change >= 0 ? '+' : ''}${(change * 100).toFixed(1)} %`;
}
