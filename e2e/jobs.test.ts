import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './lib/chromium';
import { newContext, sql } from './lib/app';
import { activeUser, adminWithProfile } from './lib/users';
import { createControllerViaApi, loginViaApi, registerControllerViaApi } from './lib/controllers';
import { ADMIN } from './global-setup';
import { expectVisible } from './lib/expect';

/**
 * Jobs screens: an admin starts a WEATHER_UPDATE at /a/jobs and sees it listed with its status (the test
 * server reaches no weather provider: each failed try shows at once, then the failure); a user sees their
 * own export job in the settings tab Jobs, with its download link when done; the tables page, search, filter
 * and sort on the server (docs/api-conventions.md "Lists and pagination").
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

  it(
    'an admin starts a weather update at /a/jobs and sees each failed try at once, then the failure',
    { timeout: 180_000 },
    async () => {
      const context = await newContext(browser);
      await loginViaApi(context.request, ADMIN.email, ADMIN.password);
      device = await createControllerViaApi(context.request, 'Stand Wetter');
      const page = await context.newPage();
      await page.goto('/a/jobs');
      // the transmitter is found by server search (name words and its id)
      await page.getByTestId('weather-controller').fill(`Stand Wetter ${device.id}`);
      await page.getByRole('option', { name: `Stand Wetter (${device.id})` }).click();
      await page.getByTestId('weather-from').fill('2024-01-01');
      await page.getByTestId('weather-to').fill('2024-01-02');
      await page.getByTestId('weather-submit').click();
      const row = page
        .getByTestId('job-row')
        .filter({ hasText: 'Weather update' })
        .filter({ hasText: 'Stand Wetter · 2024-01-01 – 2024-01-02' });
      await expectVisible(row, 'the weather update in the list');
      // the test server's weather provider refuses every connection (global-setup): the first try fails
      // and shows at once as a retry, with its error and the time of the next try
      await expect.poll(() => row.getAttribute('data-status'), { timeout: 15_000 }).toBe('retrying');
      expect(await row.getByTestId('job-status').textContent()).toBe('Retrying');
      expect(await row.getByTestId('job-tries').textContent()).toMatch(
        /^Try 1 of 3 failed, next try from \d{1,2}:\d{2}:\d{2}( [AP]M)?$/,
      );
      expect(await row.getByTestId('job-error').textContent()).toMatch(/^Open-Meteo unreachable/);
      // three tries within two minutes (docs/weather.md "Jobs"): then it is failed, for good
      await expect
        .poll(() => row.getAttribute('data-status'), { timeout: 150_000, interval: 2_000 })
        .toBe('failed');
      expect(await row.getByTestId('job-status').textContent()).toBe('Failed');
      expect(await row.getByTestId('job-tries').textContent()).toBe('Try 3 of 3 failed, no further try');
      await expectVisible(row.getByTestId('job-error'), 'the error of the last try');
      await context.close();
    },
  );

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

  it('the settings tab pages 50 jobs at a time, searches, filters and sorts on the server', async () => {
    const user = await activeUser({ locale: 'en' });
    // 55 finished jobs a minute apart, "Seite 01" the newest; one failed
    await sql(
      `INSERT INTO jobs (id, type, description, owner_id, status, created_at)
       SELECT gen_random_uuid(), 'EXPORT', 'Seite ' || lpad(g::text, 2, '0'), $1,
              CASE WHEN g = 7 THEN 'failed' ELSE 'done' END, now() - g * interval '1 minute'
       FROM generate_series(1, 55) g`,
      [user.userId],
    );
    const context = await newContext(browser);
    await loginViaApi(context.request, user.email, user.password);
    const page = await context.newPage();
    await page.goto('/settings?tab=jobs');
    const rows = page.getByTestId('own-jobs').getByTestId('job-row');
    const description = (i: number) => rows.nth(i).locator('td').nth(1).textContent();
    await expect.poll(() => rows.count()).toBe(50);
    expect(await description(0)).toBe('Seite 01');
    expect(await page.getByTestId('own-jobs-count').getAttribute('data-count')).toBe('50');
    await page.getByTestId('own-jobs-more').click();
    await expect.poll(() => rows.count()).toBe(55);
    expect(await description(54)).toBe('Seite 55');
    expect(await page.getByTestId('own-jobs-more').count()).toBe(0);

    // the header flips the order on the server: the oldest first
    const flipped = page.waitForResponse(
      (r) => r.url().includes('/api/jobs?') && r.url().includes('order=asc'),
    );
    await page.getByTestId('own-jobs-sort-createdAt').click();
    expect((await flipped).status()).toBe(200);
    await expect.poll(() => description(0)).toBe('Seite 55');
    expect(await rows.count()).toBe(50);

    const searched = page.waitForResponse((r) => r.url().includes('/api/jobs?') && r.url().includes('q='));
    await page.getByTestId('own-jobs-filter').fill('seite 07');
    expect(new URL((await searched).url()).searchParams.get('q')).toBe('seite 07');
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().getAttribute('data-status')).toBe('failed');
    await page.getByTestId('own-jobs-filter').fill('seite');
    await page.getByTestId('own-jobs-status').click();
    await page.getByRole('option', { name: 'Running' }).click();
    await expectVisible(page.getByTestId('own-jobs-empty'), 'no running job');
    await context.close();
  });
});
