import { describe, expect, it } from 'vitest';
import type { SessionUser } from '@hivescope/contract';
import { loggedOut } from './actions';
import { rootReducer, sessionTransform, settingsTransform } from './persist';
import { localePicked, loggedIn, restoreSession, restoreStarted } from './sessionSlice';
import {
  brandOverrideChanged,
  chartStateChanged,
  localeChanged,
  regionsChanged,
  restoreSettings,
} from './settingsSlice';
import { adminSettingsLoaded } from './adminSettingsSlice';

const user: SessionUser = {
  userId: 7,
  userEmail: 'anna@example.org',
  admin: false,
  role: 10,
  affiliation: null,
  manager: false,
  locale: 'fr',
  profileComplete: true,
  profile: { firstName: 'Anna' },
};

function loggedInState() {
  let state = rootReducer(undefined, { type: 'init' });
  state = rootReducer(state, loggedIn(user));
  state = rootReducer(state, localeChanged('en'));
  state = rootReducer(state, brandOverrideChanged(2));
  state = rootReducer(state, chartStateChanged('?from=1&to=2'));
  state = rootReducer(state, regionsChanged([{ id: 1, name: 'Bern', geojson: { type: 'Polygon' } }]));
  return rootReducer(state, adminSettingsLoaded({ activityDrain: 3 }));
}

describe('logout', () => {
  it('resets everything but the locale', () => {
    const state = rootReducer(loggedInState(), loggedOut());
    const fresh = rootReducer(undefined, { type: 'init' });
    expect(state.settings).toEqual({ ...fresh.settings, locale: 'en' });
    expect(state.session).toEqual({ ...fresh.session, status: 'loggedOut' });
    expect(state.adminSettings).toEqual(fresh.adminSettings);
  });
});

describe('session', () => {
  it('goes unknown → restoring → loggedIn', () => {
    let state = rootReducer(undefined, { type: 'init' });
    expect(state.session.status).toBe('unknown');
    state = rootReducer(state, restoreStarted());
    expect(state.session.status).toBe('restoring');
    state = rootReducer(state, loggedIn(user));
    expect(state.session).toMatchObject({ status: 'loggedIn', user });
  });

  it('remembers the language picked while logged out until the next login', () => {
    let state = rootReducer(undefined, { type: 'init' });
    state = rootReducer(state, localePicked('es'));
    expect(state.session.pickedLocale).toBe('es');
    state = rootReducer(state, loggedIn(user));
    expect(state.session.pickedLocale).toBeNull();
  });

  it('keeps the chart state without the leading "?"', () => {
    expect(loggedInState().settings.chartState).toBe('from=1&to=2');
  });
});

describe('restore rules', () => {
  it('clears the email so the session is checked again', () => {
    const restored = restoreSession(loggedInState().session);
    expect(restored.status).toBe('unknown');
    expect(restored.user?.userEmail).toBe('');
    expect(restored.user?.userId).toBe(7);
    // a language picked on an earlier visit does not override the account's language at the next login
    expect(
      restoreSession({ status: 'loggedOut', user: null, loginFetching: true, pickedLocale: 'es' }),
    ).toEqual({
      status: 'unknown',
      user: null,
      loginFetching: false,
      pickedLocale: null,
    });
  });

  it('drops region geojson and keeps the other settings', () => {
    const restored = restoreSettings(loggedInState().settings);
    expect(restored.regions).toEqual([{ id: 1, name: 'Bern' }]);
    expect(restored.locale).toBe('en');
    expect(restored.brandOverride).toBe(2);
  });

  it('applies the rules through the persist transforms', () => {
    const state = loggedInState();
    expect(sessionTransform.out(state.session, 'session', state).user?.userEmail).toBe('');
    expect(settingsTransform.out(state.settings, 'settings', state).regions[0]).toEqual({
      id: 1,
      name: 'Bern',
    });
  });
});
