import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import { launchBrowser } from './lib/chromium';
import { newContext, sql } from './lib/app';
import { expectVisible } from './lib/expect';
import { ownerWithReportingHives } from './lib/hives';
import { createControllerViaApi, loginViaApi, registerControllerViaApi } from './lib/controllers';
import { report } from './lib/device';
import { ADMIN } from './global-setup';

/**
 * The timeline's axes and legend names (docs/timeline.md "Web screen"): one y axis per unit, the grassland
 * temperature sum in degree-days on its own axis (not on the °C axis of the temperatures, where it
 * flattened them), two hives of one name in different apiaries told apart by the apiary's name, and a sensor
 * channel offered only the series it measures.
 */
describe('timeline axes, series names and the series a channel offers', () => {
  let browser: Browser;
  let owner: BrowserContext;
  let north = { linde: 0, controllerId: 0 };
  let southLinde = 0;
  let climate = 0;

  beforeAll(async () => {
    browser = await launchBrowser();
    const hives = await ownerWithReportingHives(browser, 'Bienenstand Nord');
    owner = hives.context;
    north = { linde: hives.linde, controllerId: hives.controllerId };
    // a second apiary of the same keeper, whose hive has the same name
    const admin = await newContext(browser);
    await loginViaApi(admin.request, ADMIN.email, ADMIN.password);
    const device = await createControllerViaApi(admin.request, 'Bienenstand Süd');
    await admin.close();
    await registerControllerViaApi(owner.request, device, ['Volk Linde']);
    const [scale] = await sql<{ id: number; controller_id: number }>(
      `SELECT s.id, s.controller_id FROM scales s JOIN controllers c ON c.id = s.controller_id WHERE c.imsi = $1`,
      [device.imsi],
    );
    southLinde = scale!.id;
    await sql(`UPDATE scales SET setup_at = now() - interval '10 days' WHERE id = $1`, [southLinde]);
    const hour = Math.floor(Date.now() / 3_600_000) * 3_600_000;
    const readings = [3, 2, 1].map((h) => ({
      time: new Date(hour - h * 3_600_000),
      channels: [{ channel: 1, weight: 38 }],
    }));
    expect((await report(device.token, device, readings)).body.accepted).toBe(3);
  });
  afterAll(() => browser.close());

  it('offers a sensor channel (hive climate) its temperature and humidity, no weight; its checkbox shows the temperature', async () => {
    const [row] = await sql<{ id: number }>(
      `INSERT INTO scales (controller_id, channel, name, type, setup_at)
       VALUES ($1, 3, 'Stockklima', 'sensor', now() - interval '10 days') RETURNING id`,
      [north.controllerId],
    );
    climate = row!.id;
    const page = await owner.newPage();
    await page.goto(`/timeline?expanded=${north.controllerId}`);
    const offered = page.getByTestId(`scale-series-${climate}`);
    await expectVisible(offered, 'the series of the climate channel');
    await expectVisible(offered.getByTestId(`series-s${climate}-temperature`), 'its temperature');
    expect(await offered.getByTestId(`series-s${climate}-humidity`).count()).toBe(1);
    expect(await offered.getByTestId(`series-s${climate}-weight`).count()).toBe(0);
    // a weight channel still offers its weight
    expect(await page.getByTestId(`series-s${north.linde}-weight`).count()).toBe(1);
    await page.getByTestId(`timeline-scale-${climate}`).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('series')).toBe(`s${climate}.temperature`);
    await page.close();
  });

  it('draws kg, °C and °Cd on three axes and names each Volk Linde with its apiary', async () => {
    const page = await owner.newPage();
    const xmax = Math.floor(Date.now() / 1000) + 3600;
    const c = north.controllerId;
    const series = [
      `s${north.linde}.weight`,
      `s${southLinde}.weight`,
      `c${c}.chipTemperature`,
      `c${c}.grasslandSumChip`,
    ];
    await page.goto(
      `/timeline?series=${series.join(',')}&expanded=${c}&xmin=${xmax - 3 * 86_400}&xmax=${xmax}`,
    );
    const chart = page.getByTestId('time-chart').first();
    await expectVisible(chart.locator('.u-over'), 'the chart');
    const legend = chart.locator('.u-legend');
    await expect.poll(() => legend.textContent()).toContain('Bienenstand Süd · Volk Linde · Weight');
    const text = (await legend.textContent()) ?? '';
    expect(text).toContain('Bienenstand Nord · Volk Linde · Weight');
    expect(text).toContain('Chip temperature');

    const axes = await chart.locator('.uplot').getAttribute('data-y-axes');
    expect((axes ?? '').split(' | ').sort()).toEqual(['kg', '°C', '°Cd'].sort());
    await page.close();
  });
});
