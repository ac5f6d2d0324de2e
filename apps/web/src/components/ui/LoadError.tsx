import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** "Error while loading data" in place of a list that could not be loaded (the toast has the details). */
export function LoadError() {
  const { t } = useTranslation();
  return (
    <Alert color="red" data-testid="load-error">
      {t('errors:loadError')}
    </Alert>
  );
}
