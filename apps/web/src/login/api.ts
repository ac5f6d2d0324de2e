import type { BrandId, Locale } from '@hivescope/contract';
import { isBrandId } from '../lib/brand';
import { toLocale } from '../lib/languages';

/**
 * The three calls of the login page, sent as the web app's client sends them (lib/api): JSON, cookies,
 * Accept-Language = the page's language. A write carries the page's Origin, which the server's CSRF check
 * requires (browsers add it to every POST).
 */

/** A refused call: the server's localised `message` (or null when the server could not be reached). */
export class CallFailed extends Error {
  constructor(readonly serverMessage: string | null) {
    super(serverMessage ?? 'network error');
    this.name = 'CallFailed';
  }
}

async function call(path: string, locale: Locale, body?: unknown): Promise<unknown> {
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': locale };
  const init: RequestInit = { method: body === undefined ? 'GET' : 'POST', credentials: 'include', headers };
  if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  let response: Response;
  try {
    response = await fetch(`/api/${path}`, init);
  } catch {
    throw new CallFailed(null);
  }
  const text = await response.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  if (response.ok) return json;
  const message = json && typeof json === 'object' && 'message' in json ? json.message : null;
  throw new CallFailed(typeof message === 'string' ? message : text || `HTTP ${response.status}`);
}

/** GET app/config → the brand the server chose for this host (undefined when it cannot be read). */
export async function fetchBrand(locale: Locale): Promise<BrandId | undefined> {
  try {
    const config = await call('app/config', locale);
    const brand = config && typeof config === 'object' && 'brand' in config ? config.brand : undefined;
    return isBrandId(brand) ? brand : undefined;
  } catch {
    return undefined;
  }
}

/** POST user/login with the password's SHA-256 digest → the account's language. */
export async function login(email: string, passwordDigest: string, locale: Locale): Promise<Locale> {
  const user = await call('user/login', locale, { email, password: passwordDigest });
  const account = user && typeof user === 'object' && 'locale' in user ? user.locale : null;
  return toLocale(typeof account === 'string' ? account : null) ?? locale;
}

/** POST user/language: stores the language for the account just logged in. */
export async function saveLanguage(language: Locale): Promise<void> {
  await call('user/language', language, { language });
}
