import { useState } from 'react';
import { ActionIcon, Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { IconEdit, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Region } from '@hivescope/contract';
import { ConfirmModal } from '../../../components/ui/ConfirmModal';
import { CenteredLoader } from '../../../components/ui/CenteredLoader';
import { DeleteIconButton } from '../../../components/ui/DeleteIconButton';
import { LoadError } from '../../../components/ui/LoadError';
import { useControllers } from '../../../lib/controllers';
import { useDeleteRegion, useRegions } from '../api';
import { offsetLabel } from '../geojson';
import { RegionForm } from './RegionForm';
import { RegionsMap } from './RegionsMap';

function RegionRow({
  region,
  onEdit,
  onDelete,
}: {
  region: Region;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation('regions');
  const window =
    region.alarmFrom && region.alarmTo
      ? t('window', { from: region.alarmFrom, to: region.alarmTo, offset: offsetLabel(region.utcOffset) })
      : t('noWindow');
  return (
    <Table.Tr data-testid="region-row" data-region-id={region.id}>
      <Table.Td>
        <Text fw={500}>{region.name}</Text>
        {(region.primaryOf.length > 0 || region.secondaryOf.length > 0) && (
          <Text size="xs" c="dimmed" data-testid="region-usage">
            {t('usage', { primary: region.primaryOf.length, secondary: region.secondaryOf.length })}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Badge variant="light" color={region.global ? 'blue' : 'green'}>
          {region.global ? t('global') : t('own')}
        </Badge>
        {!region.editable && (
          <Text span size="xs" c="dimmed" ml={6}>
            {t('readOnly')}
          </Text>
        )}
      </Table.Td>
      <Table.Td>{region.priority}</Table.Td>
      <Table.Td>{window}</Table.Td>
      <Table.Td>
        {region.editable && (
          <Group gap={4} wrap="nowrap">
            <ActionIcon
              variant="subtle"
              aria-label={`${t('edit')}: ${region.name}`}
              onClick={onEdit}
              data-testid="region-edit"
            >
              <IconEdit size={18} />
            </ActionIcon>
            <DeleteIconButton
              label={`${t('delete')}: ${region.name}`}
              onClick={onDelete}
              testId="region-delete"
            />
          </Group>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

type Props = { scope: 'own' | 'global' };

/** The list, the map and the create / edit / delete dialogs of either the own or the global regions. */
export function RegionsManager({ scope }: Props) {
  const { t } = useTranslation('regions');
  const regions = useRegions(scope);
  const controllers = useControllers();
  const remove = useDeleteRegion();
  const [editing, setEditing] = useState<Region | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Region | null>(null);
  if (regions.isPending) return <CenteredLoader />;
  if (regions.isError) return <LoadError />;
  const list = regions.data;
  const own = (controllers.data ?? []).filter((c) => !c.readOnly);
  return (
    <Stack gap="sm">
      <Group justify="flex-end">
        <Button
          leftSection={<IconPlus size={16} />}
          onClick={() => setEditing('new')}
          data-testid="region-add"
        >
          {t('add')}
        </Button>
      </Group>
      {list.length === 0 ? (
        <Text c="dimmed" data-testid="regions-empty">
          {t('empty')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={600}>
          <Table data-testid="regions-table" verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('columns.name')}</Table.Th>
                <Table.Th>{t('columns.kind')}</Table.Th>
                <Table.Th>{t('columns.priority')}</Table.Th>
                <Table.Th>{t('columns.window')}</Table.Th>
                <Table.Th>{t('columns.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((region) => (
                <RegionRow
                  key={region.id}
                  region={region}
                  onEdit={() => setEditing(region)}
                  onDelete={() => setDeleting(region)}
                />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <RegionsMap
        regions={list}
        controllers={own}
        label={t('mapLabel')}
        selected={editing && editing !== 'new' ? editing.id : null}
      />
      {editing && (
        <RegionForm
          region={editing === 'new' ? null : editing}
          global={scope === 'global'}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmModal
        opened={deleting !== null}
        title={t('confirmDeleteTitle')}
        text={t('confirmDelete', { name: deleting?.name ?? '' })}
        confirmLabel={t('delete')}
        cancelLabel={t('cancel')}
        loading={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })}
        onClose={() => setDeleting(null)}
        testId="region-delete-confirm"
      />
    </Stack>
  );
}
