import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User, UserListSort } from '@hivescope/contract';
import { CenteredLoader } from '../../../components/ui/CenteredLoader';
import { LoadError } from '../../../components/ui/LoadError';
import { listParams, useListState } from '../../../components/list/useListState';
import { setUserActive, useUsers, usersKeys } from '../api';
import { UserEditModal } from './UserEditModal';
import { UsersTable } from './UsersTable';

/**
 * Every user, paged and searched on the server, with activate/deactivate and the contact-data editor. Shared by
 * /a/users and the admin's settings tab "User management", so both show the same list.
 */
export function AdminUsersList() {
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
