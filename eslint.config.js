import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import boundaries from 'eslint-plugin-boundaries';
import globals from 'globals';

/** Drizzle's query builders and raw SQL on a database handle. */
const QUERIES = new Set([
  'select',
  'selectDistinct',
  'selectDistinctOn',
  'insert',
  'update',
  'delete',
  'execute',
  'with',
  '$count',
  '$with',
  'query',
]);

/**
 * Reports a query on a database handle (`db.select`, `tx.insert`, `ctx.db.execute`, `db.query.…`), used below
 * for the files that are not repositories. `db.transaction` is not a query: a service may run its
 * repositories' calls in one.
 */
const noQueryOutsideRepository = {
  meta: {
    type: 'problem',
    schema: [],
    messages: { query: 'A query on the database handle belongs in a *.repository.ts file.' },
  },
  create(context) {
    const isHandle = (node) =>
      (node.type === 'Identifier' && (node.name === 'db' || node.name === 'tx')) ||
      (node.type === 'MemberExpression' && !node.computed && node.property.name === 'db');
    return {
      MemberExpression(node) {
        if (!node.computed && QUERIES.has(node.property.name) && isHandle(node.object))
          context.report({ node, messageId: 'query' });
      },
    };
  },
};

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'apps/server/src/db/migrations/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Web import rules (docs/ARCHITECTURE.md, "Import rules"): a feature imports only components/, lib/,
    // app/store and its own files; components/ and lib/ import no feature and nothing of app/ but the
    // store. app/ (router, layouts, wiring) may import features. The login page (src/login, outside the
    // single-page app) imports only lib/, assets/ and itself, and nothing imports it.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'boundaries/root-path': import.meta.dirname,
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
      'boundaries/dependency-nodes': ['import', 'dynamic-import', 'export'],
      'boundaries/legacy-templates': false,
      'boundaries/elements': [
        { type: 'feature', pattern: 'apps/web/src/features/*', capture: ['feature'] },
        { type: 'login', pattern: 'apps/web/src/login' },
        { type: 'store', pattern: 'apps/web/src/app/store' },
        { type: 'app', pattern: 'apps/web/src/app' },
        { type: 'components', pattern: 'apps/web/src/components' },
        { type: 'shared', pattern: 'apps/web/src/{lib,assets}' },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'allow',
          message:
            'A web feature imports only components/, lib/, app/store and its own files; components/, lib/ and app/store import no feature (docs/ARCHITECTURE.md, "Import rules").',
          policies: [
            {
              from: { element: { types: ['feature', 'components', 'shared', 'store'] } },
              disallow: { to: { element: { types: ['feature', 'app', 'login'] } } },
            },
            {
              // The login page stays free of React and the app's libraries: lib/ (React-free helpers) only.
              from: { element: { type: 'login' } },
              disallow: { to: { element: { types: ['feature', 'app', 'store', 'components'] } } },
              message:
                'The login page (src/login) imports only lib/, assets/ and its own files (docs/ARCHITECTURE.md).',
            },
            {
              from: { element: { types: ['app'] } },
              disallow: { to: { element: { types: ['login'] } } },
            },
            {
              from: { element: { type: 'feature' } },
              allow: {
                to: {
                  element: { type: 'feature', captured: { feature: '{{ from.element.captured.feature }}' } },
                },
              },
            },
          ],
        },
      ],
    },
  },
  {
    // SQL only in repositories (docs/ARCHITECTURE.md, "Import rules"): outside a *.repository.ts file, server code
    // imports no drizzle-orm value (sql``, eq, and, ...) and no table of db/schema (types are fine), and calls no
    // query builder on a database handle (db, tx, ctx.db ...). A service asks its module's repository.
    files: ['apps/server/src/**/*.ts'],
    plugins: { hivescope: { rules: { 'no-query-outside-repository': noQueryOutsideRepository } } },
    ignores: [
      'apps/server/src/**/*.repository.ts',
      'apps/server/src/**/*.test.ts',
      'apps/server/src/**/*.fixtures.ts',
      'apps/server/src/db/**',
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['drizzle-orm', 'drizzle-orm/*'],
              allowTypeImports: true,
              message: 'SQL lives in *.repository.ts files; call the module repository instead.',
            },
            {
              regex: '(^|/)db/schema(/|$)',
              allowTypeImports: true,
              message: 'Tables are queried in *.repository.ts files only (a type import is fine).',
            },
          ],
        },
      ],
      'hivescope/no-query-outside-repository': 'error',
    },
  },
  { files: ['scripts/**/*.mjs', '*.cjs'], languageOptions: { globals: globals.node } },
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // One source per list: the alarm types are the contract's (WEIGHT_ALARM_TYPES, DEVICE_ALARM_TYPES,
    // NOTIFICATION_TYPES, DEFAULT_NOTIFICATION_TYPES), the status field of each device series is STATUS_FIELD_OF
    // (measurements/ranges.ts). A literal copy in app code is an error; tests keep their own expected values.
    files: ['apps/*/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', 'apps/server/src/modules/measurements/ranges.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "ArrayExpression:has(> Literal[value='swarm']):has(> Literal[value=/^(disturbance|removed|activity)$/])",
          message:
            'A copy of a list of alarm types: import WEIGHT_ALARM_TYPES, NOTIFICATION_TYPES or DEFAULT_NOTIFICATION_TYPES from @hivescope/contract.',
        },
        {
          selector:
            'Property[key.name=/^(chipTemperature|batteryVoltage|networkQuality)$/] > Literal[value=/^(temperature|voltage|signal)(Avg)?$/]',
          message:
            "A copy of the device series' status fields: import STATUS_FIELD_OF from measurements/ranges.ts.",
        },
      ],
    },
  },
);
