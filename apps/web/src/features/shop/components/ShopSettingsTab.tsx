import { useTranslation } from 'react-i18next';
import ComingSoon from '../../../components/ui/ComingSoon';

/** Settings tab "shop" — placeholder until its feature is built (replace this component). */
export default function ShopSettingsTab() {
  const { t } = useTranslation('common');
  return <ComingSoon title={t('settingsTabs.shop')} testId="settings-tab-shop" />;
}
