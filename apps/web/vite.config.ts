import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { loginTexts, loginTextsLocale } from './build/loginTexts.ts';

/** Where the dev server (and `vite preview`) forwards /api: the app server, `npm start` on port 3000 by default. */
const apiTarget = process.env.HIVESCOPE_API_URL ?? 'http://localhost:3000';
const proxy = { '/api': { target: apiTarget, changeOrigin: false } };

const LOCALE_FILE = /[\\/]packages[\\/]contract[\\/]locales[\\/]([a-z]{2})[\\/]/;

/**
 * Chunks that are not split by use (docs/decisions.md, "Web bundle"): each language's texts form one chunk
 * (loaded by lib/i18n.ts when that language is chosen), and so do the login page's few texts of a language;
 * the libraries every screen needs form one long-cached vendor chunk; leaflet and uPlot stay with the screens
 * that draw maps and charts. Mantine is left to the bundler so a screen only loads the components it uses.
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
      const locale = LOCALE_FILE.exec(id)?.[1];
      return locale ? `locale-${locale}` : null;
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
