import { useState } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { AdminControllerRow } from '@hivescope/contract';
import { useUpdateController } from '../api';
import { DeviceTokenBox } from './DeviceTokenBox';

/** Replaces the device token (the old one stops working) after a confirmation; the new one is shown once. */
export function RegenerateToken({ row }: { row: AdminControllerRow }) {
  const { t } = useTranslation('admin-controllers');
  const [confirming, setConfirming] = useState(false);
  const [token, setToken] = useState<string | null>(null);
  const mutation = useUpdateController(row.id);

  if (token) return <DeviceTokenBox token={token} imsi={row.imsi} imei={row.imei} />;
  const regenerate = () =>
    mutation.mutate(
      { regenerateToken: true },
      {
        onSuccess: (response) => setToken(response.deviceToken ?? null),
        onSettled: () => setConfirming(false),
      },
    );

  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        {confirming ? t('token.regenerateConfirm') : t('token.regenerateHint')}
      </Text>
      <Group>
        {confirming ? (
          <>
            <Button
              color="red"
              onClick={regenerate}
              loading={mutation.isPending}
              data-testid="regenerate-token-confirm"
            >
              {t('token.regenerateYes')}
            </Button>
            <Button
              variant="default"
              onClick={() => setConfirming(false)}
              data-testid="regenerate-token-cancel"
            >
              {t('cancel')}
            </Button>
          </>
        ) : (
          <Button
            variant="light"
            leftSection={<IconKey size={16} />}
            onClick={() => setConfirming(true)}
            data-testid="regenerate-token"
          >
            {t('token.regenerate')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
