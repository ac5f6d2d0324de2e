// Bundle-size guard (docs/operations.md "Bundle-size guard"), run by the web build after `vite build`:
// sums the gzip size of the JavaScript the routes /login and /timeline load on a first visit in German and
// fails (exit 1) when one grew by more than 3 % over apps/web/bundle-size.json, or has no figure there.
// `--update` writes the current figures as the new baseline (`npm run bundle-size:update`), to be committed
// with the reason for the change. The chunks come from Vite's build manifest, by source path and chunk name.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { compareSizes, GROWTH_LIMIT, percent, routeFiles, stringListAfter } from './bundle-size-lib.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const web = path.join(root, 'apps/web');
const dist = path.join(web, 'dist');
const manifestFile = path.join(dist, '.vite/manifest.json');
const baselineFile = path.join(web, 'bundle-size.json');
const rel = (file) => path.relative(root, file);

/** gzip -9, as bench/lib/browser.ts measures the pages in Chromium; the server sends brotli (smaller). */
const GZIP_LEVEL = 9;
/** A first visit without a stored language gets German (docs/product.md §1). */
const LOCALE = 'de';
const TIMELINE_PAGE = 'src/features/timeline/routes/TimelinePage.tsx';

const NOTE =
  `gzip -${GZIP_LEVEL} bytes of the JavaScript each route loads on a first visit in German ` +
  `(docs/operations.md "Bundle-size guard"). The web build fails when a route grows by more than ` +
  `${GROWTH_LIMIT * 100} %. To accept a change: npm run bundle-size:update, then commit this file with the ` +
  `reason in the commit message.`;

/**
 * What each route loads. /login: login.html's entry and its imports, and the login texts of one language
 * (src/login/texts.ts loads them at start, in parallel with the brand). /timeline: the single-page app's
 * entry and its imports, the screen the router lazy-loads (app/pages.ts TimelinePage) and its imports, and
 * the namespace chunks lib/lazy.ts and lib/i18n.ts load with them: the shell's (SHELL_NAMESPACES) and the
 * screen's list in app/pages.ts — both read from the code, so the sum follows it. Chunks loaded only on some
 * visits (the forced profile form, a screen's later dialogs) are not counted.
 */
function routes() {
  const source = (file) => fs.readFileSync(path.join(web, file), 'utf8');
  const shell = stringListAfter(source('src/lib/i18n.ts'), 'SHELL_NAMESPACES =', 'apps/web/src/lib/i18n.ts');
  const screen = stringListAfter(
    source('src/app/pages.ts'),
    "import('../features/timeline/routes/TimelinePage')",
    'apps/web/src/app/pages.ts',
  );
  const namespaces = [...new Set([...shell, ...screen])].map((ns) => `locale-${LOCALE}-${ns}`);
  return {
    '/login': { entry: 'login.html', lazy: [`login-texts-${LOCALE}`] },
    '/timeline': { entry: 'index.html', lazy: [TIMELINE_PAGE, ...namespaces] },
  };
}

function fail(message) {
  console.error(`\nBundle-size guard: ${message}`);
  process.exit(1);
}

function measure() {
  if (!fs.existsSync(manifestFile)) {
    fail(`${rel(manifestFile)} is missing: build the web app first (vite build, build.manifest on).`);
  }
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
  const sizes = {};
  const files = {};
  for (const [route, { entry, lazy }] of Object.entries(routes())) {
    files[route] = routeFiles(manifest, entry, lazy);
    sizes[route] = files[route]
      .map((file) => zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: GZIP_LEVEL }).length)
      .reduce((a, b) => a + b, 0);
  }
  return { sizes, files };
}

function readBaseline() {
  if (!fs.existsSync(baselineFile)) return null;
  const parsed = JSON.parse(fs.readFileSync(baselineFile, 'utf8'));
  return parsed && typeof parsed.routes === 'object' ? parsed.routes : {};
}

function printTable(rows, files) {
  const line = (cells) => cells.map((c, i) => (i === 0 ? c.padEnd(10) : c.padStart(10))).join(' ');
  console.log(`\nJavaScript per route, gzip -${GZIP_LEVEL} bytes (baseline ${rel(baselineFile)}):`);
  console.log(line(['route', 'files', 'current', 'baseline', 'change']));
  for (const row of rows) {
    const baseline = row.baseline === null ? '-' : String(row.baseline);
    const change = row.change === null ? '-' : percent(row.change);
    console.log(line([row.route, String(files[row.route].length), String(row.bytes), baseline, change]));
  }
}

const { sizes, files } = measure();
const baseline = readBaseline();

if (process.argv.includes('--update')) {
  printTable(compareSizes(sizes, baseline ?? {}), files);
  fs.writeFileSync(baselineFile, `${JSON.stringify({ note: NOTE, routes: sizes }, null, 2)}\n`);
  console.log(`\nWrote ${rel(baselineFile)}: commit it with the reason for the change.`);
} else {
  if (!baseline) fail(`${rel(baselineFile)} is missing: run npm run bundle-size:update and commit it.`);
  const rows = compareSizes(sizes, baseline);
  printTable(rows, files);
  const failed = rows.filter((row) => row.failure);
  if (failed.length > 0) {
    fail(
      `${failed.map((row) => `${row.route} ${row.failure}`).join('; ')}.\n` +
        'Make it smaller, or if the growth is deliberate run npm run bundle-size:update and commit ' +
        `${rel(baselineFile)} with the reason in the commit message.`,
    );
  }
  const shrunk = rows.filter((row) => row.change !== null && row.change < 0).map((row) => row.route);
  const hint = shrunk.length
    ? ` (${shrunk.join(', ')} shrank: npm run bundle-size:update keeps the gain)`
    : '';
  console.log(`Bundle-size guard: every route within +${GROWTH_LIMIT * 100} %${hint}.`);
}
