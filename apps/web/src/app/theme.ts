import { createTheme, NumberInput } from '@mantine/core';
import { BRANDS, type BrandId } from '@hivescope/contract';
import { decimalSeparator } from '../lib/numberFormat';

/**
 * Mantine theme per brand: honey yellow for beekeeping, teal for the veterinary brand. Number inputs show
 * the locale's decimal separator (41,3 in de/fr/es); typing or pasting "." or "," both work.
 */
export function brandTheme(brand: BrandId, locale = 'en') {
  return createTheme({
    primaryColor: brand === BRANDS.veterinary ? 'teal' : 'orange',
    defaultRadius: 'md',
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    components: {
      NumberInput: NumberInput.extend({
        defaultProps: {
          decimalSeparator: decimalSeparator(locale),
          allowedDecimalSeparators: ['.', ','],
        },
      }),
    },
  });
}
