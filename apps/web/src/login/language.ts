import { DEFAULT_LOCALE, type Locale } from '@hivescope/contract';
import { toLocale } from '../lib/languages';

/**
 * The language the login page starts in, chosen as the web app chooses it (docs/product.md §1): `?lang=` of
 * the URL (then also remembered, `remember`), else the language the web app persisted, else German whatever
 * the browser says.
 */
export function initialLocale(search: string, persisted: unknown): { locale: Locale; remember: boolean } {
  const fromUrl = toLocale(new URLSearchParams(search).get('lang'));
  if (fromUrl) return { locale: fromUrl, remember: true };
  return {
    locale: toLocale(typeof persisted === 'string' ? persisted : null) ?? DEFAULT_LOCALE,
    remember: false,
  };
}

/**
 * The language after a successful login (docs/accessibility.md, "Login language"): the account's, unless the
 * person picked another one on this page during this visit — then the pick is kept and stored for the
 * account (`store`).
 */
export function localeAfterLogin(picked: Locale | null, account: Locale): { locale: Locale; store: boolean } {
  return picked && picked !== account ? { locale: picked, store: true } : { locale: account, store: false };
}
