import { SegmentedControl } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { BRAND_CONFIGS, isBrandId } from '../../lib/brand';
import { useAppDispatch } from '../store/hooks';
import { brandOverrideChanged } from '../store/settingsSlice';
import { useBrand } from '../store/useBrand';

/** Local development only: switch between the two brands by hand (persisted). */
export function BrandSwitch() {
  const { t } = useTranslation('common');
  const dispatch = useAppDispatch();
  const brand = useBrand();
  return (
    <SegmentedControl
      size="xs"
      aria-label={t('footer.brandSwitch')}
      value={String(brand.id)}
      onChange={(value) => {
        const id = Number(value);
        if (isBrandId(id)) dispatch(brandOverrideChanged(id));
      }}
      data={Object.values(BRAND_CONFIGS).map((b) => ({ value: String(b.id), label: b.name }))}
      data-testid="brand-switch"
    />
  );
}
