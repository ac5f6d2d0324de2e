import { useQuery } from '@tanstack/react-query';
import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CenteredLoader } from '../../../components/ui/CenteredLoader';
import { PageTitle } from '../../../components/ui/PageTitle';
import { useAppSelector } from '../../../app/store/hooks';
import { selectUser } from '../../../app/store/selectors';
import { fetchAffiliatedUsers, usersKeys } from '../api';
import { LoadError } from '../../../components/ui/LoadError';
import { UsersTable } from '../components/UsersTable';

/** /m/users — the users of the manager's affiliation, read-only. */
export default function ManagerUsersPage() {
  const { t } = useTranslation();
  const affiliation = useAppSelector(selectUser)?.affiliation ?? null;
  const users = useQuery({
    queryKey: usersKeys.affiliated(affiliation ?? -1),
    queryFn: () => fetchAffiliatedUsers(affiliation ?? -1),
    enabled: affiliation !== null,
  });

  return (
    <>
      <PageTitle>{t('common:screens.managerUsers')}</PageTitle>
      {affiliation === null && <Alert color="yellow">{t('users:noAffiliation')}</Alert>}
      {affiliation !== null && users.isPending && <CenteredLoader />}
      {users.isError && <LoadError />}
      {users.data && <UsersTable users={users.data} />}
    </>
  );
}
