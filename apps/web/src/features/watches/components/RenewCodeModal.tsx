import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Controller } from '@hivescope/contract';
import { useRenewWatchCode } from '../api';

/** Confirms a new watch code: everyone watching with the old code loses the watch. */
export function RenewCodeModal({
  controller,
  onClose,
}: {
  controller: Controller | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('watches');
  const renew = useRenewWatchCode();
  return (
    <Modal
      opened={controller !== null}
      onClose={onClose}
      title={t('renewTitle', { name: controller?.name ?? '' })}
    >
      <Text mb="md">{t('renewConfirm')}</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose} data-testid="renew-watch-code-cancel">
          {t('cancel')}
        </Button>
        <Button
          color="red"
          loading={renew.isPending}
          onClick={() => controller && renew.mutate(controller.id, { onSuccess: onClose })}
          data-testid="renew-watch-code-confirm"
        >
          {t('renew')}
        </Button>
      </Group>
    </Modal>
  );
}
