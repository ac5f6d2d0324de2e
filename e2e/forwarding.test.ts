import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { FORWARDING_SIGNATURE_HEADER } from '@hivescope/contract';
import { launchBrowser } from './lib/chromium';
import { newContext, sql } from './lib/app';
import { scan } from './lib/axe';
import { report } from './lib/device';
import { expectVisible } from './lib/expect';
import { ownerWithReportingHives } from './lib/hives';
import { activeUser } from './lib/users';
import { loginViaApi } from './lib/controllers';

const REPORT_ADDRESS = 'reports@example.org';

/** A POST the test's receiver got: the raw body and the signature header. */
type Received = { body: string; signature: string };

/**
 * Forwarding in Settings → Controllers (docs/forwarding.md): an owner opens a channel's forwardings, sees
 * "No forwardings yet", adds a URL (its signing key shown once) and an e-mail address; a bad URL and a private
 * address show the localised message and add nothing; an FTP form without its fields says which are missing;
 * a forwarding is deleted only after confirming. The next report reaches the URL signed with the key that was
 * shown, the list shows that delivery, and a URL nobody answers shows its error. A watcher is not offered
 * forwarding. The receivers listen on loopback, which the e2e server allows (FORWARD_ALLOW_HOSTS).
 */
describe('forwarding: per channel, owner only', () => {
  let browser: Browser;
  let owner: BrowserContext;
  let controllerId = 0;
  let device: { token: string; imsi: string; imei: string };
  let receiver: http.Server;
  const received: Received[] = [];
  let hookUrl = '';
  let signingKey = '';

  const forwardingsOf = async (channel: number) =>
    sql<{ id: number; kind: string }>(
      'SELECT id, kind FROM forwardings WHERE controller_id = $1 AND channel = $2 ORDER BY id',
      [controllerId, channel],
    );

  /** The controller's forwarding part with `channel` opened (a fresh page load reads the list anew). */
  async function openChannel(page: Page, channel: number) {
    await page.goto(`/settings?tab=controllers&controller=${controllerId}&section=forwarding`);
    const section = page.getByTestId(`forwarding-${controllerId}`);
    await section.getByTestId(`forwarding-channel-toggle-${channel}`).click();
    const panel = section.getByTestId(`forwardings-${channel}`);
    await expectVisible(panel, `channel ${channel}'s forwardings`);
    return panel;
  }

  /** axe's critical and serious findings and the structure rules the accessibility suite also blocks on. */
  async function blockingViolations(page: Page) {
    const structure = ['heading-order', 'label-content-name-mismatch', 'empty-table-header'];
    return (await scan(page))
      .filter((v) => v.impact === 'critical' || v.impact === 'serious' || structure.includes(v.id))
      .map((v) => `${v.id}: ${v.targets.slice(0, 5).join(' | ')}`);
  }

  /** A loopback port nobody listens on: a URL there fails at once with "connection refused". */
  async function closedPort() {
    const s = http.createServer();
    await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
    const { port } = s.address() as AddressInfo;
    await new Promise((resolve) => s.close(resolve));
    return port;
  }

  beforeAll(async () => {
    browser = await launchBrowser();
    const hives = await ownerWithReportingHives(browser, 'Bienenstand Weiterleitung');
    ({ controllerId, device } = hives);
    // the owner's session in a context that lets axe's script past the app's CSP (as e2e/a11y.test.ts does)
    owner = await newContext(browser, 'en-US', null, {
      bypassCSP: true,
      storageState: await hives.context.storageState(),
    });
    await hives.context.close();
    receiver = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const signature = req.headers[FORWARDING_SIGNATURE_HEADER.toLowerCase()];
        received.push({ body: Buffer.concat(chunks).toString('utf8'), signature: String(signature ?? '') });
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  });
  afterAll(async () => {
    await browser.close();
    await new Promise((resolve) => receiver.close(resolve));
  });

  it('adds a URL (key shown once) and an e-mail address, refuses bad targets, deletes after confirming', async () => {
    const page = await owner.newPage();
    const panel = await openChannel(page, 1);
    await expectVisible(panel.getByText('No forwardings yet'), 'the empty list');
    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().includes('/forwarding')) posts.push(r.url());
    });
    const url = panel.getByRole('textbox', { name: 'URL', exact: true });

    // a malformed URL: the contract's message under the field, nothing sent
    await panel.getByLabel('URL (JSON POST)').check();
    await url.fill('example.org/hook');
    await panel.getByTestId('forwarding-submit').click();
    await expectVisible(
      panel.getByText('Enter a web address starting with https:// or http://, without user name or password'),
      'the bad-URL message',
    );
    expect(posts).toEqual([]);
    // a private address: the server refuses it in the page's language, nothing stored
    await url.fill('http://10.0.0.5/hook');
    await panel.getByTestId('forwarding-submit').click();
    await expectVisible(
      panel.getByText(
        'This address belongs to a local, private or internal network; forwardings go to outside systems only',
      ),
      'the refusal of a private address',
    );
    expect(posts.length).toBe(1);
    expect(await forwardingsOf(1)).toEqual([]);

    // a good URL: created, and its signing key is shown this once with a copy button
    await url.fill(hookUrl);
    await panel.getByTestId('forwarding-submit').click();
    const dialog = page.getByRole('dialog', { name: 'Signing key of the new forwarding' });
    await expectVisible(dialog, 'the signing key dialog');
    await expectVisible(dialog.getByText('It will not be shown again'), 'the shown-once note');
    signingKey = ((await dialog.getByTestId('forwarding-key').textContent()) ?? '').trim();
    expect(signingKey.length).toBeGreaterThanOrEqual(32);
    // the dialog takes the focus onto its copy button
    await expect.poll(() => page.locator(':focus').getAttribute('data-testid')).toBe('forwarding-key-copy');
    expect(await blockingViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'I have saved the key' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    const httpRow = panel.locator('[data-testid^="forwarding-row-"]', { hasText: hookUrl });
    await expectVisible(httpRow, 'the URL forwarding in the list');
    await expect.poll(() => httpRow.textContent()).toContain('Not delivered yet');
    expect((await forwardingsOf(1)).map((f) => f.kind)).toEqual(['http']);

    // an e-mail address of a reporting service: no key
    await panel.getByLabel('E-mail to a reporting service').check();
    await panel
      .getByRole('textbox', { name: 'E-mail address of the reporting service' })
      .fill(REPORT_ADDRESS);
    await panel.getByTestId('forwarding-submit').click();
    const mailRow = panel.locator('[data-testid^="forwarding-row-"]', { hasText: REPORT_ADDRESS });
    await expectVisible(mailRow, 'the e-mail forwarding in the list');
    expect(await dialog.count()).toBe(0);
    expect((await forwardingsOf(1)).map((f) => f.kind)).toEqual(['http', 'email']);

    // FTP without server, login and password: each of them says so, nothing is sent
    await panel.getByLabel('FTP server (CSV file)').check();
    await expectVisible(panel.getByRole('switch', { name: 'FTPS (explicit TLS)' }), 'the FTPS switch');
    await panel.getByTestId('forwarding-submit').click();
    await expect.poll(() => panel.getByText('Field is required').count()).toBe(3);
    expect(posts.length).toBe(3);
    expect(await blockingViolations(page)).toEqual([]);

    // the key is not shown again: not after a reload
    const again = await openChannel(page, 1);
    await expectVisible(again.locator('[data-testid^="forwarding-row-"]', { hasText: hookUrl }), 'the URL');
    expect(await page.getByText(signingKey).count()).toBe(0);

    // delete: cancelling keeps it, confirming removes it
    const row = again.locator('[data-testid^="forwarding-row-"]', { hasText: REPORT_ADDRESS });
    await row.getByRole('button', { name: `Delete the forwarding to ${REPORT_ADDRESS}` }).click();
    await expectVisible(page.getByRole('dialog', { name: 'Delete forwarding' }), 'the delete confirmation');
    await page.getByTestId('forwarding-delete-dialog-cancel').click();
    expect((await forwardingsOf(1)).length).toBe(2);
    await row.getByTestId('forwarding-delete').click();
    await page.getByTestId('forwarding-delete-dialog-confirm').click();
    await expect.poll(() => row.count()).toBe(0);
    expect((await forwardingsOf(1)).map((f) => f.kind)).toEqual(['http']);
    await page.close();
  });

  it(
    'the next report reaches the URL signed with the shown key; the list shows the delivery and a failing URL’s error',
    { timeout: 200_000 },
    async () => {
      expect(signingKey).not.toBe('');
      const refused = `http://127.0.0.1:${await closedPort()}/hook`;
      const added = await owner.request.post(`/api/controller/${controllerId}/channel/2/forwarding`, {
        data: { kind: 'http', url: refused },
      });
      expect(added.status()).toBe(200);
      const now = new Date();
      const sent = await report(device.token, device, [
        {
          time: now,
          channels: [
            { channel: 1, weight: 41.5 },
            { channel: 2, weight: 36.25 },
          ],
        },
      ]);
      expect(sent.status).toBe(200);

      // the scan runs every minute, the send right after it (docs/forwarding.md)
      await expect
        .poll(() => received.find((r) => r.body.includes(now.toISOString())), {
          timeout: 150_000,
          interval: 1000,
        })
        .toBeDefined();
      const post = received.find((r) => r.body.includes(now.toISOString()))!;
      const expected = `sha256=${crypto.createHmac('sha256', signingKey).update(post.body, 'utf8').digest('hex')}`;
      expect(post.signature).toBe(expected);
      expect(JSON.parse(post.body)).toMatchObject({ channel: 1 });

      const page = await owner.newPage();
      await expect
        .poll(
          async () => {
            const panel = await openChannel(page, 1);
            return panel.getByTestId('forwarding-last').first().textContent();
          },
          { timeout: 30_000, interval: 2000 },
        )
        .not.toBe('Not delivered yet');
      await expect
        .poll(
          async () => {
            const panel = await openChannel(page, 2);
            return panel.getByTestId('forwarding-error').count();
          },
          { timeout: 90_000, interval: 3000 },
        )
        .toBe(1);
      const error = page.getByTestId('forwardings-2').getByTestId('forwarding-error');
      expect(await error.textContent()).toMatch(/^Last attempt \(.+\) failed: .+/);
      expect(await page.getByTestId('forwardings-2').getByTestId('forwarding-last').textContent()).toBe(
        'Not delivered yet',
      );

      // another channel's list, in German
      await page.goto('/?lang=de');
      // as a person does, the next page is opened once this one shows German (the app has stored the choice by then)
      await page.getByTestId('nav-settings').filter({ hasText: 'Einstellungen' }).waitFor();
      const channel3 = await openChannel(page, 3);
      await expectVisible(channel3.getByText('Noch keine Weiterleitungen'), 'the German empty list');
      await page.goto('/?lang=en');
      await page.close();
    },
  );

  it('a watcher of the controller is not offered forwarding', async () => {
    const watcher = await activeUser();
    const context = await newContext(browser);
    await loginViaApi(context.request, watcher.email, watcher.password);
    const [row] = await sql<{ watch_code: string }>('SELECT watch_code FROM controllers WHERE id = $1', [
      controllerId,
    ]);
    const watched = await context.request.post('/api/controller/watches', {
      data: { code: row!.watch_code },
    });
    expect(watched.status()).toBe(200);
    const page = await context.newPage();
    await page.goto(`/settings?tab=controllers&controller=${controllerId}&section=forwarding`);
    await expectVisible(page.getByTestId(`controller-readonly-${controllerId}`), 'the read-only controller');
    expect(await page.getByTestId(`forwarding-${controllerId}`).count()).toBe(0);
    expect(await page.getByText('Add a forwarding').count()).toBe(0);
    await context.close();
  });
});
