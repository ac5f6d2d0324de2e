import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from './lib/chromium';
import { newContext, sql } from './lib/app';
import { activeUser, adminWithProfile } from './lib/users';
import { createControllerViaApi, loginViaApi, registerControllerViaApi } from './lib/controllers';
import { ADMIN } from './global-setup';
import { expectVisible } from './lib/expect';

const square = (minLng: number, minLat: number, maxLng: number, maxLat: number) =>
  JSON.stringify({
    type: 'Polygon',
    coordinates: [
      [
        [minLng, minLat],
        [maxLng, minLat],
        [maxLng, maxLat],
        [minLng, maxLat],
        [minLng, minLat],
      ],
    ],
  });

/**
 * Regions in a real browser (docs/regions.md): a beekeeper's own regions in Settings → Regions (create by
 * paste and by upload, the geojson messages, edit, delete with confirmation, the map with the own
 * controller), and the admin's global regions at /a/regions with the Swiss cantons import and its source.
 */
describe('regions', () => {
  let browser: Browser;
  const owner = { email: '', password: '' };
  const contexts: BrowserContext[] = [];

  async function pageAs(email: string, password: string, path: string): Promise<Page> {
    const context = await newContext(browser);
    contexts.push(context);
    await loginViaApi(context.request, email, password);
    const page = await context.newPage();
    await page.goto(path);
    return page;
  }

  beforeAll(async () => {
    browser = await launchBrowser();
    await adminWithProfile(ADMIN.email);
    Object.assign(owner, await activeUser());
    const admin = await newContext(browser, 'en-US', null);
    await loginViaApi(admin.request, ADMIN.email, ADMIN.password);
    // created at Bern (46.95, 7.45)
    const device = await createControllerViaApi(admin.request, 'Stand Bern');
    await admin.close();
    const ownerContext = await newContext(browser, 'en-US', null);
    await loginViaApi(ownerContext.request, owner.email, owner.password);
    await registerControllerViaApi(ownerContext.request, device, ['Volk Aare']);
    await ownerContext.close();
  });
  afterAll(async () => {
    for (const c of contexts) await c.close();
    await browser.close();
  });

  const rows = (page: Page) => page.getByTestId('regions-table').getByTestId('region-row');
  const ownRow = (page: Page, name: string) => rows(page).filter({ hasText: name });

  it('Settings → Regions: refuses bad geojson, creates by paste, shows usage and the map', async () => {
    const page = await pageAs(owner.email, owner.password, '/settings?tab=regions');
    await expectVisible(page.getByTestId('settings-tab-regions'), 'the regions tab');
    await page.getByTestId('region-add').click();
    await page.getByTestId('region-name').fill('Aaretal');
    const geojson = page.getByTestId('region-geojson');
    await geojson.fill('{"type": "Polygon", ');
    await page.getByTestId('region-save').click();
    await expectVisible(page.getByText('Region geojson must be valid JSON'), 'the invalid-JSON message');
    await geojson.fill('{"type":"Point","coordinates":[7.4,46.9]}');
    await page.getByTestId('region-save').click();
    await expectVisible(
      page.getByText('The GeoJSON must be a Polygon or MultiPolygon.'),
      'the polygon message',
    );
    // the server's own check: a self-intersecting ring passes the form but not the server
    await geojson.fill(
      JSON.stringify({
        type: 'Polygon',
        coordinates: [
          [
            [7, 46],
            [8, 47],
            [8, 46],
            [7, 47],
            [7, 46],
          ],
        ],
      }),
    );
    await page.getByTestId('region-save').click();
    await expectVisible(page.getByText('The polygon intersects itself.'), 'the self-intersection message');

    await geojson.fill(square(7.3, 46.9, 7.6, 47.0));
    await page.getByTestId('region-priority').fill('5');
    await page.getByTestId('region-from').fill('08:00');
    await page.getByTestId('region-to').fill('18:00');
    await page.getByTestId('region-offset').fill('2');
    await page.getByTestId('region-save').click();
    await expectVisible(ownRow(page, 'Aaretal'), 'the new region in the list');
    const row = ownRow(page, 'Aaretal');
    expect(await row.textContent()).toContain('08:00–18:00 (UTC+2)');
    expect(await row.getByTestId('region-usage').textContent()).toBe(
      'Primary for 1, secondary for 0 of your controllers',
    );
    const map = page.getByTestId('regions-map');
    expect(Number(await map.getAttribute('data-regions'))).toBeGreaterThanOrEqual(1);
    expect(await map.getAttribute('data-points')).toBe('1');
    // Leaflet draws the shapes in an effect after the render that set the counts above
    await expect.poll(() => map.locator('path.leaflet-interactive').count()).toBeGreaterThanOrEqual(2);
  });

  it('Settings → Regions: edits by upload, then deletes after confirming', async () => {
    const page = await pageAs(owner.email, owner.password, '/settings?tab=regions');
    const row = ownRow(page, 'Aaretal');
    await expectVisible(row, 'the region');
    await row.getByTestId('region-edit').click();
    await page.getByTestId('region-name').fill('Aaretal gross');
    await page.locator('input[type="file"]').setInputFiles({
      name: 'aaretal.geojson',
      mimeType: 'application/geo+json',
      buffer: Buffer.from(
        JSON.stringify({ type: 'Feature', properties: {}, geometry: JSON.parse(square(7, 46.5, 8, 47.2)) }),
      ),
    });
    await expect.poll(() => page.getByTestId('region-geojson').inputValue()).toContain('"Feature"');
    await page.getByTestId('region-save').click();
    await expectVisible(ownRow(page, 'Aaretal gross'), 'the renamed region');
    const [stored] = await sql<{ max_lng: number }>(
      `SELECT max_lng FROM regions r JOIN users u ON u.id = r.owner_id WHERE u.email = $1`,
      [owner.email],
    );
    expect(stored?.max_lng).toBe(8);

    await ownRow(page, 'Aaretal gross').getByTestId('region-delete').click();
    await page.getByTestId('region-delete-confirm-cancel').click();
    expect(await ownRow(page, 'Aaretal gross').count()).toBe(1);
    await ownRow(page, 'Aaretal gross').getByTestId('region-delete').click();
    await page.getByTestId('region-delete-confirm-confirm').click();
    await expect.poll(() => ownRow(page, 'Aaretal gross').count()).toBe(0);
  });

  it('/a/regions: the admin imports the Swiss cantons (source named); users see them read-only', async () => {
    const page = await pageAs(ADMIN.email, ADMIN.password, '/a/regions');
    expect(await page.getByTestId('cantons-attribution').textContent()).toContain(
      'Source: Federal Office of Topography swisstopo',
    );
    await page.getByTestId('import-cantons').click();
    await expectVisible(page.getByText(/\d+ cantons imported, \d+ updated\./), 'the import message');
    await expectVisible(rows(page).filter({ hasText: 'Zürich' }), 'Zürich in the list');
    expect(await rows(page).filter({ hasText: 'Global' }).count()).toBeGreaterThanOrEqual(26);
    // a second import changes nothing
    await page.getByTestId('import-cantons').click();
    await expectVisible(page.getByText('0 cantons imported, 26 updated.'), 'the idempotent import');

    const user = await pageAs(owner.email, owner.password, '/settings?tab=regions');
    const bern = rows(user).filter({ has: user.getByText('Bern', { exact: true }) });
    await expectVisible(bern, 'the canton Bern for the user');
    expect(await bern.textContent()).toContain('read-only');
    expect(await bern.getByTestId('region-edit').count()).toBe(0);
    // the region-assign job places the controller in Bern (it runs after the import, so wait for it)
    await expect
      .poll(
        async () => {
          await user.reload();
          await bern.waitFor();
          return bern
            .getByTestId('region-usage')
            .textContent({ timeout: 1000 })
            .catch(() => '');
        },
        { timeout: 20_000 },
      )
      .toContain('Primary for 1');
  });

  it('Settings → Regions: draws a region on the map (Leaflet-Geoman) and saves it', async () => {
    const page = await pageAs(owner.email, owner.password, '/settings?tab=regions');
    await page.getByTestId('region-add').click();
    await page.getByTestId('region-name').fill('Gezeichnet');
    await page.getByTestId('region-draw').click();
    const map = page.getByTestId('region-draw-map');
    await map.scrollIntoViewIfNeeded();
    const box = await map.boundingBox();
    if (!box) throw new Error('the drawing map has no box');
    const corners: [number, number][] = [
      [60, 60],
      [220, 70],
      [200, 180],
      [60, 60],
    ];
    for (const [x, y] of corners) {
      await page.mouse.click(box.x + x, box.y + y);
      await page.waitForTimeout(150);
    }
    await expect.poll(() => page.getByTestId('region-geojson').inputValue()).toContain('"Polygon"');
    const drawn = JSON.parse(await page.getByTestId('region-geojson').inputValue());
    expect(drawn.coordinates[0].length).toBe(4);
    await page.getByTestId('region-save').click();
    await expectVisible(ownRow(page, 'Gezeichnet'), 'the drawn region in the list');
  });

  it('/a/regions is not there for a user (404 text)', async () => {
    const page = await pageAs(owner.email, owner.password, '/a/regions');
    await expectVisible(page.getByTestId('not-found'), 'the not-found text');
  });
});
