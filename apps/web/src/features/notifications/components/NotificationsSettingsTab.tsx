import { useTranslation } from 'react-i18next';
import ComingSoon from '../../../components/ui/ComingSoon';

/** Settings tab "notifications" — placeholder until its feature is built (replace this component). */
export default function NotificationsSettingsTab() {
  const { t } = useTranslation('common');
  return <ComingSoon title={t('settingsTabs.notifications')} testId="settings-tab-notifications" />;
}
