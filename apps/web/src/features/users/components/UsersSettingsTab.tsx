import { useTranslation } from 'react-i18next';
import ComingSoon from '../../../components/ui/ComingSoon';

/** Settings tab "users" — placeholder until its feature is built (replace this component). */
export default function UsersSettingsTab() {
  const { t } = useTranslation('common');
  return <ComingSoon title={t('settingsTabs.users')} testId="settings-tab-users" />;
}
