import type { SessionUser } from '@hivescope/contract';
import type { AppDispatch, RootState } from '../../app/store';
import { loggedIn } from '../../app/store/sessionSlice';
import { localeChanged } from '../../app/store/settingsSlice';
import { saveLanguage } from '../../lib/sessionApi';
import { toastError } from '../../lib/toast';

/**
 * A successful login (thunk). The UI then speaks the account's language, unless the person picked another
 * one on the login page during this visit: that visible choice is kept and stored for the account
 * (POST user/language), so the next login anywhere starts in it (docs/decisions.md, "Language").
 */
export const loginSucceeded =
  (user: SessionUser) =>
  (dispatch: AppDispatch, getState: () => RootState): SessionUser => {
    const picked = getState().session.pickedLocale;
    const signedIn = picked && picked !== user.locale ? { ...user, locale: picked } : user;
    dispatch(loggedIn(signedIn));
    dispatch(localeChanged(signedIn.locale));
    if (signedIn !== user) {
      saveLanguage(signedIn.locale).catch((error: unknown) =>
        toastError(error instanceof Error ? error.message : String(error)),
      );
    }
    return signedIn;
  };
