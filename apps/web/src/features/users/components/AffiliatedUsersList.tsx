import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { UserListSort } from '@hivescope/contract';
import { useAppSelector } from '../../../app/store/hooks';
import { selectUser } from '../../../app/store/selectors';
import { CenteredLoader } from '../../../components/ui/CenteredLoader';
import { LoadError } from '../../../components/ui/LoadError';
import { listParams, useListState } from '../../../components/list/useListState';
import { useAffiliatedUsers } from '../api';
import { UsersTable } from './UsersTable';

/**
 * The users of the session user's affiliation, read-only. Shared by /m/users and the manager's settings tab
 * "User management".
 */
export function AffiliatedUsersList() {
  const { t } = useTranslation('users');
  const affiliation = useAppSelector(selectUser)?.affiliation ?? null;
  const list = useListState<UserListSort>('email');
  const { query, rows } = useAffiliatedUsers(affiliation, listParams(list));

  if (affiliation === null) return <Alert color="yellow">{t('noAffiliation')}</Alert>;
  return (
    <>
      {query.isError && <LoadError />}
      <UsersTable users={rows} list={list} paged={query} />
      {query.isPending && <CenteredLoader />}
    </>
  );
}
