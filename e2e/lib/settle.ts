import type { Page } from 'playwright-core';

/** What the page answers, as far as `settle` reads it (the e2e code is compiled without the DOM library). */
type Running = { playState: string; effect: { getComputedTiming(): { endTime?: number | string } } | null };
type Globals = {
  document: {
    getAnimations(): Running[];
    documentElement: { hasAttribute(name: string): boolean };
    querySelector(selector: string): unknown;
  };
  hivescopeIdleSince?: number | null;
};

/** How long the page must have been quiet before it counts as settled (a transition or a fetch may start a frame late). */
const QUIET_MS = 150;
/** A loader the screen shows while its module, texts or session check load. */
const LOADERS = '.mantine-Loader-root, [data-testid="checking-login"]';

/**
 * Waits (at most 10 s) until the page has been quiet for QUIET_MS: nothing fetched or saved (the app marks
 * `<html data-busy>` meanwhile), no loader shown and no finite CSS animation or transition running. A dialog
 * fading in has its colours half-way, and axe once measured a contrast there that nobody sees once it is shown
 * (docs/operations.md "Tests"). Endless animations are not waited for. Past the limit the caller goes on as it
 * would have: a screen that keeps a loader is, say, scanned with it.
 */
export async function settle(page: Page): Promise<void> {
  const quiet = ({ ms, loaders }: { ms: number; loaders: string }) => {
    const g = globalThis as unknown as Globals;
    const busy =
      g.document.documentElement.hasAttribute('data-busy') ||
      g.document.querySelector(loaders) !== null ||
      g.document
        .getAnimations()
        .some(
          (a) => a.playState === 'running' && Number.isFinite(Number(a.effect?.getComputedTiming().endTime)),
        );
    if (busy) g.hivescopeIdleSince = null;
    else g.hivescopeIdleSince ??= Date.now();
    return !busy && Date.now() - g.hivescopeIdleSince! >= ms;
  };
  await page.evaluate(() => {
    (globalThis as unknown as Globals).hivescopeIdleSince = null;
  });
  await page
    .waitForFunction(quiet, { ms: QUIET_MS, loaders: LOADERS }, { timeout: 10_000, polling: 50 })
    .catch(() => undefined);
}
