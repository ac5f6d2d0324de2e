import { describe, expect, it } from 'vitest';
import { DEFAULT_THEME, luminance, mergeMantineTheme } from '@mantine/core';
import { BRANDS, type BrandId } from '@hivescope/contract';
import { navbarColor } from '../lib/host';
import { brandTheme, contrast, cssVariablesResolver, DIMMED, HONEY, LUMINANCE_THRESHOLD } from './theme';

const WHITE = '#ffffff';
const BLACK = '#000000';
/** Header backgrounds: production (white), localhost and staging tints. */
const NAVBARS = ['example.org', 'localhost', 'staging.example.org'].map(navbarColor);

function resolved(brand: BrandId) {
  const theme = mergeMantineTheme(DEFAULT_THEME, brandTheme(brand, 'en'));
  return { theme, light: cssVariablesResolver(theme).light };
}

/** Hue in degrees of a #rrggbb colour. */
function hue(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255) as [number, number, number];
  const max = Math.max(r, g, b);
  const d = max - Math.min(r, g, b);
  const h = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return (h * 60 + 360) % 360;
}

describe.each([BRANDS.beekeeping, BRANDS.veterinary])('theme of brand %s (WCAG AA)', (brand) => {
  const { theme, light } = resolved(brand);
  const primary = theme.colors[theme.primaryColor]![6];

  it('filled buttons, badges and links in the primary colour reach 4.5:1', () => {
    // white text on it: autoContrast keeps white below the luminance threshold
    expect(luminance(primary)).toBeLessThan(LUMINANCE_THRESHOLD);
    expect(contrast(primary, WHITE)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(light['--mantine-color-anchor']!, WHITE)).toBeGreaterThanOrEqual(4.5);
  });

  it('the focus ring (primary colour) reaches 3:1 on every header background', () => {
    for (const background of NAVBARS) expect(contrast(primary, background)).toBeGreaterThanOrEqual(3);
  });

  it('links reach 4.5:1 also inside every tinted alert', () => {
    const tints = Object.values(theme.colors).map((shades) => shades[1]);
    expect(tints.length).toBeGreaterThan(10);
    for (const tint of tints)
      expect(contrast(light['--mantine-color-anchor']!, tint)).toBeGreaterThanOrEqual(4.5);
  });

  it('every palette: filled with automatic text colour, light variant and coloured text reach 4.5:1', () => {
    const names = Object.keys(theme.colors);
    expect(names).toContain('green');
    for (const name of names) {
      const shades = theme.colors[name]!;
      const onFilled = luminance(shades[6]) > LUMINANCE_THRESHOLD ? BLACK : WHITE;
      expect(contrast(shades[6], onFilled), `${name} filled`).toBeGreaterThanOrEqual(4.5);
      const lightColor = light[`--mantine-color-${name}-light-color`]!;
      expect(contrast(lightColor, shades[1]), `${name} light`).toBeGreaterThanOrEqual(4.5);
      expect(contrast(light[`--mantine-color-${name}-text`]!, WHITE), `${name} text`).toBeGreaterThanOrEqual(
        4.5,
      );
    }
  });

  it('secondary (dimmed) text and error messages reach 4.5:1', () => {
    expect(light['--mantine-color-dimmed']).toBe(DIMMED);
    for (const background of NAVBARS) expect(contrast(DIMMED, background)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(light['--mantine-color-error']!, WHITE)).toBeGreaterThanOrEqual(4.5);
  });
});

describe('brand colour', () => {
  it('stays a warm orange (hue 20–40°) from the light to the dark shades', () => {
    for (const shade of HONEY.slice(3)) {
      expect(hue(shade)).toBeGreaterThanOrEqual(20);
      expect(hue(shade)).toBeLessThanOrEqual(40);
    }
  });
});
