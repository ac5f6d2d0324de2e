import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from './lib/chromium';
import { loginViaUi, newContext, sql } from './lib/app';
import { activeUser } from './lib/users';
import { digits15, report } from './lib/device';
import { expectVisible } from './lib/expect';

/**
 * Claiming a transmitter needs its known IMEI (docs/decisions.md "Claiming a transmitter"): the screens say
 * what is needed, a claim before the first report is refused, and the admin resolves an IMEI mismatch.
 */
describe('claiming a transmitter (issue 13)', () => {
  let browser: Browser;
  let contexts: BrowserContext[] = [];
  let admin: Page, beekeeper: Page;

  const signedIn = async (user: { email: string; password: string }) => {
    const context = await newContext(browser);
    contexts.push(context);
    const page = await context.newPage();
    await loginViaUi(page, user.email, user.password);
    await page.waitForURL('**/dashboard');
    return page;
  };

  beforeAll(async () => {
    browser = await launchBrowser();
    // the e2e server is shared by every file: keep this file's two sign-ups off the per-ip registration limit
    await sql("DELETE FROM rate_limits WHERE kind = 'register.ip'");
    const adminUser = await activeUser({ locale: 'en' });
    await sql('UPDATE users SET admin = true WHERE id = $1', [adminUser.userId]);
    admin = await signedIn(adminUser);
    beekeeper = await signedIn(await activeUser({ locale: 'en' }));
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    contexts = [];
    await browser.close();
  });

  async function createWithoutImei(imsi: string) {
    await admin.goto('/a/controllers/create');
    await expectVisible(
      admin.getByText('Without it, the owner can register the transmitter only after its first report'),
      'IMEI hint',
    );
    await admin.getByTestId('admin-controller-name').fill('Neuer Stand');
    await admin.getByTestId('admin-controller-imsi').fill(imsi);
    await admin.getByTestId('admin-controller-create-submit').click();
    const token = (await admin.getByTestId('device-token').textContent())?.trim() ?? '';
    expect(token.length).toBeGreaterThan(30);
    return token;
  }

  const claim = async (imsi: string, imei: string) => {
    await beekeeper.goto('/settings?tab=registerTransmitters');
    await expectVisible(
      beekeeper.getByTestId('register-transmitter-ready-hint'),
      'the hint that a new transmitter must have reported',
    );
    expect(await beekeeper.getByTestId('register-transmitter-ready-hint').textContent()).toBe(
      'A new transmitter can be registered once it has been switched on and has sent its first report.',
    );
    await beekeeper.getByTestId('register-transmitter-imsi').fill(imsi);
    await beekeeper.getByTestId('register-transmitter-imei').fill(imei);
    await beekeeper.getByTestId('register-transmitter-submit').click();
  };
  const ownerOf = async (imsi: string) =>
    (await sql<{ owner_id: number | null }>('SELECT owner_id FROM controllers WHERE imsi = $1', [imsi]))[0]
      ?.owner_id;

  it('a claim before the first report is refused with what is needed; after the report it succeeds', async () => {
    const imsi = digits15('22802');
    const imei = digits15('35694');
    const token = await createWithoutImei(imsi);

    await claim(imsi, digits15('35695'));
    await expectVisible(beekeeper.getByTestId('register-transmitter-error'), 'the refusal');
    expect(await beekeeper.getByTestId('register-transmitter-error').textContent()).toContain(
      'has been switched on and has sent its first report',
    );
    expect(await ownerOf(imsi)).toBeNull();

    await report(token, { imsi, imei }, [
      { time: new Date(Date.now() - 60_000), channels: [{ channel: 1, weight: 30 }] },
    ]);
    await claim(imsi, imei);
    await expect.poll(() => ownerOf(imsi), { timeout: 15_000 }).not.toBeNull();
  });

  it('the admin sees a reported IMEI that differs and accepts it', async () => {
    const imsi = digits15('22803');
    const token = await createWithoutImei(imsi);
    const [{ id } = { id: 0 }] = await sql<{ id: number }>(
      "UPDATE controllers SET imei = '490154203237518' WHERE imsi = $1 RETURNING id",
      [imsi],
    );
    const realImei = digits15('35696');
    await report(token, { imsi, imei: realImei }, [
      { time: new Date(Date.now() - 60_000), channels: [{ channel: 1, weight: 31 }] },
    ]);

    await admin.goto('/a/controllers');
    await admin.getByTestId('admin-controllers-table-filter').fill(imsi);
    await expectVisible(admin.getByTestId(`imei-mismatch-${id}`), 'the "IMEI differs" badge');
    expect(await admin.getByTestId(`imei-mismatch-${id}`).textContent()).toBe('IMEI differs');
    await admin.getByTestId(`controller-row-${id}`).click();
    await expectVisible(admin.getByTestId('imei-mismatch'), 'the mismatch notice in the editor');
    expect(await admin.getByTestId('imei-mismatch').textContent()).toContain(`reported IMEI ${realImei}`);
    await admin.getByTestId('imei-mismatch-accept').click();
    await expect
      .poll(async () => (await sql('SELECT imei, reported_imei FROM controllers WHERE id = $1', [id]))[0], {
        timeout: 15_000,
      })
      .toEqual({ imei: realImei, reported_imei: null });
    await expect.poll(() => admin.getByTestId(`imei-mismatch-${id}`).count()).toBe(0);
  });
});
