import { useMemo, useState } from 'react';
import {
  ActionIcon,
  Badge,
  Group,
  Pagination,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { IconEdit, IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { User } from '@hivescope/contract';
import { filterUsers, fullName } from '../filter';

const PAGE_SIZE = 50;

type Actions = { onToggleActive: (user: User, active: boolean) => void; onEdit: (user: User) => void };

/** Users with a filter box (email/name/city); with `actions` each row gets an active switch and an edit button. */
export function UsersTable({ users, actions }: { users: User[]; actions?: Actions }) {
  const { t } = useTranslation('users');
  const [filter, setFilter] = useState('');
  const [page, setPage] = useState(1);
  const filtered = useMemo(() => filterUsers(users, filter), [users, filter]);
  const pages = Math.max(1, Math.ceil(filtered.length / PAGE_SIZE));
  const shown = filtered.slice((Math.min(page, pages) - 1) * PAGE_SIZE, Math.min(page, pages) * PAGE_SIZE);

  return (
    <Stack>
      <TextInput
        label={t('filter')}
        placeholder={t('filterPlaceholder')}
        leftSection={<IconSearch size={16} />}
        value={filter}
        onChange={(e) => {
          setFilter(e.currentTarget.value);
          setPage(1);
        }}
        data-testid="users-filter"
        maw={400}
      />
      <Text size="sm" c="dimmed" data-testid="users-count">
        {t('shown', { shown: filtered.length, total: users.length })}
      </Text>
      <Table.ScrollContainer minWidth={700}>
        <Table striped highlightOnHover data-testid="users-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('email')}</Table.Th>
              <Table.Th>{t('name')}</Table.Th>
              <Table.Th>{t('city')}</Table.Th>
              <Table.Th>{t('affiliation')}</Table.Th>
              <Table.Th>{t('role')}</Table.Th>
              <Table.Th>{t('active')}</Table.Th>
              {actions && (
                <Table.Th>
                  <VisuallyHidden>{t('edit')}</VisuallyHidden>
                </Table.Th>
              )}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((user) => (
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
      {pages > 1 && <Pagination total={pages} value={Math.min(page, pages)} onChange={setPage} />}
    </Stack>
  );
}
