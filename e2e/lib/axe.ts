import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, ImpactValue, RunOptions } from 'axe-core';
import type { Page } from 'playwright-core';
import { settle } from './settle';

/** axe-core's own bundle, injected into the page (no network; the context bypasses the app's CSP). */
const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Everything axe runs by default (WCAG 2.x A/AA and best practices) plus the experimental check that an
 * accessible name contains the visible label (WCAG 2.5.3), which the issue named.
 */
const OPTIONS: RunOptions = {
  resultTypes: ['violations'],
  rules: { 'label-content-name-mismatch': { enabled: true } },
};

export type Violation = {
  id: string;
  impact: ImpactValue | null;
  help: string;
  targets: string[];
  /** axe's explanation per node (e.g. the measured contrast), for the report. */
  details: string[];
};

/** Runs axe on the whole document and returns its violations (one entry per rule, with the nodes hit). */
export async function scan(page: Page): Promise<Violation[]> {
  await settle(page);
  // The page's globals, typed here because the e2e code is compiled without the DOM library.
  type PageGlobals = { document: unknown; axe: { run: (c: unknown, o: RunOptions) => Promise<AxeResults> } };
  const loaded = await page.evaluate(() => 'axe' in globalThis);
  if (!loaded) await page.addScriptTag({ content: AXE_SOURCE });
  const results = await page.evaluate(async (options) => {
    const { axe, document } = globalThis as unknown as PageGlobals;
    return axe.run(document, options);
  }, OPTIONS);
  return results.violations.map((v) => ({
    id: v.id,
    impact: v.impact ?? null,
    help: v.help,
    targets: v.nodes.map((n) => n.target.join(' ')),
    details: v.nodes.map((n) => n.failureSummary ?? ''),
  }));
}

/** Node counts per impact, for the summary the test prints. */
export function countByImpact(violations: Violation[]): Record<string, number> {
  const counts: Record<string, number> = { critical: 0, serious: 0, moderate: 0, minor: 0 };
  for (const v of violations)
    counts[v.impact ?? 'minor'] = (counts[v.impact ?? 'minor'] ?? 0) + v.targets.length;
  return counts;
}
