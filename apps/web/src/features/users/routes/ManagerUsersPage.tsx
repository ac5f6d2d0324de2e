import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { UserListSort } from '@hivescope/contract';
import { CenteredLoader } from '../../../components/ui/CenteredLoader';
import { PageTitle } from '../../../components/ui/PageTitle';
import { useAppSelector } from '../../../app/store/hooks';
import { selectUser } from '../../../app/store/selectors';
import { useAffiliatedUsers } from '../api';
import { listParams, useListState } from '../../../components/list/useListState';
import { LoadError } from '../../../components/ui/LoadError';
import { UsersTable } from '../components/UsersTable';

/** /m/users — the users of the manager's affiliation, read-only. */
export default function ManagerUsersPage() {
  const { t } = useTranslation();
  const affiliation = useAppSelector(selectUser)?.affiliation ?? null;
  const list = useListState<UserListSort>('email');
  const { query, rows } = useAffiliatedUsers(affiliation, listParams(list));

  return (
    <>
      <PageTitle>{t('common:screens.managerUsers')}</PageTitle>
      {affiliation === null && <Alert color="yellow">{t('users:noAffiliation')}</Alert>}
      {query.isError && <LoadError />}
      {affiliation !== null && <UsersTable users={rows} list={list} paged={query} />}
      {affiliation !== null && query.isPending && <CenteredLoader />}
    </>
  );
}
