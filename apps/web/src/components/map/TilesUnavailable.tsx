import { Alert } from '@mantine/core';
import { IconMapOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** The notice a map shows while its tiles cannot be loaded (docs/operations.md, "Map tiles"). */
export function TilesUnavailable() {
  const { t } = useTranslation('common');
  return (
    <Alert
      color="gray"
      variant="light"
      mb={4}
      py={6}
      icon={<IconMapOff size={18} />}
      role="status"
      data-testid="map-tiles-unavailable"
    >
      {t('map.tilesUnavailable')}
    </Alert>
  );
}
