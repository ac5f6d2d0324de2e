import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from './chromium';
import { baseUrl, inboxUrl, newContext, PROFILE, registerUser, sql, uniqueEmail } from './app';
import { countByImpact, scan, type Violation } from './axe';
import { settle } from './settle';
import { createControllerViaApi, loginViaApi, registerControllerViaApi } from './controllers';
import { digits15, report } from './device';
import { recordAlarmEvents } from './alarms';
import { answerLinkPath } from './alarm-answer';
import { routerPaths } from './routes';
import { allowedSettingsTabs, SETTINGS_TABS } from '../../apps/web/src/features/settings/tabs';
import { waitForMail } from './smtp';
import { activeUser, adminWithProfile, makeManager } from './users';
import { ADMIN } from '../global-setup';

/** Who looks at a screen: each has its own logged-in browser context, "anon" none, "fresh" a new one per scan. */
type Actor = 'anon' | 'fresh' | 'keeper' | 'plain' | 'admin' | 'manager' | 'pending' | 'incomplete';

type Scan = {
  /** The router path pattern this screen belongs to (see e2e/lib/routes.ts). */
  route: string;
  name: string;
  as: Actor;
  url: string;
  /** data-testid that marks the screen as shown (after `act`). */
  ready: string;
  /** What a user does on the page before the scan (open a modal, submit a step, …). */
  act?: (page: Page) => Promise<void>;
};

/** The settings tabs each role sees, by the web app's own rules (a tab added there is scanned here). */
const ROLES = {
  keeper: { admin: false, manager: false, role: 10 },
  manager: { admin: false, manager: true, role: 2 },
  admin: { admin: true, manager: false, role: 1 },
} as const;
const tabsOf = (as: keyof typeof ROLES) => allowedSettingsTabs({ user: ROLES[as], shopFeatures: true });

const tabReady = (tab: string) => (tab === 'profile' ? 'profile-tab' : `settings-tab-${tab}`);
/** A screen shown by its heading alone (placeholders now, the real screens once they are built). */
const screen = (route: string, url: string, as: Actor = 'anon'): Scan => ({
  route,
  name: url,
  as,
  url,
  ready: 'page-title',
});

/** Filled in by beforeAll: ids the scans need. */
const data = {
  keeperControllerId: 0,
  keeperScaleId: 0,
  keeperEventId: 0,
  plainUserId: 0,
  /** searched for by address: every test user has PROFILE's last name, so the name alone pages the user away */
  plainEmail: '',
  resetLink: '',
  /** share links of the keeper's scale (fixed and live), for the shared views */
  shareTimeline: '',
  shareLivefeed: '',
};

async function fillUserData(page: Page) {
  await page.getByTestId('registration-email').fill(uniqueEmail('a11y'));
  await page.getByTestId('registration-password').fill('honey and wax 1');
  await page.getByTestId('registration-password-confirmation').fill('honey and wax 1');
  for (const field of ['firstName', 'lastName', 'street', 'zip', 'city', 'phone'] as const) {
    await page.getByTestId(`registration-${field}`).fill(PROFILE[field]);
  }
  await page.getByTestId('registration-accept-terms').check();
  await page.getByTestId('registration-submit').click();
  await page.getByTestId('register-transmitter-form').waitFor();
}

/** Zooms into clusters until a point of the map shows, then opens its popup (the keeper's hive is public). */
function openFirstMapPoint(pointTestId: string) {
  return async (page: Page) => {
    for (let i = 0; i < 8 && (await page.getByTestId(pointTestId).count()) === 0; i++) {
      await page.getByTestId('map-cluster').first().dispatchEvent('click');
      await page.waitForTimeout(400);
    }
    // markers may lie on top of each other (controllers at one place): click the element itself
    await page.getByTestId(pointTestId).first().dispatchEvent('click');
  };
}

const SCANS: Scan[] = [
  { route: '/', name: 'login', as: 'anon', url: '/', ready: 'login-form' },
  {
    route: '/',
    name: 'login with errors',
    as: 'anon',
    url: '/',
    ready: 'login-form',
    act: async (page) => {
      await page.getByTestId('login-submit').click();
      await page.locator('[aria-invalid="true"]').first().waitFor();
    },
  },
  {
    route: '/',
    name: 'login with the server refusing the password',
    as: 'fresh',
    url: '/',
    ready: 'login-error',
    act: async (page) => {
      await page.getByTestId('login-email').fill(uniqueEmail('nobody'));
      await page.getByTestId('login-password').fill('not the password');
      await page.getByTestId('login-submit').click();
    },
  },
  // the login page outside the app, reached as /login (a redirect target of the app)
  {
    route: '/login',
    name: 'login at /login',
    as: 'anon',
    url: '/login?from=%2Ftimeline',
    ready: 'login-form',
  },
  {
    route: '/password/request',
    name: 'password request',
    as: 'anon',
    url: '/password/request',
    ready: 'password-request-form',
  },
  {
    route: '/password/request',
    name: 'password request sent',
    as: 'anon',
    url: '/password/request',
    ready: 'password-request-done',
    act: async (page) => {
      await page.getByTestId('password-request-email').fill(uniqueEmail('nobody'));
      await page.getByTestId('password-request-submit').click();
    },
  },
  {
    route: '/password/reset/:token',
    name: 'password reset, invalid link',
    as: 'anon',
    url: '/password/reset/not-a-token',
    ready: 'password-reset-invalid',
  },
  {
    route: '/password/reset/:token',
    name: 'password reset form',
    as: 'anon',
    url: '(reset link)',
    ready: 'password-reset-new',
  },
  {
    route: '/registration',
    name: 'registration: user data',
    as: 'anon',
    url: '/registration',
    ready: 'registration-form',
  },
  {
    route: '/registration',
    name: 'registration: user data with errors',
    as: 'anon',
    url: '/registration',
    ready: 'registration-form',
    act: async (page) => {
      await page.getByTestId('registration-submit').click();
      await page.locator('[aria-invalid="true"]').first().waitFor();
    },
  },
  {
    route: '/registration',
    name: 'registration: transmitter step',
    as: 'fresh',
    url: '/registration',
    ready: 'register-transmitter-form',
    act: fillUserData,
  },
  {
    route: '/registration',
    name: 'registration: success',
    as: 'fresh',
    url: '/registration',
    ready: 'registration-success',
    act: async (page) => {
      const device = await withAdmin((request) => createControllerViaApi(request, 'Bienenhaus Ost'));
      await fillUserData(page);
      await page.getByTestId('register-transmitter-imsi').fill(device.imsi);
      await page.getByTestId('register-transmitter-imei').fill(device.imei);
      await page.getByTestId('channel-1-kind').selectOption('weight');
      await page.getByTestId('channel-1-name').fill('Volk Linde');
      await page.getByTestId('register-transmitter-submit').click();
    },
  },
  {
    route: '/logout',
    name: 'logout (ends on the login page)',
    as: 'anon',
    url: '/logout',
    ready: 'login-form',
  },
  { route: '/error', name: 'error page', as: 'anon', url: '/error', ready: 'error-page' },
  screen('/shop/admin', '/shop/admin', 'admin'),
  {
    route: '/shop/admin',
    name: 'shop admin, promo codes with the create form',
    as: 'admin',
    url: '/shop/admin?tab=promoCodes',
    ready: 'promo-create-form',
    act: async (page) => {
      await page.getByTestId('promo-new').click();
    },
  },
  {
    route: '/shop/admin',
    name: 'shop admin, renewal codes',
    as: 'admin',
    url: '/shop/admin?tab=renewalCodes',
    ready: 'renewal-codes',
  },
  screen('/shop/subscription', '/shop/subscription'),
  screen('/shop/abo', '/shop/abo'),
  screen('/shop/:step?', '/shop'),
  screen('/subscriptionShop/:step?', '/subscriptionShop/address'),
  screen('/:lang/shop/:document', '/en/shop/productTerms'),
  { route: '/map', name: 'public map', as: 'anon', url: '/map', ready: 'public-map' },
  {
    route: '/map',
    name: 'public map, a popup open',
    as: 'anon',
    url: '/map',
    ready: 'map-popup',
    act: openFirstMapPoint('map-point'),
  },
  ...(['classic', 'activity', 'bars'] as const).map((mode): Scan => ({
    route: '/dashboard',
    name: `dashboard, ${mode} tiles`,
    as: 'keeper',
    url: '/dashboard',
    ready: 'dashboard',
    act: async (page) => {
      await page.getByTestId(`tile-mode-${mode}`).click();
      await page.locator('[data-testid^="scale-tile-"]').first().waitFor();
      await page.getByTestId('controller-last-update').first().waitFor();
    },
  })),
  { route: '/dashboard', name: 'dashboard, empty', as: 'plain', url: '/dashboard', ready: 'dashboard-empty' },
  {
    route: '/dashboard',
    name: 'dashboard, mute menu open with a running mute',
    as: 'keeper',
    url: '/dashboard',
    ready: 'mute-menu-dropdown',
    act: async (page) => {
      await page.getByTestId('mute-badge-swarm').waitFor();
      await page.getByTestId('mute-menu').first().click();
    },
  },
  {
    route: '/dashboard',
    name: 'registration gate',
    as: 'pending',
    url: '/dashboard',
    ready: 'transmitter-registration-gate',
  },
  {
    route: '/dashboard',
    name: 'forced profile update',
    as: 'incomplete',
    url: '/dashboard',
    ready: 'forced-profile-update',
  },
  screen('/scaleoverview/:expand?', '/scaleoverview', 'keeper'),
  screen('/timeline', '/timeline', 'keeper'),
  {
    route: '/timeline',
    name: 'timeline with an alarm marker and its legend',
    as: 'keeper',
    url: '/timeline',
    ready: 'legend-alarms',
    act: async (page) => {
      const at = Math.floor(Date.now() / 1000);
      await page.goto(
        `/timeline?series=s${data.keeperScaleId}.weight&expanded=${data.keeperControllerId}&xmin=${at - 86_400}&xmax=${at + 600}`,
      );
      await page.getByTestId(`chart-marker-alarm-${data.keeperEventId}`).waitFor();
    },
  },
  screen('/analysis', '/analysis', 'keeper'),
  screen('/export', '/export', 'keeper'),
  ...(['keeper', 'manager', 'admin'] as const).flatMap((as) =>
    tabsOf(as).map((tab): Scan => ({
      route: '/settings',
      name: `settings ${tab} (${as})`,
      as,
      url: `/settings?tab=${tab}`,
      ready: tabReady(tab),
    })),
  ),
  {
    route: '/settings',
    name: 'settings sharing, the create form prefilled',
    as: 'keeper',
    url: '/settings?tab=sharing',
    ready: 'share-submit',
    act: async (page) => {
      await page.goto(
        `/settings?tab=sharing&share=new&type=live&days=7&series=weight&scales=${data.keeperScaleId}`,
      );
    },
  },
  {
    route: '/settings',
    name: 'settings sharing, a new share link with its iframe snippet',
    as: 'keeper',
    url: '/settings?tab=sharing',
    ready: 'share-result',
    act: async (page) => {
      await page.goto(
        `/settings?tab=sharing&share=new&type=live&days=7&series=weight&scales=${data.keeperScaleId}`,
      );
      await page.getByTestId('share-submit').click();
    },
  },
  {
    route: '/settings',
    name: 'settings sharing, delete a share (dialog)',
    as: 'keeper',
    url: '/settings?tab=sharing',
    ready: 'share-delete-confirm-confirm',
    act: async (page) => {
      await page.locator('[data-testid^="share-row-"] [data-testid^="share-delete-"]').first().click();
    },
  },
  {
    route: '/settings',
    name: 'settings notifications, remove a channel (dialog)',
    as: 'keeper',
    url: '/settings?tab=notifications',
    ready: 'channel-remove-dialog-confirm',
    act: async (page) => {
      await page.getByTestId('channel-remove').first().click();
    },
  },
  {
    route: '/settings',
    name: 'settings controllers, set up a scale with its history start',
    as: 'keeper',
    url: '/settings?tab=controllers',
    ready: 'scale-since-input',
    act: async (page) => {
      await page.goto(`/settings?tab=controllers&controller=${data.keeperControllerId}&section=scales`);
      await page.getByTestId('channel-toggle-3').click();
      await page.getByTestId('create-scale-3').click();
    },
  },
  { route: '/a/users', name: 'admin users', as: 'admin', url: '/a/users', ready: 'users-table' },
  {
    route: '/a/users',
    name: 'admin users, edit modal',
    as: 'admin',
    url: '/a/users',
    ready: 'users-table',
    act: async (page) => {
      await page.getByTestId('users-filter').fill(data.plainEmail);
      await page.getByTestId(`user-edit-${data.plainUserId}`).click();
      await page.getByRole('dialog').waitFor();
    },
  },
  {
    route: '/a/notifications',
    name: 'admin notifications',
    as: 'admin',
    url: '/a/notifications',
    ready: 'admin-events-table',
  },
  {
    route: '/a/notifications',
    name: 'admin notifications, delete dialog',
    as: 'admin',
    url: '/a/notifications',
    ready: 'admin-event-delete-dialog-confirm',
    act: async (page) => {
      await page.getByTestId(`admin-event-${data.keeperEventId}`).getByTestId('admin-event-delete').click();
    },
  },
  {
    route: '/a/controllers',
    name: 'admin controllers',
    as: 'admin',
    url: '/a/controllers',
    ready: 'admin-controllers-table',
  },
  {
    route: '/a/controllers',
    name: 'admin controllers, edit modal',
    as: 'admin',
    url: '/a/controllers',
    ready: 'admin-controllers-table',
    act: async (page) => {
      await page.getByTestId(`controller-row-${data.keeperControllerId}`).click();
      await page.getByRole('dialog').waitFor();
    },
  },
  {
    route: '/a/controllers/create',
    name: 'admin controller create',
    as: 'admin',
    url: '/a/controllers/create',
    ready: 'admin-controller-create-form',
  },
  {
    route: '/a/controllers/create',
    name: 'admin controller created (token shown)',
    as: 'admin',
    url: '/a/controllers/create',
    ready: 'admin-controller-created',
    act: async (page) => {
      await page.getByTestId('admin-controller-name').fill('Wabenhaus');
      await page.getByTestId('admin-controller-imsi').fill(digits15('22801'));
      await page.getByTestId('admin-controller-imei').fill(digits15('35693'));
      await page.getByTestId('admin-controller-create-submit').click();
    },
  },
  screen('/a/jobs', '/a/jobs', 'admin'),
  {
    route: '/a/firmware',
    name: 'admin firmware',
    as: 'admin',
    url: '/a/firmware',
    ready: 'firmware-manager',
  },
  {
    route: '/a/variables',
    name: 'admin variables',
    as: 'admin',
    url: '/a/variables',
    ready: 'variables-form',
  },
  {
    route: '/a/variables',
    name: 'admin variables with an error',
    as: 'admin',
    url: '/a/variables',
    ready: 'variables-form',
    act: async (page) => {
      await page.getByTestId('variable-activityDrain').fill('');
      await page.getByTestId('variables-save').click();
      await page.locator('[aria-invalid="true"]').first().waitFor();
    },
  },
  {
    route: '/alarm/:id',
    name: 'alarm link, unknown alarm',
    as: 'keeper',
    url: '/alarm/999999999',
    ready: 'alarm-link-error',
  },
  {
    route: '/alarm/:id',
    name: 'alarm link, opens the timeline at the alarm',
    as: 'keeper',
    url: '/alarm/0',
    ready: 'legend-alarms',
    act: async (page) => {
      await page.goto(`/alarm/${data.keeperEventId}`);
      await page.getByTestId(`chart-marker-alarm-${data.keeperEventId}`).waitFor();
    },
  },
  {
    route: '/notifications/confirm',
    name: 'notification channel confirmation, invalid link',
    as: 'anon',
    url: `/notifications/confirm?token=${'x'.repeat(32)}`,
    ready: 'channel-confirm-error',
  },
  {
    route: '/alarm-answer',
    name: 'alarm answer link, invalid link',
    as: 'anon',
    url: `/alarm-answer?token=${'x'.repeat(32)}`,
    ready: 'alarm-answer-error',
  },
  {
    route: '/alarm-answer',
    name: 'alarm answer link, the question and its buttons',
    as: 'anon',
    url: `/alarm-answer?token=${'x'.repeat(32)}`,
    ready: 'alarm-answer-yes',
    act: async (page) => {
      await page.goto(answerLinkPath(data.keeperEventId));
      await page.getByTestId('alarm-answer-yes').waitFor();
    },
  },
  { route: '/a/regions', name: 'admin regions', as: 'admin', url: '/a/regions', ready: 'import-cantons' },
  {
    route: '/a/regions',
    name: 'admin regions, the region form with a geojson error',
    as: 'admin',
    url: '/a/regions',
    ready: 'region-add',
    act: async (page) => {
      await page.getByTestId('region-add').click();
      await page.getByTestId('region-name').fill('Test');
      await page.getByTestId('region-geojson').fill('{ not json');
      await page.getByTestId('region-save').click();
      await page.locator('[aria-invalid="true"]').first().waitFor();
    },
  },
  {
    route: '/a/regions',
    name: 'admin regions, delete a region (dialog)',
    as: 'admin',
    url: '/a/regions',
    ready: 'region-add',
    act: async (page) => {
      await page.getByTestId('region-add').click();
      await page.getByTestId('region-name').fill('A11y');
      await page
        .getByTestId('region-geojson')
        .fill('{"type":"Polygon","coordinates":[[[-30,0],[-29.9,0],[-29.9,0.1],[-30,0.1],[-30,0]]]}');
      await page.getByTestId('region-save').click();
      await page.getByTestId('region-delete').first().click();
      await page.getByTestId('region-delete-confirm-confirm').waitFor();
    },
  },
  { route: '/a/map', name: 'admin map', as: 'admin', url: '/a/map', ready: 'admin-map-legend' },
  {
    route: '/a/map',
    name: 'admin map, a popup open',
    as: 'admin',
    url: '/a/map',
    ready: 'admin-map-popup',
    act: openFirstMapPoint('admin-map-point'),
  },
  { route: '/a/*', name: 'admin 404', as: 'admin', url: '/a/nothing-here', ready: 'not-found' },
  { route: '/a/*', name: 'admin area as a user (404)', as: 'keeper', url: '/a/users', ready: 'not-found' },
  { route: '/m/users', name: 'manager users', as: 'manager', url: '/m/users', ready: 'users-table' },
  {
    route: '/m/controllers',
    name: 'manager controllers',
    as: 'manager',
    url: '/m/controllers',
    ready: 'manager-controllers-table',
  },
  screen('/m/affiliateNotification', '/m/affiliateNotification', 'manager'),
  {
    route: '/m/affiliateNotification',
    name: 'notice form as an admin, the missing parts named',
    as: 'admin',
    url: '/m/affiliateNotification',
    ready: 'notice-form',
    act: async (page) => {
      await page.getByTestId('notice-send').click();
      await page.locator('[aria-invalid="true"]').first().waitFor();
    },
  },
  { route: '/m/*', name: 'manager 404', as: 'manager', url: '/m/nothing-here', ready: 'not-found' },
  { route: '/shared/map', name: 'shared map', as: 'anon', url: '/shared/map', ready: 'public-map' },
  {
    route: '/shared/timeline',
    name: 'shared timeline',
    as: 'anon',
    url: '/shared/timeline',
    ready: 'shared-chart',
    act: async (page) => void (await page.goto(data.shareTimeline)),
  },
  {
    route: '/shared/livefeed',
    name: 'shared live feed',
    as: 'anon',
    url: '/shared/livefeed',
    ready: 'shared-chart',
    act: async (page) => void (await page.goto(data.shareLivefeed)),
  },
  {
    route: '/shared/livefeed',
    name: 'share unavailable',
    as: 'anon',
    url: `/shared/livefeed?token=${'x'.repeat(43)}`,
    ready: 'share-unavailable',
  },
  { route: '/shared/*', name: 'shared 404', as: 'anon', url: '/shared/nothing', ready: 'not-found' },
  { route: '/*', name: '404', as: 'anon', url: '/nothing-here', ready: 'not-found' },
];

/**
 * Moderate/minor axe rules that the "done" also requires: one h1, headings in order, distinct
 * landmark names, names that contain the visible label, named table headers, links told apart from text.
 */
const STRUCTURE_RULES = [
  'page-has-heading-one',
  'heading-order',
  'landmark-unique',
  'label-content-name-mismatch',
  'empty-table-header',
  'link-in-text-block',
];

let browser: Browser;
const contexts = new Map<Actor, BrowserContext>();
/** axe needs its script in the page: the app's CSP (script-src 'self') would refuse an inline one. */
const a11yContext = () => newContext(browser, 'en-US', 'en', { bypassCSP: true });

async function withAdmin<T>(fn: (request: BrowserContext['request']) => Promise<T>): Promise<T> {
  return fn(contexts.get('admin')!.request);
}

async function loggedInContext(actor: Actor, email: string, password: string) {
  const context = await a11yContext();
  await loginViaApi(context.request, email, password);
  contexts.set(actor, context);
}

function withLang(url: string, lang: string) {
  return `${url}${url.includes('?') ? '&' : '?'}lang=${lang}`;
}

/**
 * One page, kept from scan to scan while the actor stays the same (docs/operations.md "Tests"): a screen is
 * opened inside the loaded app, as Back and Forward open it, so the app, its texts and axe are loaded once
 * instead of per scan. A full page load is made where a person would make one: the first visit in a language
 * (`?lang=`), a page outside the app (the login page), and after a scan whose steps changed the page (an open
 * dialog, a toast, a submitted form), so that no scan sees what an earlier one left. The scans run actor by
 * actor (BY_ACTOR) and the page of the last actor is closed: a page left open goes on drawing.
 */
type Kept = { as: Actor; page: Page; lang: string; changed: boolean };
let current: Kept | null = null;

async function pageFor(as: Actor): Promise<Kept> {
  if (as === 'fresh') return { as, page: await (await a11yContext()).newPage(), lang: '', changed: true };
  if (current?.as === as && !current.page.isClosed()) return current;
  await current?.page.close();
  current = { as, page: await contexts.get(as)!.newPage(), lang: '', changed: true };
  return current;
}

const ACTORS: Actor[] = ['anon', 'fresh', 'keeper', 'plain', 'admin', 'manager', 'pending', 'incomplete'];
/** SCANS in the same order, except that each actor's come together (a stable sort). */
const BY_ACTOR = [...SCANS].sort((a, b) => ACTORS.indexOf(a.as) - ACTORS.indexOf(b.as));

/** Whether the page holds the single-page app (the login page outside it has no #root). */
const inApp = (page: Page) =>
  page.evaluate(
    () =>
      (
        globalThis as unknown as { document: { getElementById(id: string): unknown } }
      ).document.getElementById('root') !== null,
  );

/** Pages the server answers outside the app for a visitor without a session (apps/server/src/web.ts). */
const OUTSIDE_APP = new Set(['/', '/login']);

async function open(at: Kept, url: string, lang: string) {
  const path = new URL(url, baseUrl()).pathname;
  if (at.lang === lang && !at.changed && !OUTSIDE_APP.has(path) && (await inApp(at.page))) {
    // a new history entry announced to the router as the browser announces Back and Forward: the app stays loaded
    await at.page.evaluate((to) => {
      const w = globalThis as unknown as {
        history: { pushState(state: null, title: string, url: string): void };
        dispatchEvent(event: unknown): void;
        PopStateEvent: new (type: string) => unknown;
      };
      w.history.pushState(null, '', to);
      w.dispatchEvent(new w.PopStateEvent('popstate'));
    }, url);
  } else {
    await at.page.goto(withLang(url, lang));
  }
  at.lang = lang;
  at.changed = false;
}

/**
 * Waits until an element with this test id is shown, looking every 50 ms: a locator's `waitFor` looks again
 * after 0, 20, 50, 100, 100 and then 500 ms, so a screen drawn after 300 ms was seen at about 800 ms.
 */
async function shown(page: Page, testId: string) {
  type Doc = { querySelectorAll(s: string): Iterable<{ getClientRects(): { length: number } }> };
  await page.waitForFunction(
    (selector) =>
      [...(globalThis as unknown as { document: Doc }).document.querySelectorAll(selector)].some(
        (e) => e.getClientRects().length > 0,
      ),
    `[data-testid="${testId}"]`,
    { polling: 50, timeout: 30_000 },
  );
}

const results: Array<{ lang: string; scan: string; violations: Violation[] }> = [];

export type ScanLanguage = 'en' | 'de';

/**
 * The axe scans of every screen in `langs`, with the actors and data they need. A file per language
 * (a11y-en.test.ts, a11y-de.test.ts), so the two halves run side by side in the browser lane
 * (docs/operations.md "Tests"); `coverage` adds the checks that SCANS covers the router and the settings tabs.
 */
export function describeScans(langs: readonly ScanLanguage[], coverage: boolean) {
  describe(`accessibility: axe-core on every screen in ${langs.join(' and ')}`, () => {
    beforeAll(async () => {
      browser = await launchBrowser();
      await adminWithProfile(ADMIN.email);
      await loggedInContext('admin', ADMIN.email, ADMIN.password);

      const keeper = await activeUser();
      const plain = await activeUser();
      data.plainUserId = plain.userId;
      data.plainEmail = plain.email;
      const manager = await activeUser();
      const affiliation = await makeManager(manager.userId, `Imkerverein ${Date.now()}`);
      await sql('UPDATE users SET affiliation_id = $2 WHERE id = ANY($1)', [
        [keeper.userId, plain.userId],
        affiliation,
      ]);
      const pending = await registerUser();
      const incomplete = await activeUser();
      await sql('UPDATE users SET street = NULL WHERE id = $1', [incomplete.userId]);
      await loggedInContext('keeper', keeper.email, keeper.password);
      await loggedInContext('plain', plain.email, plain.password);
      await loggedInContext('manager', manager.email, manager.password);
      await loggedInContext('pending', pending.email, pending.password);
      await loggedInContext('incomplete', incomplete.email, incomplete.password);
      contexts.set('anon', await a11yContext());

      // dashboard data: a controller with two scales and readings now and an hour ago (change values)
      const device = await withAdmin((request) => createControllerViaApi(request, 'Bienenhaus Süd'));
      data.keeperControllerId = device.id;
      await registerControllerViaApi(contexts.get('keeper')!.request, device, ['Volk Linde', 'Volk Raps']);
      // on the public map too, so its screen is scanned with a point and a popup
      await sql('UPDATE controllers SET affiliation_id = $2, display_on_public_map = true WHERE id = $1', [
        device.id,
        affiliation,
      ]);
      const sent = await report(device.token, device, [
        {
          time: new Date(Date.now() - 60 * 60_000),
          channels: [
            { channel: 1, weight: 40.5, temperature: 14.2, humidity: 61 },
            { channel: 2, weight: 37.1 },
          ],
        },
        {
          time: new Date(),
          channels: [
            { channel: 1, weight: 41.25, temperature: 15.1, humidity: 58 },
            { channel: 2, weight: 37.5 },
          ],
        },
      ]);
      expect(sent.status).toBe(200);
      // alarms: a running mute, a channel waiting for its confirmation and a swarm event on channel 1
      const keeperRequest = contexts.get('keeper')!.request;
      const muteEnd = new Date(Date.now() + 3_600_000).toISOString();
      const muted = await keeperRequest.post(
        `/api/notification/mute?idcontroller=${device.id}&notificationType=swarm&enddate=${muteEnd}`,
      );
      expect(muted.status()).toBe(200);
      const channel = await keeperRequest.post('/api/notification', {
        data: { type: 'email', address: uniqueEmail('a11y-alarm') },
      });
      expect(channel.status()).toBe(200);
      const [scale] = await sql<{ id: number }>(
        'SELECT id FROM scales WHERE controller_id = $1 AND channel = 1',
        [device.id],
      );
      data.keeperScaleId = scale!.id;
      // shares of that scale: the shared views are scanned with a chart
      for (const [key, body] of [
        [
          'shareTimeline',
          {
            type: 'fixed',
            xmin: Math.floor(Date.now() / 1000) - 7_200,
            xmax: Math.floor(Date.now() / 1000) + 60,
          },
        ],
        ['shareLivefeed', { type: 'live', days: 1 }],
      ] as const) {
        const shared = await keeperRequest.post('/api/share', {
          data: { scales: [scale!.id], series: ['weight', 'temperature'], kind: 'link', ...body },
        });
        expect(shared.status()).toBe(200);
        const link = new URL(((await shared.json()) as { url: string }).url);
        data[key] = `${link.pathname}${link.search}`;
      }
      const [eventId] = await recordAlarmEvents([
        {
          controllerId: device.id,
          scaleId: scale!.id,
          channel: 1,
          type: 'swarm',
          time: new Date(Date.now() - 60 * 60_000),
          delta: -2.1,
        },
      ]);
      data.keeperEventId = eventId!;

      // a valid password-reset link, read from the mail as the user would
      const resetUser = await activeUser();
      await fetch(
        `${baseUrl()}/api/user/passwordReset/request?email=${encodeURIComponent(resetUser.email)}`,
        {
          method: 'POST',
        },
      );
      const mail = await waitForMail(inboxUrl(), resetUser.email);
      data.resetLink = /\/password\/reset\/[A-Za-z0-9_-]+/.exec(mail.text)?.[0] ?? '';
      expect(data.resetLink).not.toBe('');
    });

    afterAll(async () => {
      for (const lang of langs) {
        const mine = results.filter((r) => r.lang === lang);
        const total = countByImpact(mine.flatMap((r) => r.violations));
        console.log(`axe ${lang}: ${mine.length} scans, nodes by impact ${JSON.stringify(total)}`);
      }
      const rules = new Map<string, number>();
      for (const r of results)
        for (const v of r.violations) rules.set(v.id, (rules.get(v.id) ?? 0) + v.targets.length);
      console.log(`axe rules hit: ${JSON.stringify(Object.fromEntries(rules))}`);
      // A11Y_REPORT=<file>: every violation with its nodes, to work through them.
      if (process.env.A11Y_REPORT)
        fs.writeFileSync(process.env.A11Y_REPORT, JSON.stringify(results, null, 2));
      await browser?.close();
    });

    if (coverage) {
      it('scans at least one screen of every path in the router, and no path the router lacks', () => {
        const paths = routerPaths();
        expect(paths.length).toBeGreaterThan(30);
        const scanned = new Set(SCANS.map((s) => s.route));
        expect(paths.filter((p) => !scanned.has(p))).toEqual([]);
        expect([...scanned].filter((p) => !paths.includes(p))).toEqual([]);
      });

      it('scans every settings tab for at least one role', () => {
        const scanned = new Set((['keeper', 'manager', 'admin'] as const).flatMap(tabsOf));
        expect(SETTINGS_TABS.filter((tab) => !scanned.has(tab))).toEqual([]);
      });
    }

    for (const lang of langs) {
      for (const s of BY_ACTOR) {
        it(
          `${lang}: ${s.name} passes axe (no critical or serious violation, headings and names in order)`,
          { timeout: 60_000 },
          async () => {
            const at = await pageFor(s.as);
            const { page } = at;
            try {
              await open(at, s.url === '(reset link)' ? data.resetLink : s.url, lang);
              // a screen without a step to take is waited for once, below
              if (s.act) {
                await settle(page);
                at.changed = true;
                await s.act(page);
              }
              await shown(page, s.ready);
              const violations = await scan(page);
              results.push({ lang, scan: s.name, violations });
              const blocking = violations.filter(
                (v) => v.impact === 'critical' || v.impact === 'serious' || STRUCTURE_RULES.includes(v.id),
              );
              expect(blocking.map((v) => `${v.id}: ${v.targets.slice(0, 5).join(' | ')}`)).toEqual([]);
              expect(await page.locator('h1:visible').count(), 'one h1 per screen').toBe(1);
            } catch (error) {
              at.changed = true;
              throw error;
            } finally {
              if (s.as === 'fresh') await page.context().close();
            }
          },
        );
      }
    }
  });
}
