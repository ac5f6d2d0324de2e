import { useCallback } from 'react';
import type { Locale } from '@hivescope/contract';
import { useAppDispatch, useAppSelector } from './hooks';
import { selectIsLoggedIn } from './selectors';
import { restoreSession } from './session';
import { localePicked } from './sessionSlice';
import { localeChanged } from './settingsSlice';
import { saveLanguage } from '../../lib/sessionApi';
import { toastError } from '../../lib/toast';

const store = (locale: Locale) =>
  saveLanguage(locale).catch((error: unknown) =>
    toastError(error instanceof Error ? error.message : String(error)),
  );

/**
 * Switches the UI language (persisted); when logged in also stores it on the account (POST user/language),
 * when logged out remembers the pick for the next login (sessionSlice `pickedLocale`). While the session is
 * still being checked (the first moments after a page load), the pick waits for that answer: a user who is
 * logged in after all gets it stored on the account, not kept for a login that never comes.
 */
export function useChangeLanguage(): (locale: Locale) => void {
  const dispatch = useAppDispatch();
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const status = useAppSelector((s) => s.session.status);
  return useCallback(
    (locale: Locale) => {
      dispatch(localeChanged(locale));
      if (loggedIn) void store(locale);
      else if (status === 'unknown' || status === 'restoring')
        void restoreSession(dispatch).then((known) =>
          known ? void store(locale) : void dispatch(localePicked(locale)),
        );
      else dispatch(localePicked(locale));
    },
    [dispatch, loggedIn, status],
  );
}
