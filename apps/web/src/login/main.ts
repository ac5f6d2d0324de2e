import './login.css';
import type { Locale } from '@hivescope/contract';
import { BRAND_CONFIGS, effectiveBrand, isBrandId } from '../lib/brand';
import { sha256Hex } from '../lib/hash';
import { currentHostname, hostKind, navbarColor } from '../lib/host';
import { CallFailed, fetchBrand, login, saveLanguage } from './api';
import { initialLocale, localeAfterLogin } from './language';
import { createPage, type PageState } from './page';
import { rememberLocale, storedSettings } from './storage';
import { noticeOf, targetAfterLogin } from './target';
import { loadTexts } from './texts';
import { normaliseEmail, validateLogin, type LoginValues } from './validate';

/**
 * The login page, outside the single-page app (docs/decisions.md, "Web bundle and first load"): plain DOM
 * code, its texts in the active language only, the web app's language and brand. After the login a full page
 * load opens the `from` path (or the dashboard); the web app restores the session there itself.
 */
async function start() {
  const settings = storedSettings();
  const { locale, remember } = initialLocale(window.location.search, settings.locale);
  if (remember) rememberLocale(locale);
  document.documentElement.lang = locale;
  const [texts, serverBrand] = await Promise.all([loadTexts(locale), fetchBrand(locale)]);
  const hostname = currentHostname();
  const override = isBrandId(settings.brandOverride) ? settings.brandOverride : null;
  const brand = BRAND_CONFIGS[effectiveBrand(serverBrand, override, hostKind(hostname) === 'local')];

  const state: PageState = {
    locale,
    texts,
    brand,
    errors: {},
    busy: false,
    passwordShown: false,
    notice: noticeOf(window.location.search),
  };
  /** The language picked on this page during this visit (never `?lang=`, docs/accessibility.md). */
  let picked: Locale | null = null;
  let switching = 0;
  const update = (patch: Partial<PageState>) => {
    Object.assign(state, patch);
    page.render(state);
  };

  const pick = async (next: Locale) => {
    picked = next;
    rememberLocale(next);
    const mine = ++switching;
    try {
      const nextTexts = await loadTexts(next);
      if (mine === switching) update({ locale: next, texts: nextTexts });
    } catch {
      // a new deployment replaced the text chunks: the page loads afresh in the stored language
      window.location.reload();
    }
  };

  const submit = async (values: LoginValues) => {
    if (state.busy) return;
    const errors = validateLogin(values);
    update({ errors });
    if (errors.email || errors.password) return page.focusFirstInvalid(errors);
    update({ busy: true });
    page.showError(null);
    try {
      const account = await login(
        normaliseEmail(values.email),
        await sha256Hex(values.password),
        state.locale,
      );
      const after = localeAfterLogin(picked, account);
      rememberLocale(after.locale);
      // the web app's toast would show a failure here; the language still holds for this browser
      if (after.store) await saveLanguage(after.locale).catch(() => undefined);
      window.location.replace(targetAfterLogin(window.location.search));
    } catch (error) {
      update({ busy: false });
      const message = error instanceof CallFailed ? error.serverMessage : null;
      page.showError(message ?? state.texts.networkError);
    }
  };

  const page = createPage({
    onSubmit: (values) => void submit(values),
    onEdit: (field) => {
      if (!state.errors[field]) return;
      const errors = { ...state.errors };
      delete errors[field];
      update({ errors });
    },
    onTogglePassword: () => update({ passwordShown: !state.passwordShown }),
    onPick: (next) => void pick(next),
  });
  document.body.style.setProperty('--navbar-bg', navbarColor(hostname));
  document.body.dataset.brand = String(brand.id);
  document.body.replaceChildren(...page.nodes);
  page.render(state);
}

void start();
