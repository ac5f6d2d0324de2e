import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/ui/PageTitle';
import { AffiliatedUsersList } from '../components/AffiliatedUsersList';

/** /m/users — the users of the manager's affiliation, read-only. */
export default function ManagerUsersPage() {
  const { t } = useTranslation('common');
  return (
    <>
      <PageTitle>{t('screens.managerUsers')}</PageTitle>
      <AffiliatedUsersList />
    </>
  );
}
