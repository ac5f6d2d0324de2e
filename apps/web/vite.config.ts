import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { loginTexts, loginTextsLocale } from './build/loginTexts.ts';

/** Where the dev server (and `vite preview`) forwards /api: the app server, `npm start` on port 3000 by default. */
const apiTarget = process.env.HIVESCOPE_API_URL ?? 'http://localhost:3000';
const proxy = { '/api': { target: apiTarget, changeOrigin: false } };

/** The output file of a `locale-<lang>-<namespace>` chunk (named below). */
const LOCALE_CHUNK = /(^|\/)locale-[a-z]{2}-[\w-]+\.js$/;
const LOCALE_FILE = /[\\/]packages[\\/]contract[\\/]locales[\\/]([a-z]{2})[\\/]([\w-]+)\.json(?:\?|$)/;

/**
 * Chunk names and groups (docs/decisions.md, "Web bundle and first load"): each namespace file of a language
 * is its own chunk `locale-<lang>-<namespace>` (lib/i18n.ts loads the shell's with the language and the
 * others with the screen that uses them; the name only keeps the languages' chunks apart), the login page's
 * few texts of a language form one chunk; the libraries every screen needs form one long-cached vendor
 * chunk; leaflet and uPlot stay with the screens that draw maps and charts. Mantine is left to the bundler so
 * a screen only loads the components it uses.
 */
const chunkGroups = [
  {
    debugName: 'login-texts',
    name: (id: string) => {
      const locale = loginTextsLocale(id);
      return locale ? `login-texts-${locale}` : null;
    },
  },
  {
    debugName: 'locales',
    name: (id: string) => {
      const match = LOCALE_FILE.exec(id);
      return match ? `locale-${match[1]}-${match[2]}` : null;
    },
  },
  {
    name: 'vendor',
    test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|react-redux|use-sync-external-store|@reduxjs|redux|redux-persist|redux-thunk|immer|i18next|react-i18next|@tanstack)[\\/]/,
  },
  { name: 'leaflet', test: /[\\/]node_modules[\\/](leaflet|react-leaflet|@react-leaflet)[\\/]/ },
  { name: 'uplot', test: /[\\/]node_modules[\\/]uplot[\\/]/ },
];

/**
 * Web app build: output in apps/web/dist (served by the server); the dev server proxies /api to it. Two pages:
 * the single-page app (index.html) and the login page outside it (login.html, src/login/).
 */
export default defineConfig({
  plugins: [react(), loginTexts(path.resolve(import.meta.dirname, '../../packages/contract/locales'))],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // .vite/manifest.json maps each source module to its chunk and that chunk's imports: scripts/bundle-size.mjs
    // computes from it the JavaScript a route loads (docs/operations.md, "Bundle-size guard"). It is served
    // like any other file under dist; it names source paths and chunk files, nothing the chunks do not show.
    manifest: true,
    // A namespace chunk imports only the bundler's runtime, which the entry has loaded already: no preload
    // list for it, so the entry does not name each of the ~100 namespace files twice (~1.5 kB gzip).
    modulePreload: {
      resolveDependencies: (file, deps) => (LOCALE_CHUNK.test(file) ? [] : deps),
    },
    rolldownOptions: {
      input: {
        index: path.resolve(import.meta.dirname, 'index.html'),
        login: path.resolve(import.meta.dirname, 'login.html'),
      },
      output: { codeSplitting: { groups: chunkGroups } },
    },
  },
  server: { port: 5173, proxy },
  preview: { port: 4173, proxy },
});
