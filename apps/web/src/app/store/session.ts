import type { QueryClient } from '@tanstack/react-query';
import { loggedOut } from './actions';
import { loggedIn, restoreStarted } from './sessionSlice';
import type { AppDispatch } from './index';
import { isApiError } from '../../lib/api';
import { logout, ping } from '../../lib/sessionApi';

let restoring: Promise<boolean> | null = null;

/**
 * Restores the session with GET user/ping (once at a time): loggedIn with the server's user, or
 * logged out when the ping fails (docs/product.md §2). Resolves to whether the user is logged in.
 */
export function restoreSession(dispatch: AppDispatch): Promise<boolean> {
  if (restoring) return restoring;
  dispatch(restoreStarted());
  restoring = ping()
    .then((user) => {
      dispatch(loggedIn(user));
      return true;
    })
    .catch(() => {
      dispatch(loggedOut());
      return false;
    })
    .finally(() => {
      restoring = null;
    });
  return restoring;
}

/** Reloads the session user (e.g. after a profile save) without showing the checking-login state. */
export async function refreshSessionUser(dispatch: AppDispatch): Promise<void> {
  try {
    dispatch(loggedIn(await ping()));
  } catch (error) {
    console.error(error);
    if (isApiError(error) && error.status === 401) dispatch(loggedOut());
  }
}

/** Logs out on the server (a failure is only logged), resets the state except the locale, drops cached data. */
export async function performLogout(dispatch: AppDispatch, queryClient: QueryClient): Promise<void> {
  try {
    await logout();
  } catch (error) {
    console.error(error);
  }
  dispatch(loggedOut());
  queryClient.clear();
}
