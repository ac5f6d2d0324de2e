import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from './lib/chromium';
import { newContext } from './lib/app';
import { activeUser, adminWithProfile } from './lib/users';
import { createControllerViaApi, loginViaApi, registerControllerViaApi } from './lib/controllers';
import { ADMIN } from './global-setup';
import { expectVisible } from './lib/expect';

/**
 * The e2e server runs with MAP_TILE_URL pointing at a local port nobody listens on (e2e/global-setup.ts):
 * the way an offline site sees its tile server. The map must say so, still draw its marker, and not flood
 * the console with failed tile requests.
 */
describe('maps without reachable tiles', () => {
  let browser: Browser;
  const owner = { email: '', password: '' };
  let controllerId = 0;
  const tileUrl = inject('mapTileUrl');
  const tileOrigin = new URL(tileUrl.replace('{s}.', 'a.')).origin;

  beforeAll(async () => {
    browser = await launchBrowser();
    await adminWithProfile(ADMIN.email);
    Object.assign(owner, await activeUser());
    const context = await newContext(browser, 'en-US', null);
    await loginViaApi(context.request, ADMIN.email, ADMIN.password);
    const device = await createControllerViaApi(context.request, 'Bienenhaus Offline');
    controllerId = device.id;
    await context.close();
    const ownerContext = await newContext(browser, 'en-US', null);
    await loginViaApi(ownerContext.request, owner.email, owner.password);
    await registerControllerViaApi(ownerContext.request, device, ['Volk Linde']);
    await ownerContext.close();
  });
  afterAll(() => browser.close());

  async function openControllerMap(lang: string) {
    const context = await newContext(browser, 'en-US', lang);
    await loginViaApi(context.request, owner.email, owner.password);
    const page = await context.newPage();
    const tileRequests: string[] = [];
    const consoleErrors: string[] = [];
    page.on('request', (request) => request.url().startsWith(tileOrigin) && tileRequests.push(request.url()));
    page.on('console', (message) => message.type() === 'error' && consoleErrors.push(message.text()));
    await page.goto(`/settings?tab=controllers&controller=${controllerId}&section=general`);
    return { context, page, tileRequests, consoleErrors };
  }

  const map = (page: Page) => page.getByTestId('controller-map');

  it('the configured MAP_TILE_URL reaches the web app and is the tile host the CSP allows', async () => {
    const context = await newContext(browser, 'en-US', null);
    const response = await context.request.get('/api/app/config');
    expect((await response.json()).mapTileUrl).toBe(tileUrl);
    expect(response.headers()['content-security-policy']).toContain(
      `img-src 'self' data: blob: ${tileOrigin}`,
    );
    await context.close();
  });

  it('shows "map tiles unavailable", still draws the marker, and asks the tile server only once', async () => {
    const { context, page, tileRequests, consoleErrors } = await openControllerMap('en');
    await expectVisible(map(page).getByTestId('map-tiles-unavailable'), 'the tiles-unavailable notice');
    expect(await map(page).getByTestId('map-tiles-unavailable').textContent()).toContain(
      'Map tiles unavailable',
    );
    // the controller's location is still drawn (a vector marker needs no tiles; Leaflet adds it in an effect)
    await expect.poll(() => map(page).locator('path.location-marker').count()).toBe(1);
    expect(await map(page).locator('img.leaflet-tile').count()).toBe(0);
    // the map tried the configured tile server …
    expect(tileRequests.length, 'requests to the configured tile server').toBeGreaterThanOrEqual(1);
    // … and gave up at once: moving the map asks no more, and the console is not flooded
    await map(page).locator('.leaflet-control-zoom-in').click();
    await map(page).locator('.leaflet-control-zoom-in').click();
    await page.waitForTimeout(1000);
    expect(tileRequests.length, 'requests to the tile server after zooming').toBeLessThanOrEqual(1);
    expect(consoleErrors.length, `console errors: ${consoleErrors.join(' | ')}`).toBeLessThanOrEqual(1);
    await context.close();
  });

  it('says so in the user’s language (German)', async () => {
    const { context, page } = await openControllerMap('de');
    await expectVisible(map(page).getByTestId('map-tiles-unavailable'), 'the German notice');
    expect(await map(page).getByTestId('map-tiles-unavailable').textContent()).toContain(
      'Kartenkacheln nicht verfügbar',
    );
    await expect.poll(() => map(page).locator('path.location-marker').count()).toBe(1);
    await context.close();
  });
});
