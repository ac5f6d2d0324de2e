/**
 * Import rules checked by `npm run check` (see docs/ARCHITECTURE.md, "Import rules").
 * Web feature boundaries are enforced by eslint (eslint.config.js); this file guards against import cycles
 * and against server modules reading each other's repositories.
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import cycle: move the shared piece into context.ts, db/, http/ or lib/.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-foreign-repository',
      severity: 'error',
      comment:
        "A module reads another module's data through that module's service, never its repository " +
        '(docs/ARCHITECTURE.md, "Import rules"). users.repository is the shared account record; the listed ' +
        'files are older exceptions to move behind a service, not a pattern to copy.',
      from: {
        path: '^apps/server/src/modules/([^/]+)/',
        pathNot: [
          '\\.test\\.ts$',
          '\\.fixtures\\.ts$',
          '^apps/server/src/modules/controller-registration/controller-registration\\.service\\.ts$',
          '^apps/server/src/modules/admin-controllers/admin-controllers\\.(service|repository)\\.ts$',
          '^apps/server/src/modules/watches/watches\\.service\\.ts$',
          '^apps/server/src/modules/registration/registration\\.service\\.ts$',
        ],
      },
      to: {
        // a repository at any depth of a module (modules/shop/payment/, modules/alarms/send/ ...)
        path: '^apps/server/src/modules/[^/]+/.+\\.repository\\.ts$',
        pathNot: ['^apps/server/src/modules/$1/', '^apps/server/src/modules/users/users\\.repository\\.ts$'],
      },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    exclude: { path: '(^|/)(node_modules|dist)/' },
  },
};
