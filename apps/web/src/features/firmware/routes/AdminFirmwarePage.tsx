import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/ui/PageTitle';
import { FirmwareManager } from '../components/FirmwareManager';

/** /a/firmware — firmware images, the controllers' desired versions and staged roll-outs (admins). */
export default function AdminFirmwarePage() {
  const { t } = useTranslation(['common', 'firmware']);
  return (
    <Stack maw={1200} data-testid="admin-firmware">
      <PageTitle>{t('screens.adminFirmware')}</PageTitle>
      <Text c="dimmed">{t('firmware:intro')}</Text>
      <FirmwareManager />
    </Stack>
  );
}
