import { Divider, Modal, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AdminControllerRow } from '@hivescope/contract';
import { ControllerEditForm } from './ControllerEditForm';
import { ImeiMismatch } from './ImeiMismatch';
import { NotificationCount } from './NotificationCount';
import { RegenerateToken } from './RegenerateToken';

/** Admin edit of a controller (row click on /a/controllers): its fields, notification count and device token. */
export function ControllerEditModal({
  row,
  onClose,
}: {
  row: AdminControllerRow | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('admin-controllers');
  return (
    <Modal
      opened={row !== null}
      onClose={onClose}
      title={t('editTitle', { name: row?.name ?? '' })}
      size="xl"
    >
      {row && (
        <Stack key={row.id} data-testid="admin-controller-edit">
          <ImeiMismatch row={row} onResolved={onClose} />
          <ControllerEditForm row={row} onSaved={onClose} />
          <Divider />
          <Title order={3}>{t('notifications.section')}</Title>
          <NotificationCount row={row} />
          <Divider />
          <Title order={3}>{t('token.section')}</Title>
          <RegenerateToken row={row} />
        </Stack>
      )}
    </Modal>
  );
}
