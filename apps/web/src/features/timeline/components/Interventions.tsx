import { useState } from 'react';
import {
  ActionIcon,
  Button,
  Group,
  Modal,
  MultiSelect,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconPencil, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { INTERVENTION_LABELS, type Intervention, type InterventionLabel } from '@hivescope/contract';
import { DeleteIconButton } from '../../../components/ui/DeleteIconButton';
import { deleteIntervention, useInterventionMutation } from '../api';
import { InterventionForm } from './InterventionForm';

type Props = {
  interventions: Intervention[];
  filter: InterventionLabel[];
  onFilter: (labels: InterventionLabel[]) => void;
  /** own scales the person may record on (value idscale, label name) */
  editableScales: { value: string; label: string }[];
  defaultScale: number | null;
  scaleName: (idscale: number) => string;
  loading: boolean;
};

function Row({ item, scaleName, onEdit }: { item: Intervention; scaleName: string; onEdit: () => void }) {
  const { t, i18n } = useTranslation('timeline');
  const remove = useInterventionMutation(() => deleteIntervention(item.id));
  const [confirming, setConfirming] = useState(false);
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <Table.Tr data-testid={`intervention-row-${item.id}`}>
      <Table.Td>{when.format(new Date(item.time))}</Table.Td>
      <Table.Td>{scaleName}</Table.Td>
      <Table.Td>{t(`label.${item.label}`)}</Table.Td>
      <Table.Td>{item.description}</Table.Td>
      <Table.Td>
        {item.editable && (
          <Group gap={4} wrap="nowrap">
            <ActionIcon
              variant="subtle"
              aria-label={t('edit')}
              onClick={onEdit}
              data-testid={`intervention-edit-${item.id}`}
            >
              <IconPencil size={16} />
            </ActionIcon>
            <DeleteIconButton
              label={t('delete')}
              loading={remove.isPending}
              onClick={() => setConfirming(true)}
              testId={`intervention-delete-${item.id}`}
              size={16}
            />
          </Group>
        )}
        <Modal opened={confirming} onClose={() => setConfirming(false)} title={t('confirmDelete')}>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {t('cancel')}
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              onClick={() => remove.mutate(undefined, { onSuccess: () => setConfirming(false) })}
              data-testid="intervention-delete-confirm"
            >
              {t('delete')}
            </Button>
          </Group>
        </Modal>
      </Table.Td>
    </Table.Tr>
  );
}

/** The interventions of the shown scales in the range: label filter, list, add / edit / delete (own scales). */
export function Interventions(props: Props) {
  const { t } = useTranslation('timeline');
  const [editing, setEditing] = useState<Intervention | 'new' | null>(null);
  const shown = props.filter.length
    ? props.interventions.filter((i) => props.filter.includes(i.label))
    : props.interventions;
  return (
    <Stack gap="sm" data-testid="interventions">
      <Group justify="space-between" align="flex-end">
        <Title order={2} size="h4">
          {t('interventions')}
        </Title>
        <Group align="flex-end">
          <MultiSelect
            size="xs"
            w={280}
            label={t('filterLabels')}
            placeholder={props.filter.length ? undefined : t('allLabels')}
            data={INTERVENTION_LABELS.map((l) => ({ value: l, label: t(`label.${l}`) }))}
            value={props.filter}
            onChange={(v) => props.onFilter(v as InterventionLabel[])}
            clearable
            data-testid="intervention-filter"
          />
          <Button
            size="xs"
            leftSection={<IconPlus size={14} />}
            disabled={props.editableScales.length === 0}
            onClick={() => setEditing('new')}
            data-testid="intervention-add"
          >
            {t('addIntervention')}
          </Button>
        </Group>
      </Group>
      {props.editableScales.length === 0 && (
        <Text size="sm" c="dimmed" data-testid="interventions-readonly">
          {t('interventionsReadOnly')}
        </Text>
      )}
      {shown.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="interventions-none">
          {t(props.loading ? 'loadingInterventions' : 'noInterventions')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={500}>
          <Table striped data-testid="intervention-list">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('when')}</Table.Th>
                <Table.Th>{t('scale')}</Table.Th>
                <Table.Th>{t('labelField')}</Table.Th>
                <Table.Th>{t('description')}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t('actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.map((item) => (
                <Row
                  key={item.id}
                  item={item}
                  scaleName={props.scaleName(item.idscale)}
                  onEdit={() => setEditing(item)}
                />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {editing && (
        <InterventionForm
          intervention={editing === 'new' ? null : editing}
          scales={props.editableScales}
          defaultScale={props.defaultScale}
          onClose={() => setEditing(null)}
        />
      )}
    </Stack>
  );
}
