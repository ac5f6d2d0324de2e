import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { User } from '@hivescope/contract';
import { CenteredLoader } from '../../../components/ui/CenteredLoader';
import { PageTitle } from '../../../components/ui/PageTitle';
import { fetchUsers, setUserActive, usersKeys } from '../api';
import { UserEditModal } from '../components/UserEditModal';
import { UsersTable } from '../components/UsersTable';
import { LoadError } from '../../../components/ui/LoadError';

/** /a/users — all users: filter, activate/deactivate, edit contact data. */
export default function AdminUsersPage() {
  const { t } = useTranslation('common');
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<User | null>(null);
  const users = useQuery({ queryKey: usersKeys.all, queryFn: fetchUsers });
  const toggle = useMutation({
    mutationFn: ({ user, active }: { user: User; active: boolean }) => setUserActive(user.userId, active),
    onSettled: () => queryClient.invalidateQueries({ queryKey: usersKeys.all }),
  });

  return (
    <>
      <PageTitle>{t('screens.adminUsers')}</PageTitle>
      {users.isPending && <CenteredLoader />}
      {users.isError && <LoadError />}
      {users.data && (
        <UsersTable
          users={users.data}
          actions={{ onToggleActive: (user, active) => toggle.mutate({ user, active }), onEdit: setEditing }}
        />
      )}
      <UserEditModal user={editing} onClose={() => setEditing(null)} />
    </>
  );
}
