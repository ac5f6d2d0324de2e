import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { FORWARDING_SIGNATURE_HEADER } from '@hivescope/contract';

type Props = { signingKey: string | null; onClose: () => void };

/**
 * The signing key of a new URL forwarding, shown this once (the server keeps no readable copy,
 * docs/forwarding.md): the receiver checks each POST's signature header with it.
 */
export function SigningKeyModal({ signingKey, onClose }: Props) {
  const { t } = useTranslation('forwarding');
  return (
    <Modal
      opened={signingKey !== null}
      onClose={onClose}
      title={t('key.title')}
      size="lg"
      data-testid="forwarding-key-dialog"
    >
      <Stack>
        <Alert color="yellow" data-testid="forwarding-key-once">
          {t('key.once')}
        </Alert>
        <Text size="sm">{t('key.use', { header: FORWARDING_SIGNATURE_HEADER })}</Text>
        <Code block data-testid="forwarding-key" style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
          {signingKey ?? ''}
        </Code>
        <Group justify="space-between">
          <CopyButton value={signingKey ?? ''}>
            {({ copied, copy }) => (
              <Button
                variant="light"
                leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                onClick={copy}
                data-autofocus
                data-testid="forwarding-key-copy"
              >
                {copied ? t('key.copied') : t('key.copy')}
              </Button>
            )}
          </CopyButton>
          <Button onClick={onClose} data-testid="forwarding-key-done">
            {t('key.done')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
