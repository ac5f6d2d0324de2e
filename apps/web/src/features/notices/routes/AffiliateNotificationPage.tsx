import { Alert, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { BRANDS } from '@hivescope/contract';
import { CenteredLoader } from '../../../components/ui/CenteredLoader';
import { PageTitle } from '../../../components/ui/PageTitle';
import { useAppSelector } from '../../../app/store/hooks';
import { selectUser } from '../../../app/store/selectors';
import { useAppConfig } from '../../../lib/appConfig';
import { NoticeForm } from '../components/NoticeForm';
import { NoticeHistory } from '../components/NoticeHistory';

/**
 * /m/affiliateNotification — notices to the beekeepers of chosen regions (docs/notices.md). Admins always;
 * managers of an affiliation on the veterinary brand as the server sees it (its host: the localhost brand
 * switch does not count, docs/notices.md "Brand").
 */
export default function AffiliateNotificationPage() {
  const { t } = useTranslation('notices');
  const user = useAppSelector(selectUser);
  const config = useAppConfig();
  const admin = Boolean(user?.admin);
  const affiliation = user?.affiliation ?? null;
  const veterinary = config.data?.brand === BRANDS.veterinary;
  const allowed = admin || (affiliation !== null && veterinary);

  return (
    <>
      <PageTitle>{t('common:screens.affiliateNotification')}</PageTitle>
      {!admin && affiliation === null && (
        <Alert color="yellow" data-testid="notice-no-affiliation">
          {t('noAffiliation')}
        </Alert>
      )}
      {!admin && affiliation !== null && config.isPending && <CenteredLoader />}
      {!admin && affiliation !== null && config.data && !veterinary && (
        <Alert color="yellow" data-testid="notice-veterinary-only">
          {t('veterinaryOnly')}
        </Alert>
      )}
      {allowed && (
        <>
          <Text mb="md">{t('intro')}</Text>
          <NoticeForm admin={admin} ownAffiliation={affiliation} />
          <NoticeHistory affiliationId={admin ? null : affiliation} />
        </>
      )}
    </>
  );
}
