import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import { alarmEventListSchema } from '@hivescope/contract';
import { launchBrowser } from './lib/chromium';
import { inboxUrl, newContext } from './lib/app';
import { activeUser, adminWithProfile } from './lib/users';
import { createControllerViaApi, loginViaApi, registerControllerViaApi } from './lib/controllers';
import { report } from './lib/device';
import { expectVisible } from './lib/expect';
import { waitForMail } from './lib/smtp';
import { ADMIN } from './global-setup';

const HOUR = 3_600_000;
const QUARTER = 15 * 60_000;

/**
 * The whole alarm path in the running app (docs/alarms.md "Pipeline"): a transmitter's reports go through
 * the device protocol, the detectors find the event, the owner's confirmed mail channel gets the alarm
 * within seconds, and the event shows in Settings → Notifications. Nothing is inserted behind the app's back.
 */
describe('alarm from the device protocol to the mailbox', () => {
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

  it('a hive taken off its scale (any time of day): alarm mail within seconds of the report, event listed', async () => {
    const admin = await newContext(browser);
    contexts.push(admin);
    await loginViaApi(admin.request, ADMIN.email, ADMIN.password);
    const device = await createControllerViaApi(admin.request, 'Stand Waldrand');
    const user = await activeUser({ locale: 'en' });
    const context = await newContext(browser, 'en-US', 'en');
    contexts.push(context);
    await loginViaApi(context.request, user.email, user.password);
    await registerControllerViaApi(context.request, device, []);

    // the hive stood on the scale for a week before the beekeeper entered it (history start `since`)
    const now = Math.floor(Date.now() / QUARTER) * QUARTER;
    const since = new Date(now - 8 * 24 * HOUR);
    const scale = await context.request.post('/api/scale', {
      data: { controllerId: device.id, channelId: 1, name: 'Volk Anna', since: since.toISOString() },
    });
    expect(scale.status()).toBe(200);

    // a confirmed mail channel: the link of the confirmation mail
    const added = await context.request.post('/api/notification', {
      data: { type: 'email', address: user.email },
    });
    expect(added.status()).toBe(200);
    const confirmation = await waitForMail(inboxUrl(), user.email);
    const token = /token=([A-Za-z0-9_-]+)/.exec(confirmation.text)?.[1];
    expect(token).toBeTruthy();
    expect((await context.request.post('/api/notification/confirm', { data: { token } })).status()).toBe(200);

    // a week of steady weight, then the report in which the weight falls to almost nothing and stays there
    const history = [];
    for (let t = since.getTime() + QUARTER; t <= now - 3 * HOUR; t += QUARTER) {
      history.push({
        time: new Date(t),
        channels: [{ channel: 1, weight: 41.2 + 0.05 * Math.sin(t / HOUR) }],
      });
    }
    expect(history.length).toBeGreaterThan(700);
    await report(device.token, device, history);
    const taken = Array.from({ length: 12 }, (_, i) => ({
      time: new Date(now - (11 - i) * QUARTER),
      channels: [{ channel: 1, weight: i < 2 ? 41.2 : 0.2 }],
    }));
    await report(device.token, device, taken);
    const acknowledged = Date.now();

    const alarm = await waitForMail(inboxUrl(), user.email, 30_000).then(async function next(m): Promise<
      typeof m
    > {
      return m.subject.includes('confirm') || m.subject === confirmation.subject
        ? next(await waitForMail(inboxUrl(), user.email, 30_000))
        : m;
    });
    const seconds = (Date.now() - acknowledged) / 1000;
    expect(alarm.subject).toMatch(/removed/i);
    expect(alarm.text).toContain('Volk Anna');
    expect(alarm.text).toContain('Stand Waldrand');
    expect(seconds).toBeLessThan(30);

    // the delivery is marked sent after the mail server accepted the mail (docs/alarms.md "Sending"), so the
    // mail can be in the inbox a moment before its event reads "sent"
    const listed = async () => {
      const events = await context.request.get(`/api/notification/events?idcontroller=${device.id}`);
      return alarmEventListSchema.parse(await events.json()).map((e) => [e.type, e.delivery]);
    };
    await expect.poll(listed, { timeout: 10_000 }).toEqual([['removed', 'sent']]);

    const page = await context.newPage();
    await page.goto('/settings?tab=notifications');
    await expectVisible(
      page.getByText('Volk Anna shows almost no weight any more').first(),
      'the removal in the recent events of Settings → Notifications',
    );
  });
});
