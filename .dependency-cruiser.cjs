/**
 * Import rules checked by `npm run check` (see docs/ARCHITECTURE.md, "Import rules").
 * Web feature boundaries are enforced by eslint (eslint.config.js); this file guards against import cycles.
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
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    exclude: { path: '(^|/)(node_modules|dist)/' },
  },
};
