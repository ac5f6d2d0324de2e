import { createTheme } from '@mantine/core';
import { BRANDS, type BrandId } from '@hivescope/contract';

/** Mantine theme per brand: honey yellow for beekeeping, teal for the veterinary brand. */
export function brandTheme(brand: BrandId) {
  return createTheme({
    primaryColor: brand === BRANDS.veterinary ? 'teal' : 'orange',
    defaultRadius: 'md',
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  });
}
