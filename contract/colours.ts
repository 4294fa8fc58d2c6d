/**
 * The three colour systems of spec points 3 and 9 (blue, cream, red), each with its font colour: read by the
 * portal's theme (src/ui/theme.ts) and by the public B2C storefront, which takes its colours from one of them.
 */
export const THEME_NAMES = ['blue', 'cream', 'red'] as const;
export type ThemeName = (typeof THEME_NAMES)[number];

export interface ColourSystem {
  /** The brand colour of the system (header and highlights). */
  brand: string;
  /** The font colour used on the brand colour. */
  font: string;
  /** The colour of primary controls, links and focus (readable on white). */
  primary: string;
  /** A soft page background. */
  background: string;
}

export const COLOUR_SYSTEMS: Record<ThemeName, ColourSystem> = {
  blue: { brand: '#0c66e1', font: '#ffffff', primary: '#0c66e1', background: '#f3f7fd' },
  cream: { brand: '#F7E4CB', font: '#4a3216', primary: '#9a6a2f', background: '#fcf7f0' },
  red: { brand: '#ec2029', font: '#ffffff', primary: '#ec2029', background: '#fdf4f4' },
};
