import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Locale, SessionUser } from '@hivescope/contract';
import { loggedOut } from './actions';

/** unknown → restoring → loggedIn (email present) | loggedOut (docs/product.md §4). */
export type SessionStatus = 'unknown' | 'restoring' | 'loggedIn' | 'loggedOut';

export type SessionState = {
  status: SessionStatus;
  user: SessionUser | null;
  /** A login request is in flight. */
  loginFetching: boolean;
  /**
   * The language picked with the language picker while logged out, during this visit (never restored):
   * the next login keeps it and stores it for the account instead of switching to the account's language.
   */
  pickedLocale: Locale | null;
};

export const initialSessionState: SessionState = {
  status: 'unknown',
  user: null,
  loginFetching: false,
  pickedLocale: null,
};

const sessionSlice = createSlice({
  name: 'session',
  initialState: initialSessionState,
  reducers: {
    restoreStarted(state) {
      state.status = 'restoring';
    },
    loginStarted(state) {
      state.loginFetching = true;
    },
    loginFailed(state) {
      state.loginFetching = false;
    },
    localePicked(state, action: PayloadAction<Locale>) {
      state.pickedLocale = action.payload;
    },
    /** Login, registration or a successful ping: the user as the server sees it. */
    loggedIn(state, action: PayloadAction<SessionUser>) {
      state.status = 'loggedIn';
      state.user = action.payload;
      state.loginFetching = false;
      state.pickedLocale = null;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(loggedOut, () => ({ ...initialSessionState, status: 'loggedOut' }));
  },
});

export const { restoreStarted, loginStarted, loginFailed, localePicked, loggedIn } = sessionSlice.actions;
export const sessionReducer = sessionSlice.reducer;

/**
 * What is kept of a persisted session when the app starts: the user's email is cleared so the
 * session is checked again with GET user/ping before anything needs a login.
 */
export function restoreSession(persisted: SessionState): SessionState {
  return {
    status: 'unknown',
    user: persisted.user ? { ...persisted.user, userEmail: '' } : null,
    loginFetching: false,
    pickedLocale: null,
  };
}
