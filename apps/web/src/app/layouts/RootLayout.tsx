import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { i18n } from '../../lib/i18n';
import { useAppDispatch, useAppSelector } from '../store/hooks';
import { selectLocale, selectSession } from '../store/selectors';
import { restoreSession } from '../store/session';

/**
 * Root of every route: keeps i18next and <html lang> on the persisted locale and, when a session was
 * persisted, re-checks it once with GET user/ping (so the navbar shows the right items on public pages).
 */
export function RootLayout() {
  const dispatch = useAppDispatch();
  const locale = useAppSelector(selectLocale);
  const session = useAppSelector(selectSession);
  const shouldRestore = session.status === 'unknown' && session.user !== null;

  useEffect(() => {
    if (i18n.language !== locale) void i18n.changeLanguage(locale);
    document.documentElement.lang = locale;
  }, [locale]);

  useEffect(() => {
    if (shouldRestore) void restoreSession(dispatch);
  }, [shouldRestore, dispatch]);

  return <Outlet />;
}
