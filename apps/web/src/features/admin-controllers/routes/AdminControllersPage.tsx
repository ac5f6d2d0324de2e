import { useState } from 'react';
import { Button, Group } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AdminControllerRow, ControllerListSort } from '@hivescope/contract';
import { CenteredLoader } from '../../../components/ui/CenteredLoader';
import { PageTitle } from '../../../components/ui/PageTitle';
import { LoadError } from '../../../components/ui/LoadError';
import { listParams, useListState } from '../../../components/list/useListState';
import { useAdminControllers } from '../api';
import { ControllerEditModal } from '../components/ControllerEditModal';
import { ControllersTable } from '../components/ControllersTable';

/** /a/controllers — every controller, paged and searched on the server; a row click opens the editor. */
export default function AdminControllersPage() {
  const { t } = useTranslation();
  const list = useListState<ControllerListSort>('name');
  const { query, rows } = useAdminControllers(listParams(list));
  const [editing, setEditing] = useState<AdminControllerRow | null>(null);

  return (
    <>
      <Group justify="space-between" align="flex-start">
        <PageTitle>{t('common:screens.adminControllers')}</PageTitle>
        <Button
          component={Link}
          to="/a/controllers/create"
          leftSection={<IconPlus size={16} />}
          data-testid="admin-controller-create-link"
        >
          {t('admin-controllers:createLink')}
        </Button>
      </Group>
      {query.isError && <LoadError />}
      <ControllersTable
        rows={rows}
        list={list}
        paged={query}
        credentials
        onEdit={setEditing}
        testId="admin-controllers-table"
      />
      {query.isPending && <CenteredLoader />}
      <ControllerEditModal row={editing} onClose={() => setEditing(null)} />
    </>
  );
}
