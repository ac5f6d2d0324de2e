import {
  createTheme,
  type CSSVariablesResolver,
  type MantineColorsTuple,
  type NumberInputProps,
} from '@mantine/core';
import { BRANDS, type BrandId } from '@hivescope/contract';
import { decimalSeparator } from '../lib/numberFormat';
import './a11y.css';

/**
 * Warm beekeeping orange, darker than Mantine's default from shade 5 on: shade 6 (filled buttons, badges,
 * links, focus ring) has 4.8:1 against white and 3.9:1 against the local navbar tint; shade 9 (text of
 * light variants) 7.8:1 against shade 1. See docs/accessibility.md.
 */
export const HONEY: MantineColorsTuple = [
  '#fff4e6',
  '#ffe5c8',
  '#fdcf9a',
  '#f9b46a',
  '#f39a3f',
  '#e07f1f',
  '#b35900',
  '#9e4f00',
  '#8a4500',
  '#6e3700',
];

/** The veterinary brand's teal, darkened the same way: shade 6 has 5.3:1 against white. */
export const VET_TEAL: MantineColorsTuple = [
  '#e6fcf5',
  '#c3fae8',
  '#96f2d7',
  '#63e6be',
  '#38d9a9',
  '#15a085',
  '#0b7a66',
  '#096b59',
  '#075c4d',
  '#054a3e',
];

/** Secondary text ("dimmed"): 6.1:1 against white, 4.9:1 against the local navbar tint (Mantine's is 3.3:1). */
export const DIMMED = '#5c636a';

/**
 * Filled backgrounds lighter than this relative luminance get black text instead of white. White text
 * reaches 4.5:1 only up to a luminance of 0.183 ((1 + 0.05) / (L + 0.05) ≥ 4.5), black from 0.175 on, so
 * either choice passes for every colour (green and red badges included).
 */
export const LUMINANCE_THRESHOLD = 0.18;

export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': DIMMED },
  dark: {},
});

/**
 * Mantine theme per brand: honey orange for beekeeping, teal for the veterinary brand, both in shades
 * that pass WCAG AA contrast. Number inputs show the locale's decimal separator (41,3 in de/fr/es); typing
 * or pasting "." or "," both work.
 */
export function brandTheme(brand: BrandId, locale = 'en') {
  return createTheme({
    colors: { orange: HONEY, teal: VET_TEAL },
    primaryColor: brand === BRANDS.veterinary ? 'teal' : 'orange',
    primaryShade: { light: 6, dark: 8 },
    autoContrast: true,
    luminanceThreshold: LUMINANCE_THRESHOLD,
    defaultRadius: 'md',
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    components: {
      // A plain object instead of NumberInput.extend(): importing NumberInput here would put it and
      // react-number-format into every page's JavaScript (the login page has no number input).
      NumberInput: {
        defaultProps: {
          decimalSeparator: decimalSeparator(locale),
          allowedDecimalSeparators: ['.', ','],
        } satisfies Partial<NumberInputProps>,
      },
    },
  });
}
