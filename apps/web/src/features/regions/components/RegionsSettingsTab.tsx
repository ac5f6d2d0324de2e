import { useTranslation } from 'react-i18next';
import ComingSoon from '../../../components/ui/ComingSoon';

/** Settings tab "regions" — placeholder until its feature is built (replace this component). */
export default function RegionsSettingsTab() {
  const { t } = useTranslation('common');
  return <ComingSoon title={t('settingsTabs.regions')} testId="settings-tab-regions" />;
}
