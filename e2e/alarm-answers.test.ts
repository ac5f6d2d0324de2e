import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import { alarmEventListSchema, alarmPrecisionSchema } from '@hivescope/contract';
import { launchBrowser } from './lib/chromium';
import { inboxUrl, loggedInPage, newContext } from './lib/app';
import { activeUser, adminWithProfile } from './lib/users';
import { createControllerViaApi, loginViaApi, registerControllerViaApi } from './lib/controllers';
import { report } from './lib/device';
import { expectVisible } from './lib/expect';
import { ownerWithReportingHives } from './lib/hives';
import { recordAlarmEvents } from './lib/alarms';
import { waitForMail } from './lib/smtp';
import { ADMIN } from './global-setup';

const HOUR = 3_600_000;
const QUARTER = 15 * 60_000;

/**
 * Answers to alarms in the browser (docs/alarms.md "Answers"): the owner answers a swarm in Settings →
 * Notifications and changes the answer; a hive taken off its scale sends a mail whose "no" link opens a public
 * page that records nothing until the button is pressed, then stores the answer once; the admin sees the
 * precision per type on /a/notifications.
 */
describe('alarm answers', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
    await adminWithProfile(ADMIN.email);
  });
  afterAll(async () => {
    for (const c of contexts) await c.close();
    await browser.close();
  });

  async function answersOf(context: BrowserContext, controllerId: number) {
    const res = await context.request.get(`/api/notification/events?idcontroller=${controllerId}`);
    expect(res.status()).toBe(200);
    return alarmEventListSchema.parse(await res.json()).map((e) => [e.id, e.type, e.answer]);
  }

  it('the owner answers a swarm in Settings → Notifications and may change the answer; activity has no buttons', async () => {
    const hives = await ownerWithReportingHives(browser, 'Stand Antwort');
    contexts.push(hives.context);
    const time = (hours: number) => new Date((hives.lastTime - hours * 3600) * 1000);
    const [swarm, activity] = await recordAlarmEvents([
      {
        controllerId: hives.controllerId,
        scaleId: hives.linde,
        channel: 1,
        type: 'swarm',
        time: time(30),
        delta: -2.4,
      },
      {
        controllerId: hives.controllerId,
        scaleId: hives.raps,
        channel: 2,
        type: 'activity',
        time: time(20),
        delta: 1.1,
      },
    ]);
    const page = await hives.context.newPage();
    await page.goto('/settings?tab=notifications');
    const row = page.getByTestId(`event-row-${swarm}`);
    await expectVisible(row.getByTestId('event-answer-buttons'), 'the yes/no buttons of the swarm');
    expect(await page.getByTestId(`event-row-${activity}`).getByTestId('event-answer-buttons').count()).toBe(
      0,
    );

    await row.getByTestId('event-answer-yes').click();
    await expectVisible(
      page.getByText('Thank you, your answer has been saved.').first(),
      'the success toast',
    );
    await expect.poll(() => row.getByTestId('event-answer-yes').getAttribute('aria-pressed')).toBe('true');
    const mine = async () =>
      (await answersOf(hives.context, hives.controllerId)).filter(([id]) => id === swarm || id === activity);
    expect(await mine()).toEqual([
      [activity, 'activity', null],
      [swarm, 'swarm', 'yes'],
    ]);

    // a second thought: "no, it was me"
    await row.getByTestId('event-answer-no').click();
    await expect.poll(() => row.getByTestId('event-answer-no').getAttribute('aria-pressed')).toBe('true');
    expect(await row.getByTestId('event-answer-yes').getAttribute('aria-pressed')).toBe('false');
    expect((await mine())[1]).toEqual([swarm, 'swarm', 'no']);
  });

  it("the mail's link opens a public page that records nothing until the button; then once only; the admin sees the precision", async () => {
    const admin = await newContext(browser);
    contexts.push(admin);
    await loginViaApi(admin.request, ADMIN.email, ADMIN.password);
    const device = await createControllerViaApi(admin.request, 'Stand Mailantwort');
    const user = await activeUser({ locale: 'en' });
    const context = await newContext(browser, 'en-US', 'en');
    contexts.push(context);
    await loginViaApi(context.request, user.email, user.password);
    await registerControllerViaApi(context.request, device, []);
    const now = Math.floor(Date.now() / QUARTER) * QUARTER;
    const since = new Date(now - 8 * 24 * HOUR);
    const scale = await context.request.post('/api/scale', {
      data: { controllerId: device.id, channelId: 1, name: 'Volk Bea', since: since.toISOString() },
    });
    expect(scale.status()).toBe(200);

    // a confirmed mail channel
    expect(
      (
        await context.request.post('/api/notification', { data: { type: 'email', address: user.email } })
      ).status(),
    ).toBe(200);
    const confirmation = await waitForMail(inboxUrl(), user.email);
    const confirmToken = /token=([A-Za-z0-9_-]+)/.exec(confirmation.text)?.[1];
    expect(
      (await context.request.post('/api/notification/confirm', { data: { token: confirmToken } })).status(),
    ).toBe(200);

    // a week of steady weight, then the hive is taken off the scale: the detectors send a "removed" alarm mail
    const history = [];
    for (let t = since.getTime() + QUARTER; t <= now - 3 * HOUR; t += QUARTER)
      history.push({
        time: new Date(t),
        channels: [{ channel: 1, weight: 38.6 + 0.05 * Math.sin(t / HOUR) }],
      });
    await report(device.token, device, history);
    await report(
      device.token,
      device,
      Array.from({ length: 12 }, (_, i) => ({
        time: new Date(now - (11 - i) * QUARTER),
        channels: [{ channel: 1, weight: i < 2 ? 38.6 : 0.2 }],
      })),
    );
    const alarm = await waitForMail(inboxUrl(), user.email, 30_000).then(async function next(m): Promise<
      typeof m
    > {
      return m.subject === confirmation.subject ? next(await waitForMail(inboxUrl(), user.email, 30_000)) : m;
    });
    expect(alarm.subject).toMatch(/removed/i);
    const noLink = /(\/alarm-answer\?token=[\w.%-]+&answer=no)/.exec(alarm.text)?.[1];
    expect(noLink, 'the "no" link of the mail').toBeTruthy();
    expect(alarm.text).toContain('No, it was me or nothing:');

    // opened where nobody is logged in (another device): the page shows the alarm and records nothing
    const reader = await newContext(browser, 'en-US', 'en');
    contexts.push(reader);
    const page = await reader.newPage();
    await page.goto(noLink!);
    await expectVisible(page.getByTestId('alarm-answer-event'), 'the alarm on the public page');
    expect(await page.getByTestId('alarm-answer-event').textContent()).toContain('Volk Bea');
    expect(await page.getByTestId('alarm-answer-no').textContent()).toBe('No, it was me or nothing');
    await page.reload();
    await expectVisible(page.getByTestId('alarm-answer-no'), 'the buttons again after a reload');
    const [event] = await answersOf(context, device.id);
    expect(event).toEqual([expect.any(Number), 'removed', null]);

    await page.getByTestId('alarm-answer-no').click();
    await expectVisible(page.getByTestId('alarm-answer-success'), 'the thanks');
    expect(await page.getByTestId('alarm-answer-success').textContent()).toContain(
      'your answer has been saved',
    );
    expect(await answersOf(context, device.id)).toEqual([[event![0], 'removed', 'no']]);

    // the link again: already answered, no buttons, nothing changed
    await page.goto(noLink!.replace('answer=no', 'answer=yes'));
    await expectVisible(page.getByTestId('alarm-answer-already'), 'the "already answered" message');
    expect(await page.getByTestId('alarm-answer-already').textContent()).toBe(
      'This alarm has already been answered: No.',
    );
    expect(await page.getByTestId('alarm-answer-yes').count()).toBe(0);
    // a link whose token was altered: a clear message
    await page.goto(noLink!.replace(/token=(\d+)/, (_m, id: string) => `token=${Number(id) + 1}`));
    await expectVisible(page.getByTestId('alarm-answer-error'), 'the invalid-link message');
    expect(await page.getByTestId('alarm-answer-error').textContent()).toMatch(
      /^This answer link is not valid/,
    );
    expect(await answersOf(context, device.id)).toEqual([[event![0], 'removed', 'no']]);

    // the admin's notifications page: the precision per type, as the server counts it
    const precision = alarmPrecisionSchema.parse(
      await (await admin.request.get('/api/admin/notifications/precision')).json(),
    );
    const removed = precision.find((p) => p.type === 'removed');
    expect(removed?.no).toBeGreaterThanOrEqual(1);
    const { page: adminPage } = await loggedInPage(browser, ADMIN);
    await adminPage.goto('/a/notifications');
    await expectVisible(adminPage.getByTestId('answer-precision-table'), 'the precision table');
    const lang = (await adminPage.locator('html').getAttribute('lang')) ?? 'en';
    for (const p of precision) {
      const tr = adminPage.getByTestId(`precision-${p.type}`);
      expect(await tr.getByTestId('precision-yes').textContent()).toBe(String(p.yes));
      expect(await tr.getByTestId('precision-no').textContent()).toBe(String(p.no));
      // in the admin's own language (their profile's, after the login)
      const percent = new Intl.NumberFormat(lang, { style: 'percent', maximumFractionDigits: 0 });
      const shown = await tr.getByTestId('precision-value').textContent();
      if (p.precision === null) expect(shown).not.toMatch(/\d/);
      else expect(shown).toBe(percent.format(p.precision));
    }
    await adminPage.getByTestId('admin-events-controller').fill(String(device.id));
    const listed = adminPage.getByTestId(`admin-event-${event![0]}`).getByTestId('event-answer');
    await expectVisible(listed, "the answer in the admin's event list");
    expect(await listed.getAttribute('data-answer')).toBe('no');
  });
});
