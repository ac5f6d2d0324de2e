import type { Page } from 'playwright-core';

export type LayoutProblem = { text: string; why: string; detail: string };
export type LayoutReport = { checked: number; problems: LayoutProblem[] };

/**
 * Runs in the page: every visible element under `root` that holds text of its own is checked for
 * - cut-off text: wider content than box (scrollWidth > clientWidth) in a box that hides its overflow
 *   (ellipsis, `overflow: hidden`) — how a badge turns into "A.";
 * - text outside the window (left or right) that no horizontally scrollable container lets one reach;
 * and the page itself must not scroll sideways. Elements of 2 px or less (visually hidden texts) are skipped.
 * A string, so that the test's compiler cannot add helpers the browser does not know.
 */
const CHECK = `(rootSelector) => {
  const problems = [];
  const width = document.documentElement.clientWidth;
  const ownText = (el) =>
    Array.from(el.childNodes).some((n) => n.nodeType === 3 && n.textContent.trim() !== '');
  const reachable = (el) => {
    for (let p = el.parentElement; p; p = p.parentElement) {
      const s = getComputedStyle(p);
      if (/(auto|scroll)/.test(s.overflowX) && p.scrollWidth > p.clientWidth) return true;
    }
    return false;
  };
  let checked = 0;
  for (const root of document.querySelectorAll(rootSelector)) {
    for (const el of [root, ...root.querySelectorAll('*')]) {
      if (!ownText(el)) continue;
      const box = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      if (box.width <= 2 || box.height <= 2 || style.visibility === 'hidden') continue;
      checked += 1;
      const text = el.textContent.trim().slice(0, 80);
      const hides = style.overflowX !== 'visible' || style.textOverflow === 'ellipsis';
      if (style.display !== 'inline' && hides && el.scrollWidth > el.clientWidth + 1) {
        problems.push({ text, why: 'cut off', detail: el.scrollWidth + ' > ' + el.clientWidth + ' px' });
      } else if ((box.right > width + 1 || box.left < -1) && !reachable(el)) {
        problems.push({ text, why: 'off-screen', detail: Math.round(box.left) + '..' + Math.round(box.right) + ' of ' + width });
      }
    }
  }
  const page = document.documentElement.scrollWidth;
  if (page > width + 1) problems.push({ text: '(page)', why: 'scrolls sideways', detail: page + ' > ' + width + ' px' });
  return { checked, problems };
}`;

/** The layout problems of the text under `rootSelector` (see CHECK). */
export async function layoutProblems(page: Page, rootSelector: string): Promise<LayoutReport> {
  return page.evaluate(`(${CHECK})(${JSON.stringify(rootSelector)})`) as Promise<LayoutReport>;
}

/** Is the element's text cut off (wider than its box)? For a named element, e.g. one badge. */
export async function isCutOff(page: Page, selector: string): Promise<boolean> {
  return page.evaluate(
    `(() => { const el = document.querySelector(${JSON.stringify(selector)});
      if (!el) throw new Error('not found: ' + ${JSON.stringify(selector)});
      return [el, ...el.querySelectorAll('*')].some((e) => e.scrollWidth > e.clientWidth + 1); })()`,
  ) as Promise<boolean>;
}

export const VIEWPORTS = {
  desktop: { width: 1280, height: 900 },
  phone: { width: 390, height: 844 },
} as const;
