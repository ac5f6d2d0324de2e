import { describe, expect, it } from 'vitest';
import { configureStore } from '@reduxjs/toolkit';
import { FLUSH, PAUSE, PERSIST, PURGE, REGISTER, REHYDRATE, persistStore, type Storage } from 'redux-persist';
import {
  PERSISTED_STATE_KEY,
  readPersistedSettings,
  withPersistedSettings,
} from '../../lib/persistedSettings';
import { persistedRootReducer } from './persist';
import { brandOverrideChanged, localeChanged } from './settingsSlice';

/**
 * The login page reads and writes the language in the web app's persisted state without the store
 * (lib/persistedSettings): checked here against the real store and redux-persist, both ways.
 */

function memoryStorage(): Storage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key: string) => Promise.resolve(data.get(key) ?? null),
    setItem: (key: string, value: string) => Promise.resolve(void data.set(key, value)),
    removeItem: (key: string) => Promise.resolve(void data.delete(key)),
  };
}

async function startStore(storage: Storage) {
  const store = configureStore({
    reducer: persistedRootReducer(storage),
    middleware: (getDefault) =>
      getDefault({
        serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] },
      }),
  });
  const persistor = persistStore(store);
  await new Promise<void>((resolve) => {
    const check = () => persistor.getState().bootstrapped && resolve();
    persistor.subscribe(check);
    check();
  });
  return { store, persistor };
}

describe('persisted settings outside the store', () => {
  it('reads the locale the store persisted', async () => {
    const storage = memoryStorage();
    const { store, persistor } = await startStore(storage);
    store.dispatch(localeChanged('fr'));
    store.dispatch(brandOverrideChanged(2));
    await persistor.flush();
    const raw = storage.data.get(PERSISTED_STATE_KEY);
    expect(raw).toBeTruthy();
    expect(readPersistedSettings(raw)).toMatchObject({ locale: 'fr', brandOverride: 2 });
  });

  it('writes a locale the store restores, keeping the other settings', async () => {
    const storage = memoryStorage();
    const first = await startStore(storage);
    first.store.dispatch(localeChanged('fr'));
    first.store.dispatch(brandOverrideChanged(2));
    await first.persistor.flush();
    first.persistor.pause();

    const raw = storage.data.get(PERSISTED_STATE_KEY);
    storage.data.set(PERSISTED_STATE_KEY, withPersistedSettings(raw, { locale: 'es' }));
    const { store } = await startStore(storage);
    expect(store.getState().settings).toMatchObject({ locale: 'es', brandOverride: 2, theme: 'light' });
  });

  it('writes a locale into empty storage that the store restores with its defaults', async () => {
    const storage = memoryStorage();
    storage.data.set(PERSISTED_STATE_KEY, withPersistedSettings(null, { locale: 'en' }));
    const { store } = await startStore(storage);
    expect(store.getState().settings).toMatchObject({ locale: 'en', brandOverride: null, regions: [] });
    expect(store.getState().session.status).toBe('unknown');
  });

  it('treats unreadable storage as nothing stored', () => {
    expect(readPersistedSettings('not json')).toEqual({});
    expect(readPersistedSettings(JSON.stringify({ settings: '{broken' }))).toEqual({});
    expect(JSON.parse(JSON.parse(withPersistedSettings('[1]', { locale: 'de' })).settings)).toEqual({
      locale: 'de',
    });
  });
});
