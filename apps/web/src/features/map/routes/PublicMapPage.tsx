import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/ui/PageTitle';
import { PublicMapView } from '../components/PublicMapView';

/** /map — the public map, no login (docs/maps.md). */
export default function PublicMapPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle>{t('common:screens.map')}</PageTitle>
      <PublicMapView />
    </>
  );
}
