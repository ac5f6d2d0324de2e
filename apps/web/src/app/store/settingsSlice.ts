import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { DEFAULT_LOCALE, type BrandId, type Locale } from '@hivescope/contract';
import { loggedOut } from './actions';

export type ThemeSetting = 'light' | 'dark';
/** Dashboard tile display (docs/product.md §1): classic, activity or bars (with a kg value). */
export const DASHBOARD_MODES = ['classic', 'activity', 'bars'] as const;
export type DashboardMode = (typeof DASHBOARD_MODES)[number];

/** A region chosen by the user; its geojson is cached here but dropped on restore (it can be large). */
export type RegionSetting = { id: number; name: string; geojson?: unknown };

export type SettingsState = {
  locale: Locale;
  /** Brand switched by hand (honoured on localhost only). */
  brandOverride: BrandId | null;
  theme: ThemeSetting;
  /** Query string of the scale comparison (kept by the navbar link), without the leading "?". */
  chartState: string;
  regions: RegionSetting[];
  dashboardMode: DashboardMode;
};

export const initialSettingsState: SettingsState = {
  locale: DEFAULT_LOCALE,
  brandOverride: null,
  theme: 'light',
  chartState: '',
  regions: [],
  dashboardMode: 'classic',
};

const settingsSlice = createSlice({
  name: 'settings',
  initialState: initialSettingsState,
  reducers: {
    localeChanged(state, action: PayloadAction<Locale>) {
      state.locale = action.payload;
    },
    brandOverrideChanged(state, action: PayloadAction<BrandId | null>) {
      state.brandOverride = action.payload;
    },
    themeChanged(state, action: PayloadAction<ThemeSetting>) {
      state.theme = action.payload;
    },
    chartStateChanged(state, action: PayloadAction<string>) {
      state.chartState = action.payload.replace(/^\?/, '');
    },
    regionsChanged(state, action: PayloadAction<RegionSetting[]>) {
      state.regions = action.payload;
    },
    dashboardModeChanged(state, action: PayloadAction<DashboardMode>) {
      state.dashboardMode = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(loggedOut, (state) => ({ ...initialSettingsState, locale: state.locale }));
  },
});

export const {
  localeChanged,
  brandOverrideChanged,
  themeChanged,
  chartStateChanged,
  regionsChanged,
  dashboardModeChanged,
} = settingsSlice.actions;
export const settingsReducer = settingsSlice.reducer;

/** On restore the region geojson is dropped (it is loaded again when needed). */
export function restoreSettings(persisted: SettingsState): SettingsState {
  return {
    ...initialSettingsState,
    ...persisted,
    regions: (persisted.regions ?? []).map(({ id, name }) => ({ id, name })),
  };
}
