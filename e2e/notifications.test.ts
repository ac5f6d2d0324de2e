import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { globalSettingsSchema, muteListSchema } from '@hivescope/contract';
import { launchBrowser } from './lib/chromium';
import { inboxUrl, newContext, smsInboxUrl, sql, uniqueEmail } from './lib/app';
import { activeUser, adminWithProfile } from './lib/users';
import { createControllerViaApi, loginViaApi, registerControllerViaApi } from './lib/controllers';
import { report } from './lib/device';
import { expectUrl, expectVisible } from './lib/expect';
import { ownerWithReportingHives } from './lib/hives';
import { recordAlarmEvents } from './lib/alarms';
import { waitForMail } from './lib/smtp';
import { waitForSms } from './lib/sms';
import { ADMIN } from './global-setup';

const HOUR = 3_600_000;

/**
 * Alarms in the browser (docs/alarms.md): Settings → Notifications (channels, types per controller, mutes,
 * recent events), the confirmation link, mute buttons on the dashboard tiles, alarm markers on the timeline,
 * /a/notifications, /a/variables, the history start of a new scale and the admin's reset of the notification
 * count. German screens where the spec names the German text ("Erfolgreich gespeichert.").
 */
describe('notifications and alarms', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  async function adminRequest() {
    const context = await newContext(browser);
    contexts.push(context);
    await loginViaApi(context.request, ADMIN.email, ADMIN.password);
    return context;
  }

  /** A logged-in owner (UI language `lang`) of a new controller with one weight scale per name. */
  async function owner(name: string, scales: string[], lang = 'en') {
    const admin = await adminRequest();
    const device = await createControllerViaApi(admin.request, name);
    const user = await activeUser({ locale: lang });
    const context = await newContext(browser, lang === 'de' ? 'de-CH' : 'en-US', lang);
    contexts.push(context);
    await loginViaApi(context.request, user.email, user.password);
    await registerControllerViaApi(context.request, device, scales);
    const page = await context.newPage();
    return { user, device, context, page, controllerId: device.id };
  }

  /** "15:45": how the app writes a time in German. */
  const deTime = (iso: string) =>
    new Intl.DateTimeFormat('de', { timeStyle: 'short' }).format(new Date(iso)).replace(/\s/g, ' ');

  async function mutesOf(context: BrowserContext, controllerId: number) {
    const answer = await context.request.get(`/api/notification/mute?idcontroller=${controllerId}`);
    expect(answer.status()).toBe(200);
    return muteListSchema.parse(await answer.json());
  }

  beforeAll(async () => {
    browser = await launchBrowser();
    await adminWithProfile(ADMIN.email);
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser.close();
  });

  describe('1. Settings → Notifications', () => {
    it('a controller needs at least one notification type; saving shows "Erfolgreich gespeichert."; window and count are shown', async () => {
      const { page, controllerId } = await owner('Stand Typen', ['Volk Ahorn'], 'de');
      await page.goto('/settings?tab=notifications');
      const card = page.getByTestId(`controller-alarms-${controllerId}`);
      await expectVisible(card.getByTestId('alarm-types-form'), 'the notification types of the controller');
      await expectVisible(card.getByTestId('alarm-window'), 'the alarm window');
      expect(await card.getByTestId('alarm-window').textContent()).toMatch(/09:00.*19:00/);
      expect(await card.getByTestId('remaining-notifications').textContent()).toBe(
        'Verbleibende Benachrichtigungen: 100',
      );

      // every type unticked: the form refuses with the spec's rule, nothing is saved
      const boxes = ['swarm', 'disturbance', 'activity'];
      for (const type of boxes) {
        const box = card.getByTestId(`alarm-type-${type}`);
        if (await box.isChecked()) await box.uncheck();
      }
      await card.getByTestId('alarm-types-save').click();
      await expectVisible(
        card.getByText('Mindestens eine Benachrichtigungsart muss ausgewählt sein').first(),
        'the "at least one type" message',
      );

      await card.getByTestId('alarm-type-swarm').check();
      await card.getByTestId('alarm-types-save').click();
      await expectVisible(page.getByText('Erfolgreich gespeichert.').first(), 'the success toast');
      const saved = await page
        .context()
        .request.get(`/api/notification/settings?idcontroller=${controllerId}`);
      expect(((await saved.json()) as { types: string[] }).types).toEqual(['swarm']);
      // after a reload the saved choice is shown
      await page.reload();
      await expectVisible(card.getByTestId('alarm-types-form'), 'the form again');
      expect(await card.getByTestId('alarm-type-swarm').isChecked()).toBe(true);
      expect(await card.getByTestId('alarm-type-activity').isChecked()).toBe(false);
    });

    it('mutes the swarm alarm for an hour ("Stumm bis HH:MM") and unmutes it', async () => {
      const { page, context, controllerId } = await owner('Stand Stumm', ['Volk Esche'], 'de');
      await page.goto('/settings?tab=notifications');
      const row = page.getByTestId(`controller-alarms-${controllerId}`).getByTestId('mute-row-swarm');
      await expectVisible(row.getByTestId('mute-swarm-1'), 'the "mute 1 hour" button');
      const before = Date.now();
      await row.getByTestId('mute-swarm-1').click();
      await expect.poll(() => row.getAttribute('data-muted')).toBe('true');
      const [mute] = await mutesOf(context, controllerId);
      expect(mute?.notificationType).toBe('swarm');
      const end = Date.parse(mute!.endDate);
      expect(end - before).toBeGreaterThan(HOUR - 60_000);
      expect(end - before).toBeLessThan(HOUR + 60_000);
      expect((await row.getByTestId('mute-state').textContent())?.replace(/\s/g, ' ')).toBe(
        `Stumm bis ${deTime(mute!.endDate)}`,
      );
      // the other types stay as they were
      expect(await page.getByTestId('mute-row-activity').getAttribute('data-muted')).toBe('false');

      await row.getByTestId('unmute-swarm').click();
      await expect.poll(() => row.getAttribute('data-muted')).toBe('false');
      expect(await mutesOf(context, controllerId)).toEqual([]);
      expect(await row.getByTestId('mute-state').textContent()).toBe('Nicht stummgeschaltet');
    });

    it('refuses a mobile number that is not in international form, in the UI language, without asking the server', async () => {
      const { page } = await owner('Stand Nummer', ['Volk Eibe'], 'de');
      const posts: string[] = [];
      page.on('request', (r) => {
        if (r.method() === 'POST' && r.url().endsWith('/api/notification')) posts.push(r.url());
      });
      await page.goto('/settings?tab=notifications');
      const form = page.getByTestId('add-channel-form');
      await form.getByTestId('channel-type').click();
      await page.getByRole('option', { name: 'SMS' }).click();
      await form.getByTestId('channel-address').fill('079 123 45 67');
      await form.getByTestId('channel-add').click();
      await expectVisible(form.getByText(/Ungültige Mobilnummer/).first(), 'the invalid-number message');
      await form.getByTestId('channel-type').click();
      await page.getByRole('option', { name: 'E-Mail' }).click();
      await form.getByTestId('channel-address').fill('kein-at-zeichen');
      await form.getByTestId('channel-add').click();
      await expectVisible(form.getByText('Ungültige E-Mail-Adresse').first(), 'the invalid-address message');
      expect(posts).toEqual([]);
    });

    it('adds an e-mail channel (pending), which the link in the mail confirms while logged out; test message; remove', async () => {
      const { page, context } = await owner('Stand Kanal', ['Volk Linde'], 'en');
      const address = uniqueEmail('alarm');
      await page.goto('/settings?tab=notifications');
      await page.getByTestId('channel-address').fill(address);
      await page.getByTestId('channel-add').click();
      const row = page.locator(`[data-testid^="channel-row-"][data-address="${address}"]`);
      await expectVisible(row, 'the new channel');
      expect(await row.getAttribute('data-status')).toBe('pending');
      expect(await row.getByTestId('channel-status').textContent()).toBe('Waiting for confirmation');
      expect(await row.getByTestId('channel-test').count()).toBe(0);

      // the confirmation link, opened in a browser where nobody is logged in
      const mail = await waitForMail(inboxUrl(), address);
      const link = /\/notifications\/confirm\?token=[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
      expect(link).toBeDefined();
      const stranger = await newContext(browser);
      contexts.push(stranger);
      const confirmPage = await stranger.newPage();
      await confirmPage.goto(link!);
      await expectVisible(confirmPage.getByTestId('channel-confirm-success'), 'the confirmation');
      expect(await confirmPage.locator('h1').textContent()).toBe('Confirm notification channel');

      await page.reload();
      await expect.poll(() => row.getAttribute('data-status')).toBe('active');
      await row.getByTestId('channel-test').click();
      await expectVisible(page.getByText('Test message sent.').first(), 'the test toast');
      await waitForMail(inboxUrl(), address);

      await row.getByTestId('channel-remove').click();
      await expectVisible(page.getByTestId('channel-remove-dialog-confirm'), 'the remove dialog');
      await page.getByTestId('channel-remove-dialog-confirm').click();
      await expect.poll(() => row.count()).toBe(0);
      const left = (await (await context.request.get('/api/notification')).json()) as unknown[];
      expect(left).toEqual([]);
    });

    it('adds a mobile number (pending), confirms it with the code of the SMS after a wrong one and a resend', async () => {
      const { page } = await owner('Stand SMS', ['Volk Linde'], 'en');
      const number = `+4179${String(Date.now()).slice(-7)}`;
      const typed = `${number.slice(0, 3)} ${number.slice(3, 5)} ${number.slice(5, 8)} ${number.slice(8)}`;
      await page.goto('/settings?tab=notifications');
      const form = page.getByTestId('add-channel-form');
      await form.getByTestId('channel-type').click();
      await page.getByRole('option', { name: 'SMS' }).click();
      await form.getByTestId('channel-address').fill(typed);
      await form.getByTestId('channel-add').click();
      const row = page.locator(`[data-testid^="channel-row-"][data-address="${number}"]`);
      await expectVisible(row, 'the new SMS channel, written without spaces');
      expect(await row.getAttribute('data-status')).toBe('pending');

      const codeOf = (body: string) => /\b(\d{6})\b/.exec(body)?.[1];
      const first = codeOf((await waitForSms(smsInboxUrl(), number)).body);
      expect(first).toBeDefined();
      await row.getByTestId('channel-code').fill(first === '000000' ? '111111' : '000000');
      await row.getByTestId('channel-confirm').click();
      await expectVisible(
        row.getByText('The confirmation code or link is invalid or has expired'),
        'the wrong-code message',
      );
      expect(await row.getAttribute('data-status')).toBe('pending');

      // a new code replaces the first one
      await row.getByTestId('channel-resend').click();
      const sent = async () =>
        ((await (await fetch(smsInboxUrl())).json()) as { to: string; body: string }[]).filter(
          (m) => m.to === number,
        );
      await expect.poll(async () => (await sent()).length).toBe(2);
      const second = codeOf((await sent())[1]!.body);
      await row.getByTestId('channel-code').fill(second!);
      await row.getByTestId('channel-confirm').click();
      await expect.poll(() => row.getAttribute('data-status')).toBe('active');
      expect(await row.getByTestId('channel-status').textContent()).toBe('Active');
      await row.getByTestId('channel-test').click();
      await expect.poll(async () => (await sent()).length).toBe(3);
    });

    it('lists recent events with type, time, scale and text; the link opens the timeline at that moment', async () => {
      const hives = await ownerWithReportingHives(browser, 'Stand Ereignis');
      contexts.push(hives.context);
      const time = new Date((hives.lastTime - 48 * 3600) * 1000);
      const [id] = await recordAlarmEvents([
        {
          controllerId: hives.controllerId,
          scaleId: hives.linde,
          channel: 1,
          type: 'swarm',
          time,
          delta: -2.4,
        },
      ]);
      const page = await hives.context.newPage();
      await page.goto('/settings?tab=notifications');
      const row = page.getByTestId(`event-row-${id}`);
      await expectVisible(row, 'the swarm event in the list');
      const text = (await row.textContent()) ?? '';
      expect(text).toContain('Swarm');
      expect(text).toContain('Volk Linde');
      expect(text).toContain('Stand Ereignis');

      await row.getByTestId('event-timeline-link').click();
      await expectUrl(page, new RegExp(`/timeline\\?series=s${hives.linde}\\.weight`));
      const url = new URL(page.url());
      const at = time.getTime() / 1000;
      expect(Number(url.searchParams.get('xmin'))).toBeLessThan(at);
      expect(Number(url.searchParams.get('xmax'))).toBeGreaterThan(at);
      // item 4: the same event is a marker on the chart, with its legend entry
      await expectVisible(page.getByTestId(`chart-marker-alarm-${id}`), 'the alarm marker');
      // the legend counts every alarm drawn (the detectors may find more in the simulated hives' weights)
      const drawn = await page.locator('[data-testid^="chart-marker-alarm-"]').count();
      expect(drawn).toBeGreaterThanOrEqual(1);
      expect(await page.getByTestId('legend-alarms').textContent()).toBe(
        drawn === 1 ? '1 alarm' : `${drawn} alarms`,
      );
    });

    it('lists the latest events whatever their age, 50 at a time, older ones with "Load more" (docs/alarms.md "Recent events")', async () => {
      const hives = await ownerWithReportingHives(browser, 'Stand Ruhig');
      contexts.push(hives.context);
      // a quiet last month: 54 events two to four months ago, the oldest 120 days back
      const DAY = 86_400_000;
      const events = Array.from({ length: 55 }, (_, i) => ({
        controllerId: hives.controllerId,
        scaleId: hives.linde,
        channel: 1,
        type: 'swarm' as const,
        time: new Date(Date.now() - (60 + i) * DAY - (i === 54 ? 6 * DAY : 0)),
        delta: -2,
      }));
      const ids = await recordAlarmEvents(events);
      const page = await hives.context.newPage();
      await page.goto('/settings?tab=notifications');
      await expectVisible(page.getByTestId(`event-row-${ids[0]}`), 'an event of two months ago');
      expect(await page.getByTestId('events-empty').count()).toBe(0);
      const count = page.getByTestId('events-count');
      expect(await count.getAttribute('data-count')).toBe('50');
      expect(await page.getByTestId(`event-row-${ids[54]}`).count()).toBe(0);
      await page.getByTestId('events-more').click();
      await expectVisible(page.getByTestId(`event-row-${ids[54]}`), 'the oldest event, on the second page');
      // 55, and any the detectors found in the simulated weights of the last days
      await expect
        .poll(async () => Number(await count.getAttribute('data-count')))
        .toBeGreaterThanOrEqual(55);
      for (const id of ids) expect(await page.getByTestId(`event-row-${id}`).count(), `event ${id}`).toBe(1);
      expect(await page.getByTestId('events-more').count()).toBe(0);
      await page.close();
    });
  });

  describe("the alarm SMS's short link", () => {
    it('/alarm/<id> opens the timeline at the event; an event of somebody else is not found', async () => {
      const hives = await ownerWithReportingHives(browser, 'Stand Kurzlink');
      contexts.push(hives.context);
      const time = new Date((hives.lastTime - 30 * 3600) * 1000);
      const [id] = await recordAlarmEvents([
        {
          controllerId: hives.controllerId,
          scaleId: hives.raps,
          channel: 2,
          type: 'removed',
          time,
          delta: -36,
        },
      ]);
      const page = await hives.context.newPage();
      await page.goto(`/alarm/${id}`);
      await expectUrl(
        page,
        new RegExp(`/timeline\\?series=s${hives.raps}\\.weight&expanded=${hives.controllerId}&`),
      );
      await expectVisible(page.getByTestId(`chart-marker-alarm-${id}`), 'the marker of the alarm');
      const url = new URL(page.url());
      expect(Number(url.searchParams.get('xmax')) - Number(url.searchParams.get('xmin'))).toBe(24 * 3600);

      const stranger = await owner('Stand Fremd', ['Volk Fremd'], 'en');
      await stranger.page.goto(`/alarm/${id}`);
      await expectVisible(stranger.page.getByTestId('alarm-link-error'), 'the not-found message');
      expect(await stranger.page.getByTestId('alarm-link-error').textContent()).toContain(
        'This event does not exist (any more).',
      );
    });
  });

  describe('2. the confirmation page', () => {
    it('shows the error of an unknown or malformed link, logged out', async () => {
      const context = await newContext(browser);
      contexts.push(context);
      const page = await context.newPage();
      await page.goto(`/notifications/confirm?token=${'x'.repeat(32)}`);
      await expectVisible(page.getByTestId('channel-confirm-error'), 'the error of an unknown token');
      expect(await page.getByTestId('channel-confirm-error').textContent()).toBe(
        'The confirmation code or link is invalid or has expired',
      );
      await page.goto('/notifications/confirm');
      await expectVisible(page.getByTestId('channel-confirm-error'), 'the error of a link without token');
      expect(await page.getByTestId('login-form').count()).toBe(0);
    });
  });

  describe('3. dashboard tiles', () => {
    it("mutes a controller's disturbance alarm for 2 hours from the tile's menu, shows until when, and unmutes", async () => {
      const { page, context, controllerId } = await owner('Stand Kachel', ['Volk Ulme'], 'de');
      await page.goto('/dashboard');
      const card = page.getByTestId(`controller-card-${controllerId}`);
      await card.getByTestId('mute-menu').click();
      await page.getByTestId('mute-disturbance-2').click();
      const badge = card.getByTestId('mute-badge-disturbance');
      await expectVisible(badge, 'the mute badge on the tile');
      const [mute] = await mutesOf(context, controllerId);
      expect(mute?.notificationType).toBe('disturbance');
      expect(Date.parse(mute!.endDate) - Date.now()).toBeGreaterThan(2 * HOUR - 120_000);
      expect((await badge.textContent())?.replace(/\s/g, ' ')).toBe(
        `Störung / Volk entfernt stumm bis ${deTime(mute!.endDate)}`,
      );
      // the open menu offers the unmute instead of the mute lengths for that type
      await card.getByTestId('mute-menu').click();
      expect(await page.getByTestId('mute-disturbance-1').count()).toBe(0);
      await page.getByTestId('unmute-disturbance').click();
      await expect.poll(() => badge.count()).toBe(0);
      expect(await mutesOf(context, controllerId)).toEqual([]);
    });
  });

  describe('4. timeline', () => {
    it('draws the alarms of the shown scales as markers; the tooltip gives type, time and weight change', async () => {
      const hives = await ownerWithReportingHives(browser, 'Stand Marke');
      contexts.push(hives.context);
      const at = hives.lastTime - 24 * 3600;
      const [swarm, other] = await recordAlarmEvents([
        {
          controllerId: hives.controllerId,
          scaleId: hives.linde,
          channel: 1,
          type: 'swarm',
          time: new Date(at * 1000),
          delta: -2.4,
        },
        // an alarm of a scale that is not shown is not drawn
        {
          controllerId: hives.controllerId,
          scaleId: hives.raps,
          channel: 2,
          type: 'removed',
          time: new Date((at - 3600) * 1000),
          delta: -35,
        },
      ]);
      const page = await hives.context.newPage();
      const xmin = at - 2 * 86_400;
      const xmax = at + 86_400;
      await page.goto(
        `/timeline?series=s${hives.linde}.weight&expanded=${hives.controllerId}&xmin=${xmin}&xmax=${xmax}`,
      );
      const marker = page.getByTestId(`chart-marker-alarm-${swarm}`);
      await expectVisible(marker, 'the swarm marker');
      expect(await page.getByTestId(`chart-marker-alarm-${other}`).count()).toBe(0);
      expect(await marker.textContent()).toBe('Swarm · Volk Linde');
      // the legend counts every alarm drawn (the detectors may find more in the simulated hives' weights)
      const drawn = await page.locator('[data-testid^="chart-marker-alarm-"]').count();
      expect(drawn).toBeGreaterThanOrEqual(1);
      expect(await page.getByTestId('legend-alarms').textContent()).toBe(
        drawn === 1 ? '1 alarm' : `${drawn} alarms`,
      );

      const box = await marker.boundingBox();
      expect(box).not.toBeNull();
      await page.mouse.move(box!.x + 1, box!.y + box!.height / 2);
      const tooltip = page.getByTestId('chart-tooltip');
      await expectVisible(tooltip, 'the chart tooltip at the marker');
      const text = (await tooltip.textContent()) ?? '';
      expect(text).toContain('Swarm · Volk Linde · ');
      expect(text).toContain('-2.4 kg');
    });
  });

  describe('5. /a/notifications', () => {
    it('lists every event newest first, filters by controller and type, loads more, sorts, searches and deletes one', async () => {
      const admin = await adminRequest();
      const device = await createControllerViaApi(admin.request, 'Stand Liste');
      const start = Date.now() - 10 * 86_400_000;
      const ids = await recordAlarmEvents(
        Array.from({ length: 60 }, (_, i) => ({
          controllerId: device.id,
          scaleId: null,
          channel: null,
          type: i % 12 === 0 ? ('battery' as const) : ('silent' as const),
          time: new Date(start + i * HOUR),
          delta: i % 12 === 0 ? 3.5 : null,
          delivery: 'none' as const,
        })),
      );
      const page = await admin.newPage();
      await page.goto('/a/notifications');
      const rows = page.locator('[data-testid^="admin-event-"][data-controller]');
      // the table keeps the unfiltered rows on screen until the filtered page arrives: wait for it
      const filtered = page.waitForResponse(
        (r) => r.url().includes('/api/admin/notifications?') && r.url().includes(`idcontroller=${device.id}`),
      );
      await page.getByTestId('admin-events-controller').fill(String(device.id));
      expect((await filtered).status()).toBe(200);
      // newest first
      await expect.poll(() => rows.first().getAttribute('data-testid')).toBe(`admin-event-${ids[59]}`);
      expect(await rows.count()).toBe(50);
      expect(await rows.first().getByTestId('event-delivery').textContent()).toBe('No channel');
      await page.getByTestId('admin-events-more').click();
      await expect.poll(() => rows.count()).toBe(60);
      expect(await page.getByTestId('admin-events-more').count()).toBe(0);
      expect(await page.getByTestId('admin-events-count').getAttribute('data-count')).toBe('60');
      // a header click sorts on the server (time found, oldest first) and starts again at the first page
      const sorted = page.waitForResponse(
        (r) => r.url().includes('/api/admin/notifications?') && r.url().includes('sort=detectedAt'),
      );
      await page.getByTestId('admin-events-sort-detectedAt').click();
      expect(new URL((await sorted).url()).searchParams.get('order')).toBe('asc');
      await expect.poll(() => rows.first().getAttribute('data-testid')).toBe(`admin-event-${ids[0]}`);
      expect(await rows.count()).toBe(50);
      // the delivery filter: every one of these events reached no channel
      await page.getByTestId('admin-events-delivery').click();
      await page.getByRole('option', { name: 'Sent' }).click();
      await expectVisible(page.getByTestId('admin-events-empty'), 'no sent event of this transmitter');
      await page.getByTestId('admin-events-delivery').click();
      await page.getByRole('option', { name: 'No channel' }).click();
      await expect.poll(() => rows.count()).toBe(50);

      await page.getByTestId('admin-events-type').click();
      await page.getByRole('option', { name: 'Low battery' }).click();
      await expect.poll(() => rows.count()).toBe(5);
      const victim = page.getByTestId(`admin-event-${ids[12]}`);
      await victim.getByTestId('admin-event-delete').click();
      await page.getByTestId('admin-event-delete-dialog-confirm').click();
      await expect.poll(() => rows.count()).toBe(4);
      const left = await sql('SELECT id FROM alarm_events WHERE controller_id = $1', [device.id]);
      expect(left).toHaveLength(59);

      // the search box asks the server: the transmitter's name and id, without the other filters
      const search = await admin.newPage();
      await search.goto('/a/notifications');
      const found = search.locator('[data-testid^="admin-event-"][data-controller]');
      const asked = search.waitForResponse(
        (r) => r.url().includes('/api/admin/notifications?') && r.url().includes('q='),
      );
      await search.getByTestId('admin-events-filter').fill(`Liste ${device.id}`);
      expect(new URL((await asked).url()).searchParams.get('q')).toBe(`Liste ${device.id}`);
      await expect.poll(() => found.first().getAttribute('data-testid')).toBe(`admin-event-${ids[59]}`);
      expect(await found.count()).toBe(50);
      await search.getByTestId('admin-events-more').click();
      await expect.poll(() => found.count()).toBe(59);
      const controllers = await Promise.all(
        (await found.all()).map((r) => r.getAttribute('data-controller')),
      );
      expect(new Set(controllers)).toEqual(new Set([String(device.id)]));
    });
  });

  describe('6. /a/variables', () => {
    it('explains, validates and saves the six global settings', async () => {
      const admin = await adminRequest();
      const before = globalSettingsSchema.parse(
        await (await admin.request.get('/api/admin/settings')).json(),
      );
      const page = await admin.newPage();
      const posts: string[] = [];
      page.on('request', (r) => {
        if (r.method() === 'POST' && r.url().endsWith('/api/admin/settings')) posts.push(r.url());
      });
      try {
        await page.goto('/a/variables');
        const form = page.getByTestId('variables-form');
        await expectVisible(form, 'the variables form');
        expect(await form.locator('input').count()).toBe(6);
        await expectVisible(form.getByText('Trigger gain level (kg/day)'), 'a labelled setting');
        await expectVisible(form.getByText(/strong nectar flow/), 'its help text');

        await page.getByTestId('variable-activityTriggerGainLevel').fill('60');
        await page.getByTestId('variables-save').click();
        await expectVisible(form.getByText('Allowed: 0.1 to 50'), 'the range message');
        expect(posts).toEqual([]);

        await page.getByTestId('variable-activityTriggerGainLevel').fill('2.5');
        await page.getByTestId('variables-save').click();
        await expectVisible(page.getByText('Saved successfully.').first(), 'the success toast');
        const after = globalSettingsSchema.parse(
          await (await admin.request.get('/api/admin/settings')).json(),
        );
        expect(after).toEqual({ ...before, activityTriggerGainLevel: 2.5 });
        await page.reload();
        expect(await page.getByTestId('variable-activityTriggerGainLevel').inputValue()).toBe('2.5');
      } finally {
        await admin.request.post('/api/admin/settings', { data: before });
      }
    });
  });

  describe('7. history start of a new scale', () => {
    const local = (ms: number) => {
      const d = new Date(ms);
      const pad = (n: number) => String(n).padStart(2, '0');
      return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
    };

    it('counts the readings sent before the scale was entered from the chosen start; a future start is refused', async () => {
      const { page, context, device, controllerId } = await owner('Stand Anfang', ['Volk Linde'], 'en');
      // the transmitter has reported on channel 2 for a day, three days ago, before the scale exists
      const first = Math.floor(Date.now() / HOUR) * HOUR - 3 * 24 * HOUR;
      const sent = await report(
        device.token,
        device,
        Array.from({ length: 24 }, (_, i) => ({
          time: new Date(first + i * HOUR),
          channels: [{ channel: 2, weight: 30 + i / 10 }],
        })),
      );
      expect(sent.body.accepted).toBe(24);

      await page.goto(`/settings?tab=controllers&controller=${controllerId}&section=scales`);
      await page.getByTestId('channel-toggle-2').click();
      await page.getByTestId('create-scale-2').click();
      const form = page.getByTestId('create-scale-form');
      const since = form.getByTestId('scale-since-input');
      // the default is now
      expect(Math.abs(new Date(await since.inputValue()).getTime() - Date.now())).toBeLessThan(2 * 60_000);
      await form.getByTestId('scale-name-input').fill('Volk Spät');
      await since.fill(local(Date.now() + 24 * HOUR));
      await form.getByTestId('create-scale-submit').click();
      await expectVisible(
        form.getByText('The history start must not lie in the future.'),
        'the future-start message',
      );

      const start = first - 24 * HOUR;
      await since.fill(local(start));
      await form.getByTestId('create-scale-submit').click();
      await expect
        .poll(async () => {
          const rows = await sql<{ setup_at: Date }>(
            "SELECT setup_at FROM scales WHERE controller_id = $1 AND channel = 2 AND state <> 'archived'",
            [controllerId],
          );
          return rows[0]?.setup_at.getTime() ?? null;
        })
        .toBe(start);
      const controllers = (await (await context.request.get('/api/controller')).json()) as {
        id: number;
        scales: { channel: number; weight: number | null }[];
      }[];
      const scale = controllers.find((c) => c.id === controllerId)?.scales.find((s) => s.channel === 2);
      // its latest reading is one the transmitter sent before the scale was entered
      expect(scale?.weight).toBeCloseTo(32.3, 2);
    });
  });

  describe('8. admin controller editor', () => {
    it('shows the remaining notification count and resets it to 100', async () => {
      const admin = await adminRequest();
      const device = await createControllerViaApi(admin.request, 'Stand Zähler');
      await sql('UPDATE controllers SET remaining_notifications = 3 WHERE id = $1', [device.id]);
      const page: Page = await admin.newPage();
      await page.goto('/a/controllers');
      await page.getByTestId(`controller-row-${device.id}`).click();
      const count = page.getByTestId('admin-remaining-notifications');
      await expectVisible(count, 'the remaining notification count');
      expect(await count.textContent()).toBe('Remaining notifications: 3');
      await page.getByTestId('reset-notification-count').click();
      await expect.poll(() => count.textContent()).toBe('Remaining notifications: 100');
      const [row] = await sql<{ remaining_notifications: number }>(
        'SELECT remaining_notifications FROM controllers WHERE id = $1',
        [device.id],
      );
      expect(row?.remaining_notifications).toBe(100);
    });
  });
});
