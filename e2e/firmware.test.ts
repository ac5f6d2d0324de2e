import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  DEVICE_REPORT_PATH,
  deviceReportAnswerSchema,
  firmwareListSchema,
  firmwareRolloutDetailSchema,
  type DeviceReport,
  type DeviceReportAnswer,
} from '@hivescope/contract';
import { formatBytes } from '../apps/web/src/features/firmware/form';
import { launchBrowser } from './lib/chromium';
import { baseUrl, newContext, sql } from './lib/app';
import { createControllerViaApi, loginViaApi } from './lib/controllers';
import { expectVisible } from './lib/expect';
import { adminWithProfile } from './lib/users';
import { ADMIN } from './global-setup';

/**
 * Firmware administration in a real browser (docs/firmware.md), one test per numbered item of the issue:
 * 1. upload (a bad version, an empty and an oversized file refused with the localised message, nothing
 *    stored), the versions with size and SHA-256, deleting a version nobody wants;
 * 2. controllers filtered by current version, region and affiliation, "select all", the desired version set,
 *    current and desired side by side;
 * 4. a staged roll-out driven by real device reports: the first stage updates, the admin continues, a
 *    controller falls back to its old version and the roll-out pauses by itself with the reason shown.
 * Versions are unique to this run (the server is shared with the other browser tests).
 */
const run = crypto.randomInt(100_000, 999_999);
const OLD = `7.${run}.0`;
const NEW = `7.${run}.1`;
const SPARE = `7.${run}.2`;
const tag = crypto.randomBytes(3).toString('hex');

/**
 * An English text of the locale files, interpolated (`key_one` / `key_other` by `count`): the test checks
 * what the screen shows without repeating the wording.
 */
function text(
  locale: 'en' | 'de',
  namespace: string,
  key: string,
  values: Record<string, string | number> = {},
): string {
  const file = path.resolve(import.meta.dirname, `../packages/contract/locales/${locale}/${namespace}.json`);
  const texts = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
  const lookup = (k: string) =>
    k
      .split('.')
      .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], texts);
  const plural =
    values.count === undefined ? undefined : lookup(`${key}_${values.count === 1 ? 'one' : 'other'}`);
  const template = plural ?? lookup(key);
  if (typeof template !== 'string') throw new Error(`no text ${namespace}:${key}`);
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));
}
const en = (namespace: string, key: string, values: Record<string, string | number> = {}) =>
  text('en', namespace, key, values);

type Device = { id: number; token: string; imsi: string; imei: string; name: string };

/** A report through the real device protocol, as a transmitter running `firmware` sends it. */
async function reportVersion(device: Device, firmware: string): Promise<DeviceReportAnswer> {
  const body: DeviceReport = {
    imsi: device.imsi,
    imei: device.imei,
    firmware,
    status: { temperature: 12.5, voltage: 3.95, signal: -71 },
    readings: [{ time: new Date().toISOString(), channels: [{ channel: 1, weight: 41.5 }] }],
  };
  const res = await fetch(`${baseUrl()}${DEVICE_REPORT_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${device.token}` },
    body: JSON.stringify(body),
  });
  const json: unknown = await res.json();
  if (!res.ok) throw new Error(`device report refused (${res.status}): ${JSON.stringify(json)}`);
  return deviceReportAnswerSchema.parse(json);
}

/** A global region around a spot in the Atlantic no other browser test uses (the controllers are moved there). */
async function remoteRegion(name: string): Promise<number> {
  const [minLng, minLat, maxLng, maxLat] = [-40.01, 30.0, -40.0, 30.01];
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
    `INSERT INTO regions (owner_id, name, geometry, min_lng, min_lat, max_lng, max_lat, priority)
     VALUES (NULL, $1, $2, $3, $4, $5, $6, 1000) RETURNING id`,
    [name, JSON.stringify(geometry), minLng, minLat, maxLng, maxLat],
  );
  return row!.id;
}

/** Picks an option of a Mantine select by its label. */
async function choose(page: Page, testId: string, option: string) {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

const fileInput = (page: Page) => page.locator('[data-testid="firmware-upload"] input[type="file"]');

describe('firmware administration', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const devices: Device[] = [];
  const regionName = `Atlantis ${tag}`;
  const affiliationName = `Bienengesundheit ${tag}`;

  /** The stored versions, as the admin's API answers them (what "nothing stored" is checked against). */
  async function storedVersions(): Promise<string[]> {
    const res = await context.request.get('/api/admin/firmware');
    return firmwareListSchema.parse(await res.json()).items.map((f) => f.version);
  }

  beforeAll(async () => {
    browser = await launchBrowser();
    await adminWithProfile(ADMIN.email);
    context = await newContext(browser);
    await loginViaApi(context.request, ADMIN.email, ADMIN.password);
    const region = await remoteRegion(regionName);
    const [aff] = await sql<{ id: number }>('INSERT INTO affiliations (name) VALUES ($1) RETURNING id', [
      affiliationName,
    ]);
    for (const letter of ['A', 'B', 'C']) {
      const name = `Stand ${letter} ${tag}`;
      const created = await createControllerViaApi(context.request, name);
      const device = { ...created, name };
      devices.push(device);
      // every one in the region; A and B also in the affiliation
      await sql(
        `UPDATE controllers SET lat = 30.005, lng = -40.005, region_primary_id = $2, affiliation_id = $3
          WHERE id = $1`,
        [device.id, region, letter === 'C' ? null : aff!.id],
      );
      await reportVersion(device, OLD);
    }
    page = await context.newPage();
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  it('1. bad version, empty and oversized files are refused with the localised message, nothing stored; an upload is listed with size and SHA-256', async () => {
    await page.goto('/a/firmware');
    await expectVisible(page.getByTestId('firmware-upload'), 'the upload form');
    const { maxBytes } = firmwareListSchema.parse(
      await (await context.request.get('/api/admin/firmware')).json(),
    );
    const image = crypto.randomBytes(3000);
    const submit = () => page.getByTestId('firmware-upload-submit').click();

    await page.getByTestId('firmware-upload-version').fill('1.5 beta');
    await fileInput(page).setInputFiles({
      name: 'hive.bin',
      mimeType: 'application/octet-stream',
      buffer: image,
    });
    await submit();
    await expectVisible(
      page.getByText(en('errors', 'firmwareVersionInvalid')),
      'the message of an invalid version',
    );

    await page.getByTestId('firmware-upload-version').fill(NEW);
    await fileInput(page).setInputFiles({
      name: 'empty.bin',
      mimeType: 'application/octet-stream',
      buffer: Buffer.alloc(0),
    });
    await submit();
    await expectVisible(page.getByText(en('errors', 'firmwareEmpty')), 'the message of an empty file');

    await fileInput(page).setInputFiles({
      name: 'huge.bin',
      mimeType: 'application/octet-stream',
      buffer: Buffer.alloc(maxBytes + 1),
    });
    await submit();
    await expectVisible(
      page.getByText(en('errors', 'firmwareTooLarge', { max: formatBytes(maxBytes, 'en') })),
      'the message of a large file',
    );
    // the same in German
    const german = await newContext(browser, 'de-DE', 'de');
    await loginViaApi(german.request, ADMIN.email, ADMIN.password);
    const dePage = await german.newPage();
    await dePage.goto('/a/firmware');
    await dePage.getByTestId('firmware-upload-version').fill('1.5 beta');
    await fileInput(dePage).setInputFiles({
      name: 'leer.bin',
      mimeType: 'application/octet-stream',
      buffer: Buffer.alloc(0),
    });
    await dePage.getByTestId('firmware-upload-submit').click();
    await expectVisible(
      dePage.getByText(text('de', 'errors', 'firmwareVersionInvalid')),
      'the German version message',
    );
    await expectVisible(
      dePage.getByText(text('de', 'errors', 'firmwareEmpty')),
      'the German empty-file message',
    );
    await german.close();
    expect(await storedVersions(), 'nothing stored').not.toContain(NEW);
    expect(await page.getByTestId(`firmware-version-${NEW}`).count(), 'nothing listed').toBe(0);

    // a good one: listed with its size and SHA-256 (shortened, the whole one copyable)
    await fileInput(page).setInputFiles({
      name: `hive-${NEW}.bin`,
      mimeType: 'application/octet-stream',
      buffer: image,
    });
    await submit();
    await expectVisible(page.getByTestId(`firmware-version-${NEW}`), 'the uploaded version in the list');
    const sha = crypto.createHash('sha256').update(image).digest('hex');
    expect(await page.getByTestId(`firmware-size-${NEW}`).textContent()).toBe('2.9 KiB');
    expect(await page.getByTestId(`firmware-size-${NEW}`).getAttribute('title')).toBe('3000');
    expect(await page.getByTestId(`firmware-sha-${NEW}`).getAttribute('data-sha256')).toBe(sha);
    expect(await page.getByTestId(`firmware-sha-${NEW}`).textContent()).toBe(`${sha.slice(0, 12)}…`);
    expect(await page.getByTestId(`firmware-version-${NEW}`).textContent()).toContain(`hive-${NEW}.bin`);
    expect(await storedVersions()).toContain(NEW);

    // the same version again: the server's refusal is shown under the form
    await page.getByTestId('firmware-upload-version').fill(NEW);
    await fileInput(page).setInputFiles({
      name: 'again.bin',
      mimeType: 'application/octet-stream',
      buffer: image,
    });
    await submit();
    await expectVisible(page.getByTestId('firmware-upload-refused'), 'the refusal of a second upload');
    expect(await page.getByTestId('firmware-upload-refused').textContent()).toContain(NEW);
  });

  it('1. the settings tab Firmware shows the same administration, with a link to /a/firmware', async () => {
    const tab = await context.newPage();
    await tab.goto('/settings?tab=firmware');
    await expectVisible(tab.getByTestId(`firmware-version-${NEW}`), 'the version in the settings tab');
    await tab.getByTestId('firmware-page-link').click();
    await expectVisible(tab.getByRole('heading', { level: 1, name: 'Firmware' }), 'the firmware page');
    await tab.close();
  });

  it('2. filters by current version, region and affiliation, select all, set the desired version: current and desired side by side', async () => {
    const [a, b, c] = devices as [Device, Device, Device];
    await page.goto('/a/firmware');
    await choose(page, 'firmware-filter-current', OLD);
    await expectVisible(
      page.getByTestId(`firmware-controller-${c.id}`),
      'the third controller by its version',
    );
    // the filtered list comes from the server: wait for its answer, not the list before it
    await expect.poll(() => page.getByTestId('firmware-controllers').locator('tbody tr').count()).toBe(3);
    await choose(page, 'firmware-filter-region', regionName);
    // the filtered list comes from the server: wait for its answer, not the list before it
    await expect.poll(() => page.getByTestId('firmware-controllers').locator('tbody tr').count()).toBe(3);
    await choose(page, 'firmware-filter-affiliation', affiliationName);
    await expect
      .poll(() => page.getByTestId(`firmware-controller-${c.id}`).count(), {
        message: 'C is not in the affiliation',
      })
      .toBe(0);
    // the filtered list comes from the server: wait for its answer, not the list before it
    await expect.poll(() => page.getByTestId('firmware-controllers').locator('tbody tr').count()).toBe(2);

    await page.getByTestId('firmware-select-all').click();
    expect(await page.getByTestId('firmware-chosen-count').textContent()).toBe(
      en('firmware', 'assign.chosen', { count: 2 }),
    );
    await choose(page, 'firmware-assign-version', NEW);
    await page.getByTestId('firmware-assign').click();
    await expectVisible(
      page.getByText(en('messages', 'firmwareAssigned', { count: 2, version: NEW })),
      'the server’s confirmation',
    );
    for (const d of [a, b]) {
      await expect.poll(() => page.getByTestId(`firmware-desired-${d.id}`).textContent()).toBe(NEW);
      expect(await page.getByTestId(`firmware-current-${d.id}`).textContent()).toBe(OLD);
      expect(await page.getByTestId(`firmware-state-${d.id}`).textContent()).toBe(
        en('firmware', 'controllers.updatePending'),
      );
    }
    // C, outside the affiliation, was not chosen
    await page.getByTestId('firmware-filter-reset').click();
    await choose(page, 'firmware-filter-current', OLD);
    await expectVisible(page.getByTestId(`firmware-controller-${c.id}`), 'C again without the other filters');
    expect(await page.getByTestId(`firmware-desired-${c.id}`).textContent()).toBe('–');

    // the wanted version cannot be deleted, and says why
    expect(await page.getByTestId(`firmware-wanted-${NEW}`).textContent()).toBe('2');
    const remove = page.getByTestId(`firmware-delete-${NEW}`);
    expect(await remove.isDisabled()).toBe(true);
    expect(await remove.getAttribute('aria-label')).toBe(
      en('firmware', 'versions.deleteWanted', { count: 2 }),
    );
    // and the transmitters are offered it in their next report's answer
    const answer = await reportVersion(a, OLD);
    expect(answer.config.firmware?.version).toBe(NEW);
  });

  it('4. a staged roll-out: stage 1 updates, the admin continues, a fall-back pauses it by itself with its reason', async () => {
    const byId = new Map(devices.map((d) => [d.id, d]));
    await page.goto('/a/firmware');
    await choose(page, 'firmware-filter-current', OLD);
    await expect.poll(() => page.getByTestId('firmware-controllers').locator('tbody tr').count()).toBe(3);
    // first no desired version at all (so a withdrawn offer leaves none)
    await page.getByTestId('firmware-select-all').click();
    await page.getByTestId('firmware-assign-clear').click();
    await expectVisible(
      page.getByText(en('messages', 'firmwareCleared', { count: 3 })),
      'the server’s confirmation of the clearing',
    );
    for (const d of devices)
      await expect.poll(() => page.getByTestId(`firmware-desired-${d.id}`).textContent()).toBe('–');
    // the selection is emptied once the refetched list is in (the mutation's own onSuccess runs after the
    // list's invalidation settled), a moment after the new desired versions show
    await expect
      .poll(() => page.getByTestId('firmware-chosen-count').textContent())
      .toBe(en('firmware', 'assign.chosen', { count: 0 }));
    await page.getByTestId('firmware-select-all').click();
    await choose(page, 'firmware-assign-version', NEW);
    await page.getByTestId('firmware-rollout-percent').fill('30');
    expect(await page.getByTestId('firmware-rollout-preview').textContent()).toBe(
      en('firmware', 'rollout.preview', { version: NEW, first: 1, rest: 2 }),
    );
    await page.getByTestId('firmware-rollout-start').click();
    await expectVisible(
      page.getByText(en('messages', 'firmwareRolloutStarted', { version: NEW, count: 1 })),
      'the start confirmation',
    );

    const card = page.locator('[data-testid^="firmware-rollout-status-"]').first();
    await expectVisible(card, 'the roll-out');
    const id = Number((await card.getAttribute('data-testid'))!.replace('firmware-rollout-status-', ''));
    const cell = (row: string, count: string) => page.getByTestId(`firmware-rollout-${id}-${row}-${count}`);
    expect(await card.textContent()).toBe(en('firmware', 'rollout.status.running'));
    expect(await cell('stage-1', 'total').textContent()).toBe('1');
    expect(await cell('stage-1', 'pending').textContent()).toBe('1');
    expect(await cell('all', 'waiting').textContent()).toBe('2');

    const detail = async () =>
      firmwareRolloutDetailSchema.parse(
        await (await context.request.get(`/api/admin/firmware/rollout/${id}`)).json(),
      );
    const first = (await detail()).controllers.find((m) => m.stage === 1)!;
    const firstDevice = byId.get(first.controllerId)!;

    // the first stage's controller installs the version and reports it
    await reportVersion(firstDevice, NEW);
    await expect
      .poll(() => cell('stage-1', 'updated').textContent(), {
        message: 'counted as updated',
        timeout: 20_000,
      })
      .toBe('1');

    // the admin continues to the rest
    await page.getByTestId(`firmware-rollout-continue-${id}`).click();
    await expect.poll(() => cell('stage-2', 'pending').textContent(), { timeout: 20_000 }).toBe('2');
    expect(await page.getByTestId(`firmware-rollout-stage-${id}`).textContent()).toContain(
      en('firmware', 'rollout.atStage', { stage: 2, percent: 30 }),
    );

    // the updated controller is back on its old version: the roll-out pauses by itself and says why
    await reportVersion(firstDevice, OLD);
    const alert = page.getByTestId(`firmware-paused-alert-${id}`);
    await expectVisible(alert, 'the paused alert', 20_000);
    expect(await alert.textContent()).toContain(
      en('firmware', 'rollout.reason.fellBack', { controller: firstDevice.name }),
    );
    expect(await page.getByTestId(`firmware-rollout-status-${id}`).textContent()).toBe(
      en('firmware', 'rollout.status.paused'),
    );
    expect(await cell('all', 'failed').textContent()).toBe('1');
    // offers are withdrawn while paused: the others are not offered the version
    const others = devices.filter((d) => d.id !== firstDevice.id);
    expect((await reportVersion(others[0]!, OLD)).config.firmware).toBeNull();

    // the member list names the failure
    await page.getByTestId(`firmware-rollout-details-${id}`).click();
    await expectVisible(
      page
        .getByTestId(`firmware-rollout-member-${id}-${firstDevice.id}`)
        .getByText(en('firmware', 'rollout.failure.fellBack')),
      'the failed controller in the list',
    );

    // the admin cancels it
    await page.getByTestId(`firmware-rollout-cancel-${id}`).click();
    await page.getByTestId(`firmware-rollout-cancel-confirm-${id}-confirm`).click();
    await expect
      .poll(() => page.getByTestId(`firmware-rollout-status-${id}`).textContent())
      .toBe(en('firmware', 'rollout.status.cancelled'));
    expect(await alert.count()).toBe(0);
  });

  it('1. a version no controller wants is deleted after confirmation', async () => {
    await page.goto('/a/firmware');
    await page.getByTestId('firmware-upload-version').fill(SPARE);
    await fileInput(page).setInputFiles({
      name: 'spare.bin',
      mimeType: 'application/octet-stream',
      buffer: crypto.randomBytes(500),
    });
    await page.getByTestId('firmware-upload-submit').click();
    await expectVisible(page.getByTestId(`firmware-version-${SPARE}`), 'the spare version');
    expect(await page.getByTestId(`firmware-wanted-${SPARE}`).textContent()).toBe('0');
    await page.getByTestId(`firmware-delete-${SPARE}`).click();
    await page.getByTestId('firmware-delete-confirm-confirm').click();
    await expect
      .poll(() => page.getByTestId(`firmware-version-${SPARE}`).count(), { message: 'the row is gone' })
      .toBe(0);
    expect(await storedVersions()).not.toContain(SPARE);
  });
});
