import { useState } from 'react';
import { Button, Group } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AdminControllerRow } from '@hivescope/contract';
import { CenteredLoader } from '../../../components/ui/CenteredLoader';
import { PageTitle } from '../../../components/ui/PageTitle';
import { LoadError } from '../../../components/ui/LoadError';
import { useAdminControllers } from '../api';
import { ControllerEditModal } from '../components/ControllerEditModal';
import { ControllersTable } from '../components/ControllersTable';

/** /a/controllers — every controller; a row click opens the editor. */
export default function AdminControllersPage() {
  const { t } = useTranslation();
  const controllers = useAdminControllers();
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
      {controllers.isPending && <CenteredLoader />}
      {controllers.isError && <LoadError />}
      {controllers.data && (
        <ControllersTable rows={controllers.data} onEdit={setEditing} testId="admin-controllers-table" />
      )}
      <ControllerEditModal row={editing} onClose={() => setEditing(null)} />
    </>
  );
}
