import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/ui/PageTitle';
import { PublicMapView } from '../components/PublicMapView';

/**
 * /shared/map — the map as an embeddable share (public layout). Shares of a map choose nothing yet: it shows
 * the public map's content (docs/maps.md "Shared map").
 */
export default function SharedMapPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle>{t('common:screens.sharedMap')}</PageTitle>
      <PublicMapView />
    </>
  );
}
