import SettingsPage from '../../features/settings/routes/SettingsPage';
import { SETTINGS_TAB_COMPONENTS } from './settingsTabs';

/** /settings with every feature's tab (the settings feature itself only knows the tab ids). */
export default function SettingsWithTabs() {
  return <SettingsPage tabs={SETTINGS_TAB_COMPONENTS} />;
}
