import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './lib/chromium';
import { newContext } from './lib/app';
import { activeUser, adminWithProfile } from './lib/users';
import { createControllerViaApi, loginViaApi, registerControllerViaApi } from './lib/controllers';
import { ADMIN } from './global-setup';
import { expectVisible } from './lib/expect';

/**
 * Jobs screens: an admin starts a WEATHER_UPDATE at /a/jobs and sees it listed with its status (the test
 * server reaches no weather provider, so it shows its error); a user sees their own export job in the
 * settings tab Jobs, with its download link when done.
 */
describe('jobs', () => {
  let browser: Browser;
  let device: Awaited<ReturnType<typeof createControllerViaApi>>;

  beforeAll(async () => {
    browser = await launchBrowser();
    await adminWithProfile(ADMIN.email);
  });
  afterAll(async () => {
    await browser.close();
  });

  it('an admin starts a weather update at /a/jobs and sees it listed, with the failure', async () => {
    const context = await newContext(browser);
    await loginViaApi(context.request, ADMIN.email, ADMIN.password);
    device = await createControllerViaApi(context.request, 'Stand Wetter');
    const page = await context.newPage();
    await page.goto('/a/jobs');
    await page.getByTestId('weather-controller').click();
    await page.getByRole('option', { name: `Stand Wetter (${device.id})` }).click();
    await page.getByTestId('weather-from').fill('2024-01-01');
    await page.getByTestId('weather-to').fill('2024-01-02');
    await page.getByTestId('weather-submit').click();
    const row = page
      .getByTestId('job-row')
      .filter({ hasText: 'Weather update' })
      .filter({ hasText: 'Stand Wetter · 2024-01-01 – 2024-01-02' });
    await expectVisible(row, 'the weather update in the list');
    // no provider is reachable: the attempt fails and its error is shown (queued again for a retry, or failed)
    await expectVisible(row.getByTestId('job-error'), 'the error of the failed attempt', 30_000);
    expect(await row.getAttribute('data-status')).toMatch(/^(queued|failed)$/);
    await context.close();
  });

  it('a user sees their own export job in the settings tab, done with a download link', async () => {
    const admin = await newContext(browser);
    await loginViaApi(admin.request, ADMIN.email, ADMIN.password);
    const own = await createControllerViaApi(admin.request, 'Stand Auftrag');
    await admin.close();
    const user = await activeUser({ locale: 'en' });
    const context = await newContext(browser);
    await loginViaApi(context.request, user.email, user.password);
    await registerControllerViaApi(context.request, own, ['Volk Auftrag']);
    const scales = (await (await context.request.get('/api/scale')).json()) as { idscale: number }[];
    // two years of raw readings: too large for a direct download, so it runs as a job
    const started = await context.request.post('/api/export', {
      data: {
        scales: scales.map((s) => s.idscale),
        series: ['weight'],
        from: '2023-01-01',
        to: '2024-12-31',
        resolution: 'raw',
        format: 'csv',
        timeZone: 'utc',
      },
    });
    expect(started.status()).toBe(202);
    const page = await context.newPage();
    await page.goto('/settings?tab=jobs');
    const row = page.getByTestId('job-row').filter({ hasText: 'Export' });
    await expectVisible(row, 'the export job');
    await expectVisible(row.getByTestId('job-download'), 'the download link of the finished export', 30_000);
    expect(await row.getAttribute('data-status')).toBe('done');
    const href = await row.getByTestId('job-download').getAttribute('href');
    const file = await context.request.get(href ?? '');
    expect(file.status()).toBe(200);
    expect((await file.text()).replace(/^\ufeff/, '').split('\n')[0]).toBe(
      'Time (UTC),Volk Auftrag – Weight (kg)',
    );
    // the weather update of the admin is not theirs
    expect(await page.getByTestId('job-row').filter({ hasText: 'Weather update' }).count()).toBe(0);
    await context.close();
  });
});
