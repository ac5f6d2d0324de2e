import { expect } from 'vitest';
import type { Browser, Page, Response } from 'playwright-core';
import { seriesResponseSchema, type SeriesResponse } from '@hivescope/contract';
import { newContext, sql } from './app';
import { activeUser, adminWithProfile } from './users';
import { report } from './device';
import { createControllerViaApi, loginViaApi, registerControllerViaApi } from './controllers';
import { ADMIN } from '../global-setup';

const HOUR = 3_600_000;

/**
 * A logged-in owner whose controller (two weight scales, "Volk Linde" on channel 1 and "Volk Raps" on 2) has
 * reported hourly for the last 8 days: Linde climbs 0.1 kg an hour from 40 kg, Raps 0.05 kg from 35 kg.
 * The scales count as set up ten days ago, since a scale shows its channel's readings only from its setup on.
 * `lindeTemperature` adds a temperature reading to every Linde reading.
 * `device` (token, IMSI, IMEI) sends further reports.
 */
export async function ownerWithReportingHives(
  browser: Browser,
  controllerName: string,
  opts: { lindeTemperature?: number } = {},
) {
  await adminWithProfile(ADMIN.email);
  const adminContext = await newContext(browser);
  await loginViaApi(adminContext.request, ADMIN.email, ADMIN.password);
  const device = await createControllerViaApi(adminContext.request, controllerName);
  await adminContext.close();

  const owner = await activeUser();
  const context = await newContext(browser);
  await loginViaApi(context.request, owner.email, owner.password);
  await registerControllerViaApi(context.request, device, ['Volk Linde', 'Volk Raps']);
  const scales = await sql<{ id: number; controller_id: number }>(
    `SELECT s.id, s.controller_id FROM scales s JOIN controllers c ON c.id = s.controller_id
      WHERE c.imsi = $1 ORDER BY s.channel`,
    [device.imsi],
  );
  const controllerId = scales[0]!.controller_id;
  await sql(`UPDATE scales SET setup_at = now() - interval '10 days' WHERE controller_id = $1`, [
    controllerId,
  ]);
  const end = Math.floor(Date.now() / HOUR) * HOUR - HOUR;
  const temperature = opts.lindeTemperature === undefined ? {} : { temperature: opts.lindeTemperature };
  const readings = Array.from({ length: 8 * 24 }, (_, i) => ({
    time: new Date(end - (8 * 24 - 1 - i) * HOUR),
    channels: [
      { channel: 1, weight: 40 + i / 10, ...temperature },
      { channel: 2, weight: 35 + i / 20 },
    ],
  }));
  const answer = await report(device.token, device, readings);
  expect(answer.body.accepted).toBe(8 * 24 * 2);
  return {
    context,
    controllerId,
    device,
    linde: scales[0]!.id,
    raps: scales[1]!.id,
    lastTime: end / 1000,
  };
}

const isSeries = (r: Response) => r.url().includes('/api/series?') && r.request().method() === 'GET';

/**
 * The answer of GET series the page shows after `action`, parsed with the contract's schema. One action can make
 * the page ask twice: a newer window cancels the request still under way (TanStack Query aborts it), and a
 * cancelled answer has no body to read. So this collects every series answer until the page fetches nothing
 * more (`<html data-busy>` gone) and returns the last one that was read whole.
 */
export async function nextSeries(page: Page, action: () => Promise<unknown>): Promise<SeriesResponse> {
  const answers: Response[] = [];
  const collect = (r: Response) => void (isSeries(r) && answers.push(r));
  page.on('response', collect);
  try {
    await action();
    await expect.poll(() => answers.length).toBeGreaterThan(0);
    await page.waitForFunction(
      () =>
        !(
          globalThis as unknown as { document: { documentElement: { hasAttribute(n: string): boolean } } }
        ).document.documentElement.hasAttribute('data-busy'),
      undefined,
      { polling: 50 },
    );
  } finally {
    page.off('response', collect);
  }
  for (const response of answers.reverse()) {
    const body: unknown = await response.json().catch(() => undefined);
    if (body === undefined) continue;
    expect(response.status()).toBe(200);
    return seriesResponseSchema.parse(body);
  }
  throw new Error(`none of the ${answers.length} series answers could be read`);
}
