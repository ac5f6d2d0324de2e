import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { User, UserListSort } from '@hivescope/contract';
import { CenteredLoader } from '../../../components/ui/CenteredLoader';
import { PageTitle } from '../../../components/ui/PageTitle';
import { setUserActive, useUsers, usersKeys } from '../api';
import { listParams, useListState } from '../../../components/list/useListState';
import { UserEditModal } from '../components/UserEditModal';
import { UsersTable } from '../components/UsersTable';
import { LoadError } from '../../../components/ui/LoadError';

/** /a/users — all users, paged and searched on the server: activate/deactivate, edit contact data. */
export default function AdminUsersPage() {
  const { t } = useTranslation('common');
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<User | null>(null);
  const list = useListState<UserListSort>('email');
  const { query, rows } = useUsers(listParams(list));
  const toggle = useMutation({
    mutationFn: ({ user, active }: { user: User; active: boolean }) => setUserActive(user.userId, active),
    onSettled: () => queryClient.invalidateQueries({ queryKey: usersKeys.all }),
  });

  return (
    <>
      <PageTitle>{t('screens.adminUsers')}</PageTitle>
      {query.isError && <LoadError />}
      <UsersTable
        users={rows}
        list={list}
        paged={query}
        actions={{ onToggleActive: (user, active) => toggle.mutate({ user, active }), onEdit: setEditing }}
      />
      {query.isPending && <CenteredLoader />}
      <UserEditModal user={editing} onClose={() => setEditing(null)} />
    </>
  );
}
