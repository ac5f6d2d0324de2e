import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/ui/PageTitle';
import { AdminUsersList } from '../components/AdminUsersList';

/** /a/users — all users, paged and searched on the server: activate/deactivate, edit contact data. */
export default function AdminUsersPage() {
  const { t } = useTranslation('common');
  return (
    <>
      <PageTitle>{t('screens.adminUsers')}</PageTitle>
      <AdminUsersList />
    </>
  );
}
