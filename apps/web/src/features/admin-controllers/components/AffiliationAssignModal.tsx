import { useState } from 'react';
import { Button, Group, Modal, MultiSelect, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Affiliation } from '../../../lib/affiliations';
import { useAdminControllers, useAssignAffiliation } from '../api';

type Props = { affiliation: Affiliation; current: number[]; onClose: () => void };

/**
 * An admin picks the controllers of an affiliation (POST admin/affiliation/{id}/controllers): the chosen
 * ones become exactly its controllers; controllers taken out lose the affiliation.
 */
export function AffiliationAssignModal({ affiliation, current, onClose }: Props) {
  const { t } = useTranslation('admin-controllers');
  const all = useAdminControllers();
  const mutation = useAssignAffiliation(affiliation.id);
  const [chosen, setChosen] = useState<string[]>(() => current.map(String));
  const options = (all.data ?? []).map((c) => ({
    value: String(c.id),
    label:
      c.affiliation && c.affiliation.id !== affiliation.id ? `${c.name} (${c.affiliation.name})` : c.name,
  }));

  return (
    <Modal opened onClose={onClose} title={t('assign.title', { name: affiliation.name })} size="lg">
      <Stack data-testid="affiliation-assign">
        <Text size="sm" data-testid="affiliation-assign-hint">
          {t('assign.hint')}
        </Text>
        <MultiSelect
          label={t('assign.controllers')}
          data={options}
          value={chosen}
          onChange={setChosen}
          searchable
          clearable
          disabled={all.isPending}
          nothingFoundMessage={t('none')}
          data-testid="affiliation-assign-controllers"
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button
            loading={mutation.isPending}
            disabled={all.isPending}
            onClick={() => mutation.mutate(chosen.map(Number), { onSuccess: onClose })}
            data-testid="affiliation-assign-save"
          >
            {t('assign.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
