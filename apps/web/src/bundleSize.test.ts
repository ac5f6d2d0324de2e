import { describe, expect, it } from 'vitest';
// The bundle-size guard of the web build lives in scripts/ (plain JavaScript run by node after `vite build`);
// its pure part is tested here because the web project's tests run in node without a build.
import {
  compareSizes,
  routeFiles,
  staticClosure,
  stringListAfter,
  type Manifest,
} from '../../../scripts/bundle-size-lib.mjs';

/** The shape of Vite's manifest: entries by source path, shared and grouped chunks by `_<file>`. */
const manifest: Manifest = {
  'index.html': {
    file: 'assets/index-a.js',
    isEntry: true,
    imports: ['_vendor-b.js', '_runtime-c.js'],
    dynamicImports: ['src/Timeline.tsx', 'src/Other.tsx', '_locale-de-common-d.js', '_locale-en-common-e.js'],
    css: ['assets/index-a.css'],
  },
  '_vendor-b.js': { file: 'assets/vendor-b.js', name: 'vendor', imports: ['_runtime-c.js'] },
  '_runtime-c.js': { file: 'assets/runtime-c.js', name: 'runtime' },
  '_locale-de-common-d.js': { file: 'assets/locale-de-common-d.js', name: 'locale-de-common' },
  '_locale-en-common-e.js': { file: 'assets/locale-en-common-e.js', name: 'locale-en-common' },
  'src/Timeline.tsx': {
    file: 'assets/Timeline-f.js',
    isDynamicEntry: true,
    // a lazy screen imports the entry back (the shell's modules) and a chunk of its own
    imports: ['index.html', '_uplot-g.js', '_chart-h.js'],
  },
  '_uplot-g.js': { file: 'assets/uplot-g.js', name: 'uplot' },
  '_chart-h.js': { file: 'assets/chart-h.js', imports: ['_uplot-g.js', '_chart-h.css'] },
  '_chart-h.css': { file: 'assets/chart-h.css', src: '_chart-h.css' },
  'src/Other.tsx': { file: 'assets/Other-i.js', isDynamicEntry: true, imports: ['_big-j.js'] },
  '_big-j.js': { file: 'assets/big-j.js' },
};

describe('bundle-size guard: chunks of a route', () => {
  it('follows static imports transitively, each chunk once, cycles included', () => {
    expect(staticClosure(manifest, ['src/Timeline.tsx']).sort()).toEqual([
      '_chart-h.css',
      '_chart-h.js',
      '_runtime-c.js',
      '_uplot-g.js',
      '_vendor-b.js',
      'index.html',
      'src/Timeline.tsx',
    ]);
  });

  it('counts the entry, the lazy screen and the named text chunks, JavaScript only', () => {
    expect(routeFiles(manifest, 'index.html', ['src/Timeline.tsx', 'locale-de-common'])).toEqual([
      'assets/Timeline-f.js',
      'assets/chart-h.js',
      'assets/index-a.js',
      'assets/locale-de-common-d.js',
      'assets/runtime-c.js',
      'assets/uplot-g.js',
      'assets/vendor-b.js',
    ]);
    // other screens and languages are not loaded
    expect(routeFiles(manifest, 'index.html', [])).toEqual([
      'assets/index-a.js',
      'assets/runtime-c.js',
      'assets/vendor-b.js',
    ]);
  });

  it('fails on a lazy chunk the route does not load, rather than leaving it out of the sum', () => {
    expect(() => routeFiles(manifest, 'index.html', ['locale-de-gone'])).toThrow(/locale-de-gone/);
    // a static import is not a lazy load
    expect(() => routeFiles(manifest, 'index.html', ['vendor'])).toThrow(/vendor/);
    expect(() => staticClosure(manifest, ['login.html'])).toThrow(/login\.html/);
  });

  it('reads a namespace list out of the code, and fails when its shape changed', () => {
    const pages = "lazyPage('t', () => import('../features/t/T'), [\n  'analysis',\n  \"timeline\",\n]);";
    expect(stringListAfter(pages, "import('../features/t/T')", 'pages.ts')).toEqual(['analysis', 'timeline']);
    expect(stringListAfter("export const SHELL = ['common'] as const;", 'SHELL =', 'i18n.ts')).toEqual([
      'common',
    ]);
    expect(() => stringListAfter(pages, "import('../features/x/X')", 'pages.ts')).toThrow(/pages\.ts/);
  });
});

describe('bundle-size guard: verdict', () => {
  it('passes up to +3 %, fails above, always passes a smaller bundle', () => {
    const rows = compareSizes({ a: 1030, b: 1031, c: 500 }, { a: 1000, b: 1000, c: 1000 });
    expect(rows.map((r) => [r.route, r.failure === null])).toEqual([
      ['a', true],
      ['b', false],
      ['c', true],
    ]);
    expect(rows[1]?.failure).toBe('grew by +3.1 % (limit +3 %)');
    expect(rows[2]?.change).toBeCloseTo(-0.5);
  });

  it('fails a route without a baseline figure', () => {
    const [row] = compareSizes({ '/timeline': 10 }, { '/login': 10 });
    expect(row?.failure).toBe('no baseline figure');
  });
});
