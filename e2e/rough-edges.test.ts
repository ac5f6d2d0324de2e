import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './lib/chromium';
import { loggedInPage, newContext, sql } from './lib/app';
import { loginViaApi } from './lib/controllers';
import { digits15 } from './lib/device';
import { expectVisible } from './lib/expect';
import { activeUser, adminWithProfile, makeManager } from './lib/users';
import { ADMIN } from './global-setup';

const tag = crypto.randomBytes(3).toString('hex');

/** A controller of an affiliation written straight into the database (the admin map only reads it). */
async function seedStand(name: string, affiliationId: number, location: { lat: number; lng: number } | null) {
  await sql(
    `INSERT INTO controllers (name, imsi, lat, lng, last_update, subscription_end, device_token_hash,
       affiliation_id, update_interval)
     VALUES ($1, $2, $3, $4, now(), now() + interval '300 days', $5, $6, 3)`,
    [
      name,
      digits15('22898'),
      location?.lat ?? null,
      location?.lng ?? null,
      crypto.randomBytes(32).toString('hex'),
      affiliationId,
    ],
  );
}

describe('rough edges a new user hits (issue 30, items 5-7)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
    await adminWithProfile(ADMIN.email);
  });
  afterAll(() => browser.close());

  it('Settings → User management is the real list: every user for an admin, the affiliation for a manager', async () => {
    const manager = await activeUser();
    const colleague = await activeUser();
    const stranger = await activeUser();
    const affiliation = await makeManager(manager.userId, `Inspektorat ${Date.now()}`);
    await sql('UPDATE users SET affiliation_id = $2 WHERE id = $1', [colleague.userId, affiliation]);

    const { page: admin } = await loggedInPage(browser, ADMIN);
    await admin.goto('/settings?tab=users');
    const tab = admin.getByTestId('settings-tab-users');
    await expectVisible(tab.getByTestId('users-table'), "the admin's user list in the tab");
    await tab.getByTestId('users-filter').fill(stranger.email);
    await expect.poll(() => tab.getByTestId('users-table').locator('tbody tr').count()).toBe(1);
    await expectVisible(tab.getByTestId(`user-active-${stranger.userId}`), 'the active switch of the user');
    await expectVisible(tab.getByTestId(`user-edit-${stranger.userId}`), 'the edit button of the user');
    expect(await tab.getByTestId('users-page-link').getAttribute('href')).toBe('/a/users');
    expect(await admin.locator('body').innerText()).not.toMatch(/coming soon|being built/i);

    const { page } = await loggedInPage(browser, manager);
    await page.goto('/settings?tab=users');
    const own = page.getByTestId('settings-tab-users');
    await expectVisible(own.getByTestId(`user-row-${colleague.userId}`), 'the colleague of the affiliation');
    expect(await own.getByTestId(`user-row-${stranger.userId}`).count()).toBe(0);
    expect(await own.getByTestId(`user-active-${colleague.userId}`).count()).toBe(0);
    expect(await own.getByTestId('users-page-link').getAttribute('href')).toBe('/m/users');
  });

  it('/a/map counts every transmitter: a state none is in reads 0, and the summary says which are not shown and why', async () => {
    const [aff] = await sql<{ id: number }>('INSERT INTO affiliations (name) VALUES ($1) RETURNING id', [
      `Veterinäramt ${tag}`,
    ]);
    await seedStand(`Aarau ${tag}`, aff!.id, { lat: 47.39, lng: 8.04 });
    await seedStand(`Baden ${tag}`, aff!.id, { lat: 47.47, lng: 8.31 });
    await seedStand(`Ohne Ort ${tag}`, aff!.id, null);

    const context = await newContext(browser, 'en-US', 'en');
    onTestFinished(() => context.close());
    await loginViaApi(context.request, ADMIN.email, ADMIN.password);
    const page = await context.newPage();
    await page.goto('/a/map');
    await expectVisible(page.getByTestId('admin-map-legend'), 'the legend');
    await page.getByTestId('admin-map-affiliation').click();
    await page.getByRole('option', { name: `Veterinäramt ${tag}` }).click();

    // the legend counts the affiliation's stands by state, the one without a location too; none is silent
    const count = (state: string) => page.getByTestId(`admin-map-count-${state}`);
    await expect.poll(() => count('reporting').textContent()).toBe('Reporting (3)');
    expect(await count('silent').textContent()).toBe('Silent (0)');
    expect(await count('expired').textContent()).toBe('Subscription expired (0)');

    // "n of m": m is every controller the admin can see; the rest is explained, the unplaced one by name
    const summary = page.getByTestId('admin-map-summary');
    await expect.poll(() => summary.textContent()).toMatch(/^2 of \d+ transmitters shown\./);
    const text = (await summary.textContent()) ?? '';
    const total = Number(/^2 of (\d+)/.exec(text)?.[1]);
    expect(text).toContain(`1 transmitter has no location and is not on the map: Ohne Ort ${tag}.`);
    const hidden = Number(/(\d+) transmitters? (?:is|are) hidden by the filters\./.exec(text)?.[1] ?? 0);
    expect(2 + 1 + hidden, 'shown + without location + hidden = all').toBe(total);
  });
});
