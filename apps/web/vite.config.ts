import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/** Where the dev server (and `vite preview`) forwards /api: the app server, `npm start` on port 3000 by default. */
const apiTarget = process.env.HIVESCOPE_API_URL ?? 'http://localhost:3000';
const proxy = { '/api': { target: apiTarget, changeOrigin: false } };

/** Web app build: output in apps/web/dist (served by the server); the dev server proxies /api to it. */
export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false },
  server: { port: 5173, proxy },
  preview: { port: 4173, proxy },
});
