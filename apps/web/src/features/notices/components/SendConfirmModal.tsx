import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { NoticeReach } from '@hivescope/contract';

type Props = {
  reach: NoticeReach | null;
  sending: boolean;
  onConfirm: () => void;
  onClose: () => void;
};

/** "Send this notice?" with how many it reaches; nobody reachable: only the reason and Cancel. */
export function SendConfirmModal({ reach, sending, onConfirm, onClose }: Props) {
  const { t } = useTranslation(['notices', 'errors']);
  return (
    <Modal opened={reach !== null} onClose={onClose} title={t('confirm.title')} data-testid="notice-confirm">
      {reach && (
        <Stack>
          {reach.reached > 0 ? (
            <Text size="sm" data-testid="notice-confirm-text">
              {t('confirm.text', reach)}
            </Text>
          ) : (
            <Alert color="yellow" data-testid="notice-confirm-nobody">
              {t('errors:noticeNobodyReached')}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} data-testid="notice-confirm-cancel">
              {t('confirm.cancel')}
            </Button>
            {reach.reached > 0 && (
              <Button loading={sending} onClick={onConfirm} data-testid="notice-confirm-send">
                {t('confirm.send')}
              </Button>
            )}
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
