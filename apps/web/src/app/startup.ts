import type { QueryClient } from '@tanstack/react-query';
import { configureApi } from '../lib/api';
import { i18n, toLocale } from '../lib/i18n';
import { goToLogin } from '../lib/redirect';
import { persistor, store } from './store';
import { loggedOut } from './store/actions';
import { localeChanged } from './store/settingsSlice';

/**
 * `?lang=xx` on any URL selects (and persists) the language; applied once the state is restored. The choice is
 * written to storage before the app shows anything: redux-persist writes a few ticks after a change, and a
 * person who follows a link at once would otherwise find the next page in the old language.
 */
export async function applyInitialLanguage(): Promise<void> {
  const fromUrl = toLocale(new URLSearchParams(window.location.search).get('lang'));
  if (fromUrl) {
    store.dispatch(localeChanged(fromUrl));
    await persistor.flush();
  }
  const locale = store.getState().settings.locale;
  document.documentElement.lang = locale;
  await i18n.changeLanguage(locale);
}

/** Connects the API client to the store and i18n; a 401 leaves for the login page (a full page load). */
export function wireApi(queryClient: QueryClient): void {
  configureApi({
    getLocale: () => store.getState().settings.locale,
    networkErrorMessage: () => i18n.t('errors:loadError'),
    onUnauthorized: () => {
      store.dispatch(loggedOut());
      window.setTimeout(() => queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'app' }), 0);
      const { pathname, search } = window.location;
      if (pathname !== '/') goToLogin(`${pathname}${search}`);
    },
  });
}
