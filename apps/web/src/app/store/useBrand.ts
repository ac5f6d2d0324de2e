import { BRAND_CONFIGS, effectiveBrand, type BrandConfig } from '../../lib/brand';
import { useAppConfig } from '../../lib/appConfig';
import { currentHostname, hostKind } from '../../lib/host';
import { useAppSelector } from './hooks';

/** The brand in effect (server's choice by host; on localhost the footer switch may override it). */
export function useBrand(): BrandConfig {
  const { data } = useAppConfig();
  const override = useAppSelector((s) => s.settings.brandOverride);
  return BRAND_CONFIGS[effectiveBrand(data?.brand, override, hostKind(currentHostname()) === 'local')];
}
