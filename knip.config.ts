import type { KnipConfig } from 'knip';

/**
 * knip (`npx knip`, one of the commands of `npm run check`): files, exports, types and packages that
 * nothing uses. The entry points below are those knip's plugins do not find by themselves: its vitest plugin
 * reads vitest.config.ts (the test files and global setups of every project), its vite plugin index.html,
 * login.html and vite.config.ts, the package.json scripts give bench/run.ts, the server CLI, the simulator
 * CLI and drizzle.config.ts, and each package's `exports` its public entry.
 *
 * An export that only its own file uses is not reported (ignoreExportsUsedInFile): modules export a limit or
 * a helper so that tests and readers can refer to it, which is not dead code.
 */
const config: KnipConfig = {
  ignoreExportsUsedInFile: true,
  rules: {
    // A constant named for what it means may equal another (RETURN_MS = HOUR_MS); that is not dead weight.
    duplicates: 'off',
  },
  workspaces: {
    '.': {
      entry: [
        'e2e/**/*.test.ts',
        // started as its own process (bench/lib/processes.ts) and bundled by vite (bench/chart-render.ts)
        'bench/hello.ts',
        'bench/chart-page/main.tsx',
        // run by `npm run …` scripts, scripts/check.mjs, the web build and CI
        'scripts/*.mjs',
      ],
      project: ['*.{ts,js,cjs}', 'e2e/**/*.ts', 'bench/**/*.{ts,tsx}', 'scripts/**/*.mjs'],
      // e2e/ and bench/ drive the app with the app's own packages, resolved from the workspaces that declare
      // them (apps/server: drizzle-orm, pg, fastify; apps/web: React, Mantine and vite's React plugin), so
      // they always run the versions the app runs.
      ignoreDependencies: [
        'drizzle-orm',
        'pg',
        'fastify',
        'react',
        'react-dom',
        '@mantine/core',
        '@vitejs/plugin-react',
      ],
      // the system's flock(1) serialises `npm run db:generate`
      ignoreBinaries: ['flock'],
    },
    'apps/server': {
      entry: ['src/main.ts'],
      project: ['src/**/*.ts', 'test/**/*.ts', '*.ts'],
      // the server runs as `node --import tsx src/main.ts` (scripts/start.mjs, test/server-process.ts)
      ignoreDependencies: ['tsx'],
    },
    'apps/web': {
      project: ['src/**/*.{ts,tsx}', 'build/**/*.ts', '*.ts'],
    },
    'packages/contract': {
      project: ['src/**/*.ts'],
    },
    'tools/simulator': {
      project: ['src/**/*.ts'],
    },
  },
};

export default config;
