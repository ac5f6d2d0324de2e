import { useTranslation } from 'react-i18next';
import ComingSoon from '../../../components/ui/ComingSoon';

/** Settings tab "firmware" — placeholder until its feature is built (replace this component). */
export default function FirmwareSettingsTab() {
  const { t } = useTranslation('common');
  return <ComingSoon title={t('settingsTabs.firmware')} testId="settings-tab-firmware" />;
}
