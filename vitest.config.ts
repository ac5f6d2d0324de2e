import os from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * One runner for every suite; `npm test` runs all projects in two lanes at once (scripts/test.mjs: the browser
 * tests beside the rest), `vitest run --project server` one of them. docs/operations.md "Tests".
 *
 * The API, web, contract and simulator tests share their worker's module cache (`isolate: false`): each of
 * them builds its own app, database and state, so importing the app once per worker instead of once per file
 * changes nothing they check and saves most of their time. Module state must therefore never be keyed by an
 * id that repeats between databases (list-cache.ts and active-config.ts keep theirs per database or by content).
 */
const workers = Math.max(2, os.availableParallelism() - 1);

export default defineConfig({
  test: {
    maxWorkers: workers,
    projects: [
      { test: { name: 'contract', include: ['packages/contract/**/*.test.ts'], isolate: false } },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
          globalSetup: ['apps/server/test/global-setup.ts'],
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      { test: { name: 'web', include: ['apps/web/src/**/*.test.{ts,tsx}'], isolate: false } },
      {
        test: {
          name: 'simulator',
          include: ['tools/simulator/**/*.test.ts'],
          isolate: false,
          // a few tests model years of hives (2–3 s alone); beside the browser lane they get half a core
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          globalSetup: ['e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // A screen shows what it fetched some time after `page.goto` resolves; on a loaded CI machine that
          // exceeded vitest's 1 s default and a heat map counted 0 cells of 4. The value still has to come.
          expect: { poll: { timeout: 10_000 } },
          // Two files at once on the one app server: each file makes its own users, controllers and data, and a
          // file that changes something every user sees (alarm settings, the shop config) puts it back as it was.
        },
      },
    ],
  },
});
