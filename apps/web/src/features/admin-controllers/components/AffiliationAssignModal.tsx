import { useState } from 'react';
import { Button, Group, Modal, MultiSelect, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import type { AffiliatedControllerRow } from '@hivescope/contract';
import { CenteredLoader } from '../../../components/ui/CenteredLoader';
import { LoadError } from '../../../components/ui/LoadError';
import { SEARCH_DEBOUNCE_MS } from '../../../components/list/useListState';
import type { Affiliation } from '../../../lib/affiliations';
import { useControllerSearch } from '../../../lib/controller-search';
import { useAffiliationMembers, useAssignAffiliation } from '../api';

type Props = { affiliation: Affiliation; onClose: () => void };
type Option = { value: string; label: string };

const optionOf = (c: AffiliatedControllerRow, affiliation: Affiliation): Option => ({
  value: String(c.id),
  label: c.affiliation && c.affiliation.id !== affiliation.id ? `${c.name} (${c.affiliation.name})` : c.name,
});

/**
 * An admin picks the controllers of an affiliation (POST admin/affiliation/{id}/controllers): the chosen
 * ones become exactly its controllers; controllers taken out lose the affiliation. It starts from every
 * member (all pages) and finds others by server search, so it works with any number of controllers
 * (docs/api-conventions.md "Lists and pagination", "Selections").
 */
export function AffiliationAssignModal({ affiliation, onClose }: Props) {
  const { t } = useTranslation('admin-controllers');
  const members = useAffiliationMembers(affiliation.id);
  return (
    <Modal opened onClose={onClose} title={t('assign.title', { name: affiliation.name })} size="lg">
      {members.isPending && <CenteredLoader />}
      {members.isError && <LoadError />}
      {members.data && (
        <AssignForm
          affiliation={affiliation}
          members={members.data.map((c) => optionOf(c, affiliation))}
          onClose={onClose}
        />
      )}
    </Modal>
  );
}

function AssignForm({ affiliation, members, onClose }: Props & { members: Option[] }) {
  const { t } = useTranslation('admin-controllers');
  const mutation = useAssignAffiliation(affiliation.id);
  const [chosen, setChosen] = useState<Option[]>(members);
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const found = useControllerSearch(q);
  const hits = (found.data ?? []).map((c) => optionOf(c, affiliation));
  const hitValues = new Set(hits.map((o) => o.value));
  const options = [...chosen.filter((o) => !hitValues.has(o.value)), ...hits];
  const pick = (ids: string[]) => setChosen(ids.flatMap((id) => options.find((o) => o.value === id) ?? []));

  return (
    <Stack data-testid="affiliation-assign">
      <Text size="sm" data-testid="affiliation-assign-hint">
        {t('assign.hint')}
      </Text>
      <MultiSelect
        label={t('assign.controllers')}
        data={options}
        value={chosen.map((o) => o.value)}
        onChange={pick}
        searchable
        searchValue={search}
        onSearchChange={setSearch}
        // the server searched already (names, IMSI, owner …): while searching show what it found, else all
        filter={({ options: all }) => (q ? all.filter((o) => 'value' in o && hitValues.has(o.value)) : all)}
        clearable
        nothingFoundMessage={t('none')}
        data-testid="affiliation-assign-controllers"
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('cancel')}
        </Button>
        <Button
          loading={mutation.isPending}
          onClick={() =>
            mutation.mutate(
              chosen.map((o) => Number(o.value)),
              { onSuccess: onClose },
            )
          }
          data-testid="affiliation-assign-save"
        >
          {t('assign.save')}
        </Button>
      </Group>
    </Stack>
  );
}
