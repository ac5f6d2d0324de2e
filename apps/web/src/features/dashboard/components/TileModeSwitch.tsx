import { SegmentedControl } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/store/hooks';
import { DASHBOARD_MODES, dashboardModeChanged, type DashboardMode } from '../../../app/store/settingsSlice';
import { toDashboardMode } from '../dashboard';

/** The persisted tile display mode (classic / activity / bars). */
export function useDashboardMode(): DashboardMode {
  return toDashboardMode(useAppSelector((s) => s.settings.dashboardMode));
}

export function TileModeSwitch() {
  const { t } = useTranslation('dashboard');
  const dispatch = useAppDispatch();
  const mode = useDashboardMode();
  return (
    <SegmentedControl
      data-testid="tile-mode"
      aria-label={t('mode.label')}
      value={mode}
      onChange={(value) => dispatch(dashboardModeChanged(toDashboardMode(value)))}
      data={DASHBOARD_MODES.map((value) => ({
        value,
        label: <span data-testid={`tile-mode-${value}`}>{t(`mode.${value}`)}</span>,
      }))}
    />
  );
}
