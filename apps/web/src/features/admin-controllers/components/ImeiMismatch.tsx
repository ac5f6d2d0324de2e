import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { AdminControllerRow } from '@hivescope/contract';
import { useUpdateController } from '../api';
import { formatDateTime, MISSING } from '../format';

/**
 * A report carried another IMEI than the stored one (docs/controllers.md "IMEI mismatch"). Saving either IMEI
 * resolves it; the editor then closes, since its form still holds the old row.
 */
export function ImeiMismatch({ row, onResolved }: { row: AdminControllerRow; onResolved: () => void }) {
  const { t, i18n } = useTranslation('admin-controllers');
  const mutation = useUpdateController(row.id);
  const reported = row.reportedImei;
  if (reported === null) return null;
  const save = (imei: string | null) => mutation.mutate({ imei }, { onSuccess: onResolved });

  return (
    <Alert
      color="orange"
      icon={<IconAlertTriangle size={18} />}
      title={t('imeiMismatch.title')}
      data-testid="imei-mismatch"
    >
      <Stack gap="xs">
        <Text size="sm">
          {t('imeiMismatch.text', {
            time: formatDateTime(row.reportedImeiAt, i18n.language),
            reported,
            stored: row.imei ?? MISSING,
          })}
        </Text>
        <Group>
          <Button
            size="xs"
            onClick={() => save(reported)}
            loading={mutation.isPending}
            data-testid="imei-mismatch-accept"
          >
            {t('imeiMismatch.accept')}
          </Button>
          <Button
            size="xs"
            variant="default"
            onClick={() => save(row.imei)}
            disabled={mutation.isPending}
            data-testid="imei-mismatch-keep"
          >
            {t('imeiMismatch.keep')}
          </Button>
        </Group>
        {mutation.isError && (
          <Text size="sm" c="red" role="alert">
            {mutation.error.message}
          </Text>
        )}
      </Stack>
    </Alert>
  );
}
