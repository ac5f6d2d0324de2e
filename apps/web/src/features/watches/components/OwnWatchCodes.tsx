import { useState } from 'react';
import { ActionIcon, Button, Group, Table, Text, Tooltip, CopyButton, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconCopy, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Controller } from '@hivescope/contract';
import { CenteredLoader } from '../../../components/ui/CenteredLoader';
import { LoadError } from '../../../components/ui/LoadError';
import { useControllers } from '../../../lib/controllers';
import { formatWatchCode } from '../watchCode';
import { RenewCodeModal } from './RenewCodeModal';

/** The owner's controllers with the watch code to give to others, and a button to renew each code. */
export function OwnWatchCodes() {
  const { t } = useTranslation('watches');
  const controllers = useControllers();
  const [renewing, setRenewing] = useState<Controller | null>(null);

  if (controllers.isPending) return <CenteredLoader />;
  if (controllers.isError) return <LoadError />;
  const own = controllers.data.filter((c) => !c.readOnly && c.watchCode !== null);
  if (own.length === 0) {
    return (
      <Text c="dimmed" data-testid="own-watch-codes-empty">
        {t('noOwn')}
      </Text>
    );
  }
  return (
    <>
      <Table.ScrollContainer minWidth={480}>
        <Table striped data-testid="own-watch-codes-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('controller')}</Table.Th>
              <Table.Th>{t('code')}</Table.Th>
              <Table.Th>
                <VisuallyHidden>{t('renew')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {own.map((controller) => {
              const code = controller.watchCode ?? '';
              return (
                <Table.Tr key={controller.id} data-testid={`own-controller-row-${controller.id}`}>
                  <Table.Td>{controller.name}</Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <Text
                        ff="monospace"
                        style={{ whiteSpace: 'nowrap' }}
                        data-testid={`watch-code-${controller.id}`}
                        data-code={code}
                      >
                        {formatWatchCode(code)}
                      </Text>
                      <CopyButton value={code}>
                        {({ copied, copy }) => (
                          <Tooltip label={copied ? t('copied') : t('copy')} withArrow>
                            <ActionIcon
                              variant="subtle"
                              color={copied ? 'green' : 'gray'}
                              onClick={copy}
                              aria-label={t('copy')}
                            >
                              {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                            </ActionIcon>
                          </Tooltip>
                        )}
                      </CopyButton>
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      variant="light"
                      leftSection={<IconRefresh size={14} />}
                      onClick={() => setRenewing(controller)}
                      data-testid={`renew-watch-code-${controller.id}`}
                    >
                      {t('renew')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <RenewCodeModal controller={renewing} onClose={() => setRenewing(null)} />
    </>
  );
}
