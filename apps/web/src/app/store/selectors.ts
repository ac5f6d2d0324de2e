import type { RootState } from './persist';

export const selectSession = (state: RootState) => state.session;
export const selectUser = (state: RootState) => state.session.user;
/** Logged in = the session was confirmed by the server (the email is cleared on restore until then). */
export const selectIsLoggedIn = (state: RootState) =>
  state.session.status === 'loggedIn' && Boolean(state.session.user?.userEmail);
export const selectLocale = (state: RootState) => state.settings.locale;
