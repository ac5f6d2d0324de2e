import { useState } from 'react';
import { ActionIcon, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Firmware } from '@hivescope/contract';
import { ConfirmModal } from '../../../components/ui/ConfirmModal';
import { formatDateTime } from '../../../lib/format';
import { useDeleteFirmware } from '../api';
import { formatBytes } from '../form';
import { Sha256 } from './Sha256';

const COLUMNS = ['version', 'name', 'size', 'sha256', 'uploadedAt', 'running', 'wanted', 'actions'] as const;

/** Delete, or — while controllers want the version — a disabled button whose tooltip says why. */
function DeleteButton({ firmware, onDelete }: { firmware: Firmware; onDelete: () => void }) {
  const { t } = useTranslation('firmware');
  const wanted = firmware.wanted > 0;
  const label = wanted
    ? t('versions.deleteWanted', { count: firmware.wanted })
    : t('versions.deleteFor', { version: firmware.version });
  return (
    <Tooltip label={label} withArrow>
      {/* a disabled button gets no pointer events: the wrapper keeps the tooltip (and its reason) reachable */}
      <span tabIndex={wanted ? 0 : -1} data-testid={`firmware-delete-reason-${firmware.version}`}>
        <ActionIcon
          color="red"
          variant="subtle"
          disabled={wanted}
          onClick={onDelete}
          aria-label={label}
          data-testid={`firmware-delete-${firmware.version}`}
        >
          <IconTrash size={16} />
        </ActionIcon>
      </span>
    </Tooltip>
  );
}

/** Every stored version with size, SHA-256, upload date and how many controllers run or want it. */
export function VersionsTable({ items }: { items: Firmware[] }) {
  const { t, i18n } = useTranslation('firmware');
  const remove = useDeleteFirmware();
  const [deleting, setDeleting] = useState<Firmware | null>(null);
  const locale = i18n.language;

  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        {t('versions.title')}
      </Title>
      {items.length === 0 ? (
        <Text c="dimmed" data-testid="firmware-versions-empty">
          {t('versions.none')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={900}>
          <Table striped data-testid="firmware-versions">
            <Table.Thead>
              <Table.Tr>
                {COLUMNS.map((c) => (
                  <Table.Th key={c}>{t(`versions.columns.${c}`)}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((f) => (
                <Table.Tr key={f.version} data-testid={`firmware-version-${f.version}`}>
                  <Table.Td fw={600}>{f.version}</Table.Td>
                  <Table.Td>{f.name}</Table.Td>
                  <Table.Td data-testid={`firmware-size-${f.version}`} title={String(f.size)}>
                    {formatBytes(f.size, locale)}
                  </Table.Td>
                  <Table.Td>
                    <Sha256 value={f.sha256} testId={`firmware-sha-${f.version}`} />
                  </Table.Td>
                  <Table.Td>{formatDateTime(f.uploadedAt, locale)}</Table.Td>
                  <Table.Td data-testid={`firmware-running-${f.version}`}>{f.running}</Table.Td>
                  <Table.Td data-testid={`firmware-wanted-${f.version}`}>{f.wanted}</Table.Td>
                  <Table.Td>
                    <DeleteButton firmware={f} onDelete={() => setDeleting(f)} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <ConfirmModal
        opened={deleting !== null}
        title={t('versions.confirmTitle', { version: deleting?.version ?? '' })}
        text={t('versions.confirmText')}
        confirmLabel={t('versions.delete')}
        cancelLabel={t('versions.cancel')}
        loading={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting.version, { onSettled: () => setDeleting(null) })}
        testId="firmware-delete-confirm"
      />
    </Stack>
  );
}
