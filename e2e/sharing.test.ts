import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { SHARE_REFRESH_MS } from '@hivescope/contract';
import { launchBrowser } from './lib/chromium';
import { baseUrl, newContext, sql } from './lib/app';
import { expectVisible } from './lib/expect';
import { ownerWithReportingHives } from './lib/hives';

/**
 * Shares (docs/shares.md) in a real browser: created in Settings → Sharing and from the timeline's share
 * button, opened in a second browser context without a session (read-only chart of only the shared scales),
 * a live feed reloading by itself, a deleted share showing the share-unavailable page, and an iframe embed on
 * a page of another origin (only /shared/* may be framed).
 */
describe('sharing: create, open without a session, live refresh, delete, embed', () => {
  let browser: Browser;
  let owner: BrowserContext;
  let viewer: BrowserContext;
  let linde = 0;
  let raps = 0;
  let controllerId = 0;
  let embedServer: http.Server;

  /** Path and query of a share link (the server's PUBLIC_URL may name another host than the test's). */
  const pathOf = (url: string) => {
    const u = new URL(url);
    return `${u.pathname}${u.search}`;
  };

  async function createInSettings(page: Page, opts: { days: number; description: string }) {
    await page.goto('/settings?tab=sharing');
    await page.getByTestId('share-new').click();
    await page.getByTestId('share-submit').click();
    // no scale chosen: the form says so and sends nothing
    await expectVisible(page.getByText('Please select some scales first'), 'the no-scale message');
    await page.getByTestId('share-scales').click();
    await page.getByRole('option', { name: 'Volk Linde' }).click();
    await page.keyboard.press('Escape');
    await page.getByTestId('share-type').getByText('Live feed').click();
    await page.getByTestId('share-days').fill(String(opts.days));
    await page.getByTestId('share-description').fill(opts.description);
    await page.getByTestId('share-submit').click();
    await expectVisible(page.getByTestId('share-result'), 'the new link');
    const snippet = (await page.getByTestId('share-iframe').textContent()) ?? '';
    const url = (await page.getByTestId('share-url').textContent()) ?? '';
    expect(snippet).toContain(`<iframe src="${url}"`);
    expect(url).toMatch(/\/shared\/livefeed\?token=[A-Za-z0-9_-]{43}$/);
    await page.getByTestId('share-form-close').click();
    return url;
  }

  beforeAll(async () => {
    browser = await launchBrowser();
    ({
      context: owner,
      linde,
      raps,
      controllerId,
    } = await ownerWithReportingHives(browser, 'Bienenstand Teilen'));
    viewer = await newContext(browser);
    embedServer = http.createServer((req, res) => {
      const src = new URL(req.url ?? '/', 'http://x').searchParams.get('src') ?? '';
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(
        `<!doctype html><html lang="en"><title>Imkerverein</title><h1>Our hive</h1>` +
          `<iframe id="embed" src="${src.replace(/"/g, '&quot;')}" width="900" height="600"></iframe></html>`,
      );
    });
    await new Promise<void>((resolve) => embedServer.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    await browser.close();
    await new Promise((resolve) => embedServer.close(resolve));
  });

  it('a live feed made in Settings opens without a session: only the shared scale, reloading every few minutes', async () => {
    const page = await owner.newPage();
    const url = await createInSettings(page, { days: 3, description: 'Live am Waldrand' });
    const row = page.locator('[data-testid^="share-row-"]', { hasText: 'Live am Waldrand' });
    await expectVisible(row, 'the share in the list');
    await expect.poll(() => row.textContent()).toContain('Last 3 days');
    await expect.poll(() => row.textContent()).toContain('Embed (iframe)');

    const shared = await viewer.newPage();
    await shared.clock.install();
    const series = shared.waitForResponse((r) => r.url().includes('/api/series?'));
    await shared.goto(pathOf(url));
    const first = await series;
    expect(first.status()).toBe(200);
    expect(first.request().headers()['x-share-token']).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const body = (await first.json()) as { xmin: number; xmax: number; series: { id: number }[] };
    expect(body.xmax - body.xmin).toBe(3 * 86_400);
    expect(body.series.length).toBeGreaterThan(0);
    expect(body.series.every((s) => s.id === linde || s.id === controllerId)).toBe(true);
    await expectVisible(shared.getByTestId('shared-chart'), 'the shared chart');
    await expect.poll(() => shared.getByTestId('page-title').textContent()).toBe('Live am Waldrand');
    // the public layout: no navbar, no login, nothing to edit
    expect(await shared.getByTestId('public-layout').count()).toBe(1);
    expect(await shared.locator('nav').count()).toBe(0);
    expect(await shared.getByText('Volk Raps').count()).toBe(0);
    expect(await shared.getByText('Add').count()).toBe(0);

    // the live feed reloads by itself
    const again = shared.waitForResponse((r) => r.url().includes('/api/series?'));
    await shared.clock.fastForward(SHARE_REFRESH_MS + 1000);
    expect((await again).status()).toBe(200);
    expect(raps).toBeGreaterThan(0);
  });

  it('the timeline’s share button opens the form prefilled with the shown scales and range; a fixed share opens on /shared/timeline', async () => {
    const page = await owner.newPage();
    const xmax = Math.floor(Date.now() / 1000);
    const xmin = xmax - 2 * 86_400;
    await page.goto(`/timeline?series=s${raps}.weight&expanded=${controllerId}&xmin=${xmin}&xmax=${xmax}`);
    await page.getByTestId('timeline-share').click();
    await expectVisible(page.getByTestId('share-submit'), 'the prefilled create form');
    expect(new URL(page.url()).searchParams.get('scales')).toBe(String(raps));
    await expectVisible(page.getByText('Volk Raps').first(), 'the shown scale chosen');
    await page.getByTestId('share-kind').getByText('Direct link').click();
    await page.getByTestId('share-description').fill('Raps zwei Tage');
    await page.getByTestId('share-submit').click();
    await expectVisible(page.getByTestId('share-result'), 'the new link');
    expect(await page.getByTestId('share-iframe').count()).toBe(0);
    const url = (await page.getByTestId('share-url').textContent()) ?? '';
    expect(url).toContain('/shared/timeline?token=');

    const shared = await viewer.newPage();
    const series = shared.waitForResponse((r) => r.url().includes('/api/series?'));
    await shared.goto(pathOf(url));
    const body = (await (await series).json()) as { xmin: number; xmax: number; series: { id: number }[] };
    expect(body.series.map((s) => s.id)).toEqual([raps]);
    expect(body.xmax - body.xmin).toBeGreaterThanOrEqual(2 * 86_400);
    await expectVisible(shared.getByTestId('shared-chart'), 'the shared chart');
    await expect
      .poll(() => shared.getByTestId('time-chart').locator('.u-legend').textContent())
      .toContain('Volk Raps · Weight');
  });

  it('the list pages 50 shares at a time, searches, filters by type and sorts on the server', async () => {
    // 55 fixed time frames of Volk Linde, made a day ago and a minute apart ("Stapel 01" the newest)
    await sql(
      `INSERT INTO shares (owner_id, token_hash, type, kind, description, scale_ids, series, range_from, range_to,
                           created_at)
       SELECT c.owner_id, md5('stapel' || g || random()) || md5(g::text || random()), 'fixed', 'link',
              'Stapel ' || lpad(g::text, 2, '0'), ARRAY[s.id], ARRAY['weight'], now() - interval '3 days',
              now() - interval '2 days', now() - interval '1 day' - g * interval '1 minute'
       FROM scales s JOIN controllers c ON c.id = s.controller_id, generate_series(1, 55) g
       WHERE s.id = $1`,
      [linde],
    );
    const page = await owner.newPage();
    await page.goto('/settings?tab=sharing');
    const rows = page.locator('[data-testid^="share-row-"]');
    const description = (i: number) => rows.nth(i).locator('td').nth(1).textContent();
    const searched = page.waitForResponse(
      (r) => /\/api\/share\?/.test(r.url()) && r.url().includes('q=Stapel'),
    );
    await page.getByTestId('shares-filter').fill('Stapel');
    expect((await searched).status()).toBe(200);
    await expect.poll(() => rows.count()).toBe(50);
    await expect.poll(() => description(0)).toBe('Stapel 01');
    expect(await page.getByTestId('shares-count').getAttribute('data-count')).toBe('50');
    await page.getByTestId('shares-more').click();
    await expect.poll(() => rows.count()).toBe(55);
    expect(await page.getByTestId('shares-more').count()).toBe(0);

    // a header click sorts by the description on the server (the loaded rows stay until its first page
    // arrives, and "Stapel 01" leads both orders: wait for the answer), a second one reverses it
    const sorted = page.waitForResponse(
      (r) => /\/api\/share\?/.test(r.url()) && r.url().includes('sort=description'),
    );
    await page.getByTestId('shares-sort-description').click();
    expect(new URL((await sorted).url()).searchParams.get('order')).toBe('asc');
    await expect.poll(() => rows.count()).toBe(50);
    expect(await description(0)).toBe('Stapel 01');
    await page.getByTestId('shares-sort-description').click();
    await expect.poll(() => description(0)).toBe('Stapel 55');

    // the scales' names are searched too; every word must match
    await page.getByTestId('shares-filter').fill('linde stapel 3');
    // "3" in 03, 13, 23, 30–39, 43, 53 (15 of them); "linde" only in the scale's name
    await expect.poll(() => rows.count()).toBe(15);
    expect(await description(0)).toBe('Stapel 53');
    await page.getByTestId('shares-type').click();
    await page.getByRole('option', { name: 'Live feed' }).click();
    await expectVisible(page.getByTestId('shares-empty'), 'no live feed among them');
  });

  it('a deleted share shows the share-unavailable page', async () => {
    const page = await owner.newPage();
    const url = await createInSettings(page, { days: 1, description: 'Bald gelöscht' });
    const shared = await viewer.newPage();
    await shared.goto(pathOf(url));
    await expectVisible(shared.getByTestId('shared-chart'), 'the share before deletion');

    const row = page.locator('[data-testid^="share-row-"]', { hasText: 'Bald gelöscht' });
    await row.locator('[data-testid^="share-delete-"]').click();
    await page.getByTestId('share-delete-confirm-confirm').click();
    await expect.poll(() => row.count()).toBe(0);

    await shared.reload();
    await expectVisible(shared.getByTestId('share-unavailable'), 'the share-unavailable page');
    await expect
      .poll(() => shared.getByTestId('share-unavailable').textContent())
      .toContain('The share might have been removed or misconfigured');
  });

  it('a page of another origin embeds a share in an iframe; other screens refuse to be framed', async () => {
    const page = await owner.newPage();
    const url = await createInSettings(page, { days: 2, description: 'Eingebettet' });
    const embed = `http://127.0.0.1:${(embedServer.address() as AddressInfo).port}`;
    expect(new URL(embed).origin).not.toBe(new URL(baseUrl()).origin);

    const host = await viewer.newPage();
    await host.goto(`${embed}/?src=${encodeURIComponent(baseUrl() + pathOf(url))}`);
    const frame = host.frameLocator('#embed');
    await expectVisible(frame.getByTestId('shared-chart'), 'the shared chart inside the iframe');

    // the headers behind it: /shared/* may be framed by anyone, every other page by nobody
    const sharedPage = await viewer.request.get(pathOf(url));
    expect(sharedPage.headers()['content-security-policy']).toContain('frame-ancestors *');
    expect(sharedPage.headers()['x-frame-options']).toBeUndefined();
    for (const path of ['/dashboard', '/settings', '/timeline', '/']) {
      const other = await viewer.request.get(path);
      expect(other.headers()['x-frame-options']).toBe('DENY');
      expect(other.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    }
    // and the browser enforces it: a framed /settings never loads the app
    const refused = await viewer.newPage();
    await refused.goto(`${embed}/?src=${encodeURIComponent(`${baseUrl()}/settings`)}`);
    await refused.waitForTimeout(1500);
    const framed = refused.frames().find((f) => f !== refused.mainFrame());
    expect(framed).toBeDefined();
    // Chromium replaces a refused frame by its error page: the app never loads in it
    expect(framed!.url()).not.toContain('/settings');
    expect(await framed!.getByTestId('page-title').count()).toBe(0);
  });
});
