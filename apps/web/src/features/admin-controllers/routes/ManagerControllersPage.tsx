import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CenteredLoader } from '../../../components/ui/CenteredLoader';
import { PageTitle } from '../../../components/ui/PageTitle';
import { useAppSelector } from '../../../app/store/hooks';
import { selectUser } from '../../../app/store/selectors';
import { LoadError } from '../../../components/ui/LoadError';
import { useAffiliatedControllers } from '../api';
import { ControllersTable } from '../components/ControllersTable';

/**
 * /m/controllers — the controllers of the manager's affiliation, read-only. An admin without an affiliation
 * sees every affiliated controller; a manager without one sees a hint instead of a list.
 */
export default function ManagerControllersPage() {
  const { t } = useTranslation();
  const user = useAppSelector(selectUser);
  const affiliation = user?.affiliation ?? null;
  const enabled = affiliation !== null || Boolean(user?.admin);
  const controllers = useAffiliatedControllers(affiliation, enabled);

  return (
    <>
      <PageTitle>{t('common:screens.managerControllers')}</PageTitle>
      {!enabled && <Alert color="yellow">{t('admin-controllers:noAffiliation')}</Alert>}
      {enabled && controllers.isPending && <CenteredLoader />}
      {controllers.isError && <LoadError />}
      {controllers.data && <ControllersTable rows={controllers.data} testId="manager-controllers-table" />}
    </>
  );
}
