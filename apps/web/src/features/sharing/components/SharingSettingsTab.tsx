import { useTranslation } from 'react-i18next';
import ComingSoon from '../../../components/ui/ComingSoon';

/** Settings tab "sharing" — placeholder until its feature is built (replace this component). */
export default function SharingSettingsTab() {
  const { t } = useTranslation('common');
  return <ComingSoon title={t('settingsTabs.sharing')} testId="settings-tab-sharing" />;
}
