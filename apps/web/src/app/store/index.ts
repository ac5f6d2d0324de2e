import { configureStore } from '@reduxjs/toolkit';
import { FLUSH, PAUSE, PERSIST, PURGE, REGISTER, REHYDRATE, persistStore } from 'redux-persist';
import { localStorageAdapter, persistedRootReducer } from './persist';

export const store = configureStore({
  reducer: persistedRootReducer(localStorageAdapter),
  middleware: (getDefault) =>
    getDefault({
      serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] },
    }),
});

/** Starts restoring the persisted state; the app renders once it is done (PersistGate). */
export const persistor = persistStore(store);

export type AppDispatch = typeof store.dispatch;
export type { RootState } from './persist';
