import { useTranslation } from 'react-i18next';
import ComingSoon from '../../../components/ui/ComingSoon';

/** Settings tab "jobs" — placeholder until its feature is built (replace this component). */
export default function JobsSettingsTab() {
  const { t } = useTranslation('common');
  return <ComingSoon title={t('settingsTabs.jobs')} testId="settings-tab-jobs" />;
}
