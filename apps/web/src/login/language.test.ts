import { describe, expect, it } from 'vitest';
import { initialLocale, localeAfterLogin } from './language';

describe('the login page language', () => {
  it('takes ?lang= first and remembers it', () => {
    expect(initialLocale('?lang=fr', 'en')).toEqual({ locale: 'fr', remember: true });
    expect(initialLocale('?from=%2Ftimeline&lang=ES', null)).toEqual({ locale: 'es', remember: true });
  });

  it('else the language the web app persisted', () => {
    expect(initialLocale('', 'en')).toEqual({ locale: 'en', remember: false });
    expect(initialLocale('?lang=xx', 'fr')).toEqual({ locale: 'fr', remember: false });
  });

  it('else German, whatever the browser says (docs/product.md §1)', () => {
    for (const persisted of [undefined, null, '', 'it', 42, { locale: 'en' }]) {
      expect(initialLocale('', persisted)).toEqual({ locale: 'de', remember: false });
    }
  });
});

describe('the language after login', () => {
  it("is the account's without a pick on this visit", () => {
    expect(localeAfterLogin(null, 'fr')).toEqual({ locale: 'fr', store: false });
  });

  it('is the pick, stored for the account, when the person picked another one', () => {
    expect(localeAfterLogin('es', 'fr')).toEqual({ locale: 'es', store: true });
  });

  it('stores nothing when the pick is the account language anyway', () => {
    expect(localeAfterLogin('fr', 'fr')).toEqual({ locale: 'fr', store: false });
  });
});
