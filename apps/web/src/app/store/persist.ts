import { combineReducers } from '@reduxjs/toolkit';
import { createTransform, persistReducer, type PersistConfig, type Storage } from 'redux-persist';
import { PERSIST_KEY_PREFIX } from '@hivescope/contract';
import { PERSIST_ROOT_KEY } from '../../lib/persistedSettings';
import { webStorage } from '../../lib/webStorage';
import { sessionReducer, restoreSession, type SessionState } from './sessionSlice';
import { settingsReducer, restoreSettings, type SettingsState } from './settingsSlice';
import { adminSettingsReducer } from './adminSettingsSlice';
import { restoreShopCart, shopCartReducer } from './shopCartSlice';

export const rootReducer = combineReducers({
  session: sessionReducer,
  settings: settingsReducer,
  adminSettings: adminSettingsReducer,
  shopCart: shopCartReducer,
});
export type RootState = ReturnType<typeof rootReducer>;

/** Restore rules applied to what comes out of storage (docs/product.md §4). */
export const sessionTransform = createTransform<SessionState, SessionState>(
  (inbound) => inbound,
  (outbound) => restoreSession(outbound),
  { whitelist: ['session'] },
);
export const settingsTransform = createTransform<SettingsState, SettingsState>(
  (inbound) => inbound,
  (outbound) => restoreSettings(outbound),
  { whitelist: ['settings'] },
);
/** A persisted cart of any schema comes back as schema 6 (docs/shop.md "Cart"). */
export const shopCartTransform = createTransform<RootState['shopCart'], RootState['shopCart']>(
  (inbound) => inbound,
  (outbound) => restoreShopCart(outbound),
  { whitelist: ['shopCart'] },
);

/** localStorage (or memory, where the page may not use it) behind redux-persist's async storage interface. */
export const localStorageAdapter: Storage = {
  getItem: (key: string) => Promise.resolve(webStorage('localStorage').getItem(key)),
  setItem: (key: string, value: string) => Promise.resolve(webStorage('localStorage').setItem(key, value)),
  removeItem: (key: string) => Promise.resolve(webStorage('localStorage').removeItem(key)),
};

export function persistConfig(storage: Storage): PersistConfig<RootState> {
  return {
    key: PERSIST_ROOT_KEY,
    keyPrefix: PERSIST_KEY_PREFIX,
    storage,
    whitelist: ['session', 'settings', 'adminSettings', 'shopCart'],
    transforms: [sessionTransform, settingsTransform, shopCartTransform],
  };
}

export function persistedRootReducer(storage: Storage) {
  return persistReducer(persistConfig(storage), rootReducer);
}
