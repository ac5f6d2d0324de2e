import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { TransmitterRegistrationForm } from './TransmitterRegistrationForm';

/** Settings → Register Transmitters: claim a further transmitter by IMSI + IMEI. */
export default function RegisterTransmittersSettingsTab() {
  const { t } = useTranslation('controller-registration');
  return (
    <Stack data-testid="settings-tab-registerTransmitters" maw={960}>
      <Text>{t('intro')}</Text>
      <TransmitterRegistrationForm />
    </Stack>
  );
}
