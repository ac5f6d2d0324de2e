import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { loggedOut } from './actions';

/** Admin global settings (activity drain, trigger levels, …) as loaded for the admin screens. */
export type AdminSettingsState = {
  values: Record<string, number | string | boolean> | null;
  saveError: string | null;
};

export const initialAdminSettingsState: AdminSettingsState = { values: null, saveError: null };

const adminSettingsSlice = createSlice({
  name: 'adminSettings',
  initialState: initialAdminSettingsState,
  reducers: {
    adminSettingsLoaded(state, action: PayloadAction<AdminSettingsState['values']>) {
      state.values = action.payload;
      state.saveError = null;
    },
    adminSettingsSaveFailed(state, action: PayloadAction<string>) {
      state.saveError = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(loggedOut, () => initialAdminSettingsState);
  },
});

export const { adminSettingsLoaded, adminSettingsSaveFailed } = adminSettingsSlice.actions;
export const adminSettingsReducer = adminSettingsSlice.reducer;
