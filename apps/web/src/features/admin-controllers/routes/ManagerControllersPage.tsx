import { useState } from 'react';
import { Alert, Button, Group, Select } from '@mantine/core';
import { IconLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ControllerListSort } from '@hivescope/contract';
import { CenteredLoader } from '../../../components/ui/CenteredLoader';
import { PageTitle } from '../../../components/ui/PageTitle';
import { useAppSelector } from '../../../app/store/hooks';
import { selectUser } from '../../../app/store/selectors';
import { LoadError } from '../../../components/ui/LoadError';
import { useAffiliations } from '../../../lib/affiliations';
import { listParams, useListState } from '../../../components/list/useListState';
import { useAffiliatedControllers } from '../api';
import { AffiliationAssignModal } from '../components/AffiliationAssignModal';
import { ControllersTable } from '../components/ControllersTable';

const ALL = 'all';

/**
 * /m/controllers — the controllers of the manager's affiliation, read-only; a manager without one sees a
 * hint instead of a list. Admins choose the affiliation (or all affiliated controllers) and assign its
 * controllers (docs/notices.md "Web").
 */
export default function ManagerControllersPage() {
  const { t } = useTranslation('admin-controllers');
  const user = useAppSelector(selectUser);
  const admin = Boolean(user?.admin);
  const own = user?.affiliation ?? null;
  const [chosen, setChosen] = useState<string>(own === null ? ALL : String(own));
  const [assigning, setAssigning] = useState(false);
  const affiliations = useAffiliations(admin);
  const affiliation = admin ? (chosen === ALL ? null : Number(chosen)) : own;
  const enabled = affiliation !== null || admin;
  const list = useListState<ControllerListSort>('name');
  const { query, rows } = useAffiliatedControllers(affiliation, listParams(list), enabled);
  const selected = affiliations.data?.find((a) => a.id === affiliation);

  return (
    <>
      <PageTitle>{t('common:screens.managerControllers')}</PageTitle>
      {!enabled && <Alert color="yellow">{t('noAffiliation')}</Alert>}
      {admin && (
        <Group align="flex-end" mb="md">
          <Select
            label={t('assign.affiliation')}
            data={[
              { value: ALL, label: t('assign.all') },
              ...(affiliations.data ?? []).map((a) => ({ value: String(a.id), label: a.name })),
            ]}
            value={chosen}
            onChange={(v) => setChosen(v ?? ALL)}
            allowDeselect={false}
            w={320}
            data-testid="manager-controllers-affiliation"
          />
          {selected && (
            <Button
              leftSection={<IconLink size={16} />}
              onClick={() => setAssigning(true)}
              data-testid="affiliation-assign-open"
            >
              {t('assign.open')}
            </Button>
          )}
        </Group>
      )}
      {query.isError && <LoadError />}
      {enabled && (
        <ControllersTable
          rows={rows}
          list={list}
          paged={query}
          credentials={admin}
          testId="manager-controllers-table"
        />
      )}
      {enabled && query.isPending && <CenteredLoader />}
      {assigning && selected && (
        <AffiliationAssignModal affiliation={selected} onClose={() => setAssigning(false)} />
      )}
    </>
  );
}
