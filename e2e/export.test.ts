import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from './lib/chromium';
import { newContext, sql } from './lib/app';
import { activeUser, adminWithProfile } from './lib/users';
import { createControllerViaApi, loginViaApi, registerControllerViaApi } from './lib/controllers';
import { ADMIN } from './global-setup';
import { expectVisible } from './lib/expect';

/** /export (docs/export.md): a person exports a CSV of their scale; without a scale they get the message. */
describe('export', () => {
  let browser: Browser;
  let page: Page;
  const times: string[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
    await adminWithProfile(ADMIN.email);
    const admin = await newContext(browser);
    await loginViaApi(admin.request, ADMIN.email, ADMIN.password);
    const device = await createControllerViaApi(admin.request, 'Stand Export');
    await admin.close();
    const user = await activeUser({ locale: 'en' });
    const context = await newContext(browser);
    await loginViaApi(context.request, user.email, user.password);
    await registerControllerViaApi(context.request, device, ['Volk Export']);
    await sql(`UPDATE scales SET setup_at = now() - interval '2 days' WHERE controller_id = $1`, [device.id]);
    // four readings an hour apart, on whole minutes, the last one an hour ago
    const base = Math.floor(Date.now() / 3600_000) * 3600_000 - 4 * 3600_000;
    for (let i = 0; i < 4; i++) {
      const time = new Date(base + i * 3600_000);
      times.push(time.toISOString().slice(0, 19).replace('T', ' '));
      await sql('INSERT INTO readings (controller_id, channel, time, weight) VALUES ($1, 1, $2, $3)', [
        device.id,
        time,
        40 + i / 2,
      ]);
    }
    page = await context.newPage();
  });
  afterAll(async () => {
    await page.context().close();
    await browser.close();
  });

  it('says "Please select some scales first" when no scale is chosen', async () => {
    await page.goto('/export');
    await expectVisible(page.getByTestId('export-scale').first(), 'the scale choice');
    await page.getByTestId('export-submit').click();
    await expectVisible(page.getByText('Please select some scales first'), 'the message');
  });

  it('downloads a CSV with the header and one row per reading', async () => {
    await page.goto('/export');
    await page.getByLabel('Volk Export').check();
    await page.getByTestId('export-resolution').getByText('All readings').click();
    await page.getByTestId('export-time-zone').getByText('UTC').click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('export-submit').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(
      /^hivescope_Volk-Export_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.csv$/,
    );
    const file = await download.path();
    const lines = fs
      .readFileSync(file, 'utf8')
      .replace(/^\ufeff/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe('Time (UTC),Volk Export – Weight (kg)');
    expect(lines.slice(1)).toEqual(times.map((t, i) => `${t},${40 + i / 2}`));
  });
});
