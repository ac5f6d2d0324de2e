import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/** Web app build: output in apps/web/dist (served by the server); the dev server proxies /api to it. */
export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
  },
  preview: {
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
  },
});
