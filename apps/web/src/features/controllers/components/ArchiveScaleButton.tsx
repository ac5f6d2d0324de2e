import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconArchive } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Scale } from '@hivescope/contract';
import { archiveChannel, useControllerMutation } from '../api';

/** "Archive" with a confirmation: POST controller/{id}/channel/{ch}/archive. */
export function ArchiveScaleButton({ scale }: { scale: Scale }) {
  const { t } = useTranslation('controllers-settings');
  const [opened, { open, close }] = useDisclosure(false);
  const mutation = useControllerMutation(() => archiveChannel(scale.controllerId, scale.channel));
  return (
    <>
      <Button
        variant="outline"
        color="red"
        leftSection={<IconArchive size={16} />}
        onClick={open}
        data-testid={`archive-scale-${scale.channel}`}
      >
        {t('archive.button')}
      </Button>
      <Modal
        opened={opened}
        onClose={close}
        title={t('archive.title', { name: scale.name })}
        data-testid="archive-dialog"
      >
        <Stack>
          <Text size="sm">{t('archive.text')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={close} data-testid="archive-cancel">
              {t('cancel')}
            </Button>
            <Button
              color="red"
              loading={mutation.isPending}
              onClick={() => mutation.mutate(undefined, { onSuccess: close })}
              data-testid="archive-confirm"
            >
              {t('archive.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
