import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import { launchBrowser } from './lib/chromium';
import { baseUrl, inboxUrl, loginViaUi, newContext, sql, loggedInPage } from './lib/app';
import { digits15 } from './lib/device';
import { expectVisible } from './lib/expect';
import { waitForMail } from './lib/smtp';
import { activeUser, adminWithProfile, makeManager } from './lib/users';
import { ADMIN } from './global-setup';

/**
 * Notices from the inspectorate (docs/notices.md) and the affiliation's controllers on /m/controllers: an
 * admin assigns controllers to an affiliation, its manager on the veterinary brand (the vet.localhost host
 * of BRAND_HOSTS) sees them, writes a notice with the live counter, sends it to a region with a beekeeper's
 * controller, sees the reach and the history, and the beekeeper's mail arrives; one outside gets none.
 */
const tag = crypto.randomBytes(3).toString('hex');
/** A corner of Norway no other browser test puts a controller in: the manager's own region covers it. */
const AREA = { minLng: 10.0, minLat: 60.0, maxLng: 10.01, maxLat: 60.01 };

async function seedController(name: string, ownerId: number, lat: number, lng: number): Promise<number> {
  const [row] = await sql<{ id: number }>(
    `INSERT INTO controllers (name, imsi, lat, lng, owner_id, subscription_end, device_token_hash,
       update_interval, registered_at)
     VALUES ($1, $2, $3, $4, $5, now() + interval '300 days', $6, 3, now()) RETURNING id`,
    [name, digits15('22898'), lat, lng, ownerId, crypto.randomBytes(32).toString('hex')],
  );
  return row!.id;
}

async function confirmedMailChannel(userId: number): Promise<string> {
  const address = `notice-${tag}-${userId}@example.org`;
  await sql(
    `INSERT INTO notification_channels (user_id, type, address, status) VALUES ($1, 'email', $2, 'active')`,
    [userId, address],
  );
  return address;
}

async function ownRegion(ownerId: number, name: string): Promise<number> {
  const { minLng, minLat, maxLng, maxLat } = AREA;
  const geometry = {
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
  };
  const [row] = await sql<{ id: number }>(
    `INSERT INTO regions (owner_id, name, geometry, min_lng, min_lat, max_lng, max_lat)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
    [ownerId, name, JSON.stringify(geometry), minLng, minLat, maxLng, maxLat],
  );
  return row!.id;
}

/** The app at the veterinary host (brand 2), in English, logged in. */
async function vetSession(browser: Browser, email: string, password: string): Promise<BrowserContext> {
  const context = await newContext(browser, 'en-US', null);
  const vet = `http://vet.localhost:${new URL(baseUrl()).port}`;
  const page = await context.newPage();
  await page.goto(`${vet}/?lang=en`);
  await loginViaUi(page, email, password, `${vet}/?lang=en`);
  await page.waitForURL('**/dashboard');
  await page.close();
  return context;
}

describe('notices from the inspectorate and the affiliation’s controllers', () => {
  let browser: Browser;
  let manager: Awaited<ReturnType<typeof activeUser>>;
  let affiliation: number;
  const affiliationName = `Veterinärdienst ${tag}`;
  let inside: { userId: number; controllerId: number; mail: string };
  let outsideMail: string;
  const regionName = `District ${tag}`;
  const vet = () => `http://vet.localhost:${new URL(baseUrl()).port}`;

  beforeAll(async () => {
    browser = await launchBrowser();
    await adminWithProfile(ADMIN.email);
    manager = await activeUser();
    affiliation = await makeManager(manager.userId, affiliationName);
    await ownRegion(manager.userId, regionName);
    const keeper = await activeUser();
    inside = {
      userId: keeper.userId,
      controllerId: await seedController(`Stand ${tag}`, keeper.userId, 60.005, 10.005),
      mail: await confirmedMailChannel(keeper.userId),
    };
    // in the region but without a channel: counted, not reachable
    const silent = await activeUser();
    await seedController(`Stand still ${tag}`, silent.userId, 60.006, 10.006);
    // reachable, but outside the region: gets nothing
    const outside = await activeUser();
    await seedController(`Stand away ${tag}`, outside.userId, 60.5, 10.5);
    outsideMail = await confirmedMailChannel(outside.userId);
  });
  afterAll(() => browser.close());

  it('an admin assigns a controller to the affiliation on /m/controllers; its manager sees it there', async () => {
    const { page: admin } = await loggedInPage(browser, ADMIN);
    await admin.goto('/m/controllers');
    await admin.getByTestId('manager-controllers-affiliation').click();
    await admin.getByRole('option', { name: affiliationName }).click();
    await expectVisible(admin.getByTestId('manager-controllers-table-empty'), 'no controllers yet');
    await admin.getByTestId('affiliation-assign-open').click();
    await admin.getByTestId('affiliation-assign-controllers').fill(`Stand ${tag}`);
    await admin.getByRole('option', { name: `Stand ${tag}`, exact: true }).click();
    // a click beside the list closes it (Escape would close the dialog too)
    await admin.getByTestId('affiliation-assign-hint').click();
    await admin.getByTestId('affiliation-assign-save').click();
    await expect
      .poll(
        async () =>
          (await sql('SELECT affiliation_id FROM controllers WHERE id = $1', [inside.controllerId]))[0],
      )
      .toEqual({ affiliation_id: affiliation });
    await expectVisible(
      admin.getByTestId(`controller-row-${inside.controllerId}`),
      'the assigned controller',
    );

    const context = await vetSession(browser, manager.email, manager.password);
    onTestFinished(() => context.close());
    const page = await context.newPage();
    await page.goto(`${vet()}/m/controllers`);
    await expectVisible(
      page.getByTestId(`controller-row-${inside.controllerId}`),
      'the affiliation’s controller',
    );
    expect(await page.getByTestId('manager-controllers-table').locator('tbody tr').count()).toBe(1);
  });

  it('a manager on the veterinary brand sends a notice to a region and the beekeeper there gets it', async () => {
    const context = await vetSession(browser, manager.email, manager.password);
    onTestFinished(() => context.close());
    const page = await context.newPage();
    await page.goto(`${vet()}/dashboard`);
    await page.getByTestId('nav-menu-manager').click();
    await page.getByTestId('nav-affiliateNotification').click();
    await page.waitForURL('**/m/affiliateNotification');
    await expectVisible(page.getByTestId('notice-form'), 'the notice form');

    // Send refuses without region, type and message, and names each
    const count = async () => Number((await sql('SELECT count(*) FROM affiliate_notices'))[0]?.count);
    const before = await count();
    await page.getByTestId('notice-send').click();
    await expectVisible(page.getByText('Choose at least one region'), 'the missing region');
    await expectVisible(
      page.getByText('Choose at least one notification type (e-mail or SMS)'),
      'the missing notification type',
    );
    await expectVisible(page.getByText('Write a message'), 'the missing message');

    await page.getByTestId('notice-regions').click();
    await page.getByRole('option', { name: regionName }).click();
    await page.keyboard.press('Escape');
    await page.getByTestId('notice-type-email').check();
    await page.getByTestId('notice-type-sms').check();
    // the counter follows the typing: characters and SMS parts against the limit
    const counter = page.getByTestId('notice-counter');
    await page.getByTestId('notice-message').fill('x'.repeat(170));
    await expect.poll(() => counter.textContent()).toBe('170 / 459 characters · 2 of at most 3 SMS');
    const message = `Faulbrut-Kontrolle ${tag}: bitte Völker bis Freitag melden.`;
    await page.getByTestId('notice-message').fill(message);
    await expect
      .poll(() => counter.textContent())
      .toBe(`${message.length} / 459 characters · 1 of at most 3 SMS`);
    expect(await count()).toBe(before);

    // the confirmation says how many it reaches, then the answer and the history row
    await page.getByTestId('notice-send').click();
    await expectVisible(page.getByTestId('notice-confirm-text'), 'the confirmation');
    expect(await page.getByTestId('notice-confirm-text').textContent()).toContain(
      'It reaches 1 of 2 beekeepers in the chosen regions',
    );
    await page.getByTestId('notice-confirm-send').click();
    await expectVisible(page.getByTestId('notice-result'), 'the result');
    expect(await page.getByTestId('notice-result').textContent()).toBe(
      'The notice goes out to 1 of 2 beekeepers (1 without a matching channel).',
    );
    const [notice] = await sql<{ id: number }>(
      'SELECT id FROM affiliate_notices WHERE affiliation_id = $1 ORDER BY id DESC LIMIT 1',
      [affiliation],
    );
    const row = page.getByTestId(`notice-row-${notice!.id}`);
    await expectVisible(row, 'the notice in the history');
    expect(await row.textContent()).toContain(regionName);
    expect(await page.getByTestId(`notice-reached-${notice!.id}`).textContent()).toBe('1 of 2');
    await expect
      .poll(() => page.getByTestId(`notice-progress-${notice!.id}`).textContent(), { timeout: 20_000 })
      .toBe('1 sent, 0 failed, 0 pending');

    const mail = await waitForMail(inboxUrl(), inside.mail);
    expect(mail.subject).toBe(`Notice from ${affiliationName}`);
    expect(mail.text).toContain(message);
    const mails = (await (await fetch(inboxUrl())).json()) as { to: string[] }[];
    expect(mails.filter((m) => m.to.includes(outsideMail))).toEqual([]);
  });
});
