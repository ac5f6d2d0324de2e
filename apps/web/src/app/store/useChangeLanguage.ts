import { useCallback } from 'react';
import type { Locale } from '@hivescope/contract';
import { useAppDispatch, useAppSelector } from './hooks';
import { selectIsLoggedIn } from './selectors';
import { localePicked } from './sessionSlice';
import { localeChanged } from './settingsSlice';
import { saveLanguage } from '../../lib/sessionApi';
import { toastError } from '../../lib/toast';

/**
 * Switches the UI language (persisted); when logged in also stores it on the account (POST user/language),
 * when logged out remembers the pick for the next login (sessionSlice `pickedLocale`).
 */
export function useChangeLanguage(): (locale: Locale) => void {
  const dispatch = useAppDispatch();
  const loggedIn = useAppSelector(selectIsLoggedIn);
  return useCallback(
    (locale: Locale) => {
      dispatch(localeChanged(locale));
      if (!loggedIn) dispatch(localePicked(locale));
      else
        saveLanguage(locale).catch((error: unknown) =>
          toastError(error instanceof Error ? error.message : String(error)),
        );
    },
    [dispatch, loggedIn],
  );
}
