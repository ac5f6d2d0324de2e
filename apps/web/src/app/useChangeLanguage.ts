import { useCallback } from 'react';
import type { Locale } from '@hivescope/contract';
import { useAppDispatch, useAppSelector } from './store/hooks';
import { selectIsLoggedIn } from './store/selectors';
import { localeChanged } from './store/settingsSlice';
import { saveLanguage } from '../features/session/api';
import { toastError } from '../lib/toast';

/** Switches the UI language (persisted); when logged in also stores it on the account (POST user/language). */
export function useChangeLanguage(): (locale: Locale) => void {
  const dispatch = useAppDispatch();
  const loggedIn = useAppSelector(selectIsLoggedIn);
  return useCallback(
    (locale: Locale) => {
      dispatch(localeChanged(locale));
      if (loggedIn)
        saveLanguage(locale).catch((error: unknown) =>
          toastError(error instanceof Error ? error.message : String(error)),
        );
    },
    [dispatch, loggedIn],
  );
}
