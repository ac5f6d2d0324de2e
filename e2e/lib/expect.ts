import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';

/**
 * Assertions for what a screen must show. A bare `locator.waitFor()` as the check of a test fails only by a
 * timeout; these fail as an assertion that names what was expected.
 */
export async function expectVisible(locator: Locator, what: string, timeout = 15_000): Promise<void> {
  await expect.poll(() => locator.isVisible(), { message: `${what} should be visible`, timeout }).toBe(true);
}

/** The page's URL comes to match `pattern` (e.g. a redirect after a 401). */
export async function expectUrl(page: Page, pattern: RegExp, timeout = 15_000): Promise<void> {
  await expect
    .poll(() => page.url(), { message: `the URL should match ${pattern}`, timeout })
    .toMatch(pattern);
}
