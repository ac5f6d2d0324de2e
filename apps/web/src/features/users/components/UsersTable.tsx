import { ActionIcon, Badge, Group, Stack, Switch, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconEdit } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { User, UserListSort } from '@hivescope/contract';
import { ListFooter } from '../../../components/list/ListFooter';
import { ListSearch } from '../../../components/list/ListSearch';
import { SortableTh } from '../../../components/list/SortableTh';
import type { ListState } from '../../../components/list/useListState';
import { fullName } from '../filter';

type Actions = { onToggleActive: (user: User, active: boolean) => void; onEdit: (user: User) => void };
type Props = {
  users: User[];
  list: ListState<UserListSort>;
  paged: Parameters<typeof ListFooter>[0]['list'] & { isSuccess: boolean };
  actions?: Actions;
};

/**
 * A server-paged list of users with a search box (email/name/city), sortable headers and "Load more"; with
 * `actions` each row gets an active switch and an edit button.
 */
export function UsersTable({ users, list, paged, actions }: Props) {
  const { t } = useTranslation('users');

  return (
    <Stack>
      <ListSearch
        list={list}
        label={t('filter')}
        placeholder={t('filterPlaceholder')}
        testId="users-filter"
      />
      <Table.ScrollContainer minWidth={700}>
        <Table striped highlightOnHover data-testid="users-table">
          <Table.Thead>
            <Table.Tr>
              <SortableTh column="email" list={list} testId="users">
                {t('email')}
              </SortableTh>
              <Table.Th>{t('name')}</Table.Th>
              <Table.Th>{t('city')}</Table.Th>
              <Table.Th>{t('affiliation')}</Table.Th>
              <SortableTh column="role" list={list} testId="users">
                {t('role')}
              </SortableTh>
              <Table.Th>{t('active')}</Table.Th>
              {actions && (
                <Table.Th>
                  <VisuallyHidden>{t('edit')}</VisuallyHidden>
                </Table.Th>
              )}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {users.map((user) => (
              <Table.Tr key={user.userId} data-testid={`user-row-${user.userId}`}>
                <Table.Td>
                  <Group gap={4}>
                    {user.email}
                    {user.admin && <Badge size="xs">{t('admin')}</Badge>}
                  </Group>
                </Table.Td>
                <Table.Td>{fullName(user)}</Table.Td>
                <Table.Td>{user.profile.city}</Table.Td>
                <Table.Td>{user.affiliationName}</Table.Td>
                <Table.Td>{user.role}</Table.Td>
                <Table.Td>
                  {actions ? (
                    <Switch
                      checked={user.active}
                      onChange={(e) => actions.onToggleActive(user, e.currentTarget.checked)}
                      aria-label={t('activeFor', { email: user.email })}
                      data-testid={`user-active-${user.userId}`}
                    />
                  ) : (
                    <Badge color={user.active ? 'green' : 'gray'}>{user.active ? t('yes') : t('no')}</Badge>
                  )}
                </Table.Td>
                {actions && (
                  <Table.Td>
                    <ActionIcon
                      variant="subtle"
                      onClick={() => actions.onEdit(user)}
                      aria-label={t('editFor', { email: user.email })}
                      data-testid={`user-edit-${user.userId}`}
                    >
                      <IconEdit size={18} />
                    </ActionIcon>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {paged.isSuccess && users.length === 0 && (
        <Text c="dimmed" data-testid="users-empty">
          {t('none')}
        </Text>
      )}
      <ListFooter loaded={users.length} list={paged} testId="users" />
    </Stack>
  );
}
