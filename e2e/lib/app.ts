import crypto from 'node:crypto';
import pg from 'pg';
import { inject, onTestFinished } from 'vitest';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { PERSISTED_STATE_KEY, withPersistedSettings } from '../../apps/web/src/lib/persistedSettings';

export const baseUrl = () => inject('baseUrl');
export const inboxUrl = () => inject('inboxUrl');
export const smsInboxUrl = () => inject('smsInboxUrl');

export const sha256 = (s: string) => crypto.createHash('sha256').update(s).digest('hex');

let counter = 0;
/** A unique email per call, so test files never collide on the shared server. */
export const uniqueEmail = (prefix = 'user') =>
  `${prefix}-${process.pid}-${Date.now().toString(36)}-${++counter}@example.org`;

export const PROFILE = {
  firstName: 'Maja',
  lastName: 'Imker',
  company: '',
  street: 'Bienenweg 3',
  zip: '3000',
  city: 'Bern',
  country: 'CH',
  phone: '+41 31 000 00 00',
};

/** Registers a user through the real API (as the registration screen does) and returns its credentials. */
export async function registerUser(opts: { email?: string; password?: string; locale?: string } = {}) {
  const email = opts.email ?? uniqueEmail();
  const password = opts.password ?? 'correct horse battery';
  // Every browser test file signs up from 127.0.0.1 on one shared server: together they would pass the
  // per-ip registration limit (docs/decisions.md), which rate-limit.parallel.test.ts checks on its own.
  await sql("DELETE FROM rate_limits WHERE kind = 'register.ip'");
  const res = await fetch(`${baseUrl()}/api/registration/user`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email,
      password: sha256(password),
      passwordConfirmation: sha256(password),
      acceptedTerms: true,
      locale: opts.locale ?? 'en',
      profile: PROFILE,
    }),
  });
  if (res.status !== 200) throw new Error(`registration failed: ${res.status} ${await res.text()}`);
  const user = (await res.json()) as { userId: number };
  return { email, password, userId: user.userId };
}

/** Runs SQL against the app's database (test setup only, e.g. to make a manager). */
export async function sql<T extends pg.QueryResultRow = pg.QueryResultRow>(
  text: string,
  params: unknown[] = [],
) {
  const client = new pg.Client({ connectionString: inject('dbUrl') });
  await client.connect();
  try {
    return (await client.query<T>(text, params)).rows;
  } finally {
    await client.end();
  }
}

/**
 * A fresh browser profile. The app's default language is German (docs/product.md §1); `lang` (default en) is the
 * language this browser remembers from an earlier visit: stored where the login page's `?lang=` stores it
 * (`rememberLocale`, with the app's own `withPersistedSettings`), so the first page already opens in it. A
 * visit made only to pick the language cost each profile a page and a renderer process (about 0.6 s of CPU);
 * the pick through `?lang=` itself is tested where it is the subject (login-page, a11y, forwarding).
 */
export async function newContext(
  browser: Browser,
  locale = 'en-US',
  lang: string | null = 'en',
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  const remembered = lang
    ? [{ name: PERSISTED_STATE_KEY, value: withPersistedSettings(null, { locale: lang }) }]
    : [];
  const context = await browser.newContext({
    baseURL: baseUrl(),
    locale,
    viewport: { width: 1280, height: 900 },
    storageState: { cookies: [], origins: [{ origin: baseUrl(), localStorage: remembered }] },
    ...options,
  });
  boundClose(context);
  // No request is routed through the test: a context-wide route makes every request of the page (each script,
  // each API call) a round trip to this process, which cost the browser tests a fifth of their CPU. Map tiles
  // need none: the app under test gets a tile server that refuses at once (e2e/global-setup.ts).
  return context;
}

const CLOSE_WAIT_MS = 15_000;

/**
 * Chromium now and then never answers the disposal of a browser context: a fresh-clone CI run hung 120 s in
 * `context.close()` after a test whose steps had all passed, and failed on the hook's time-out. Closing is
 * clean-up, not part of any guarantee, so it waits at most CLOSE_WAIT_MS and then leaves the context to the
 * browser's own close in `afterAll` (docs/operations.md, "Tests").
 */
function boundClose(context: BrowserContext) {
  const close = context.close.bind(context);
  context.close = (options) => {
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise<void>((resolve) => {
      timer = setTimeout(() => {
        console.warn(`browser context did not close within ${CLOSE_WAIT_MS} ms; left to the browser's close`);
        resolve();
      }, CLOSE_WAIT_MS);
    });
    return Promise.race([close(options), waited]).finally(() => clearTimeout(timer));
  };
}

/**
 * A fresh browser profile (as `newContext`) logged in through the login screen and on the dashboard; the
 * profile is closed when the test ends.
 */
export async function loggedInPage(
  browser: Browser,
  user: { email: string; password: string },
  locale?: string,
  lang?: string | null,
  options?: BrowserContextOptions,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser, locale, lang, options);
  onTestFinished(() => context.close());
  const page = await context.newPage();
  await loginViaUi(page, user.email, user.password);
  await page.waitForURL('**/dashboard');
  return { context, page };
}

/** Logs in through the login screen. */
export async function loginViaUi(page: Page, email: string, password: string, path = '/') {
  await page.goto(path);
  await page
    .getByLabel(/e-?mail/i)
    .first()
    .fill(email);
  await page
    .getByLabel(/password|passwort|mot de passe|contraseña/i)
    .first()
    .fill(password);
  await page.getByRole('button', { name: /log ?in|anmelden|connexion|se connecter|iniciar sesión/i }).click();
}
