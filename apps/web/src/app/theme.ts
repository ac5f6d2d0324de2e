import {
  createTheme,
  darken,
  luminance,
  type AnchorProps,
  type CloseButtonProps,
  type CSSVariablesResolver,
  type MantineColorsTuple,
  type ModalProps,
  type NumberInputProps,
} from '@mantine/core';
import { BRANDS, type BrandId } from '@hivescope/contract';
import { i18n } from '../lib/i18n';
import { decimalSeparator } from '../lib/numberFormat';
import './a11y.css';
import './collapse.css';

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

const WHITE = '#ffffff';
/** WCAG AA for normal text. */
export const TEXT_CONTRAST = 4.5;

/** WCAG contrast ratio of two colours (hex or rgba, as Mantine's colour functions return them). */
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** `color`, darkened in small steps until it has `ratio` against every one of `backgrounds`. */
export function readable(color: string, backgrounds: string[], ratio = TEXT_CONTRAST): string {
  let result = color;
  for (let step = 0; step < 40 && backgrounds.some((b) => contrast(result, b) < ratio); step++) {
    result = darken(result, 0.05);
  }
  return result;
}

/**
 * Light-scheme text colours that Mantine derives from its palettes but which fall short of 4.5:1: `c="red"`
 * text and error messages (shade 6 on white), light variants of alerts and badges (shade 9 on shade 1,
 * e.g. yellow 2.7:1), links (also inside tinted alerts), secondary text.
 */
export const cssVariablesResolver: CSSVariablesResolver = (theme) => {
  const tints = Object.values(theme.colors).map((shades) => shades[1]);
  const tableGreys = [theme.colors.gray[0], theme.colors.gray[1]];
  const light: Record<string, string> = {
    '--mantine-color-dimmed': DIMMED,
    '--mantine-color-error': readable(theme.colors.red[6], [WHITE]),
    '--mantine-color-anchor': readable(theme.colors[theme.primaryColor]?.[6] ?? HONEY[6], [WHITE, ...tints]),
  };
  for (const [name, shades] of Object.entries(theme.colors)) {
    // also on the grey of striped and hovered table rows, where job errors and states are shown
    light[`--mantine-color-${name}-text`] = readable(shades[6], [WHITE, ...tableGreys]);
    light[`--mantine-color-${name}-light-color`] = readable(shades[9], [shades[1], shades[2]]);
  }
  return { variables: {}, light, dark: {} };
};

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
      // Links are told from text by more than colour (WCAG 1.4.1), also outside running text.
      Anchor: { defaultProps: { underline: 'always' } satisfies Partial<AnchorProps> },
      // Icon-only close buttons (modals, toasts) need a name.
      CloseButton: {
        defaultProps: { 'aria-label': i18n.t('common:close', { lng: locale }) } satisfies Partial<
          CloseButtonProps & { 'aria-label': string }
        >,
      },
      // A modal's <header> would count as a second page banner landmark.
      Modal: {
        defaultProps: { attributes: { header: { role: 'presentation' } } } satisfies Partial<ModalProps>,
      },
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
