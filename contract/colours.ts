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
  /** The header bar's background: the brand colour, or its nearest shade that carries the font colour at 4.5:1. */
  header: string;
  /** The background of controls on the header (language switch, avatar): the font colour stays 4.5:1 on it. */
  headerControl: string;
  /** The colour of primary controls, links and focus (4.5:1 on white and on the page background). */
  primary: string;
  /** A soft page background. */
  background: string;
}

export const COLOUR_SYSTEMS: Record<ThemeName, ColourSystem> = {
  blue: { brand: '#0c66e1', font: '#ffffff', header: '#0c66e1', headerControl: '#0a4fb0', primary: '#0c66e1', background: '#f3f7fd' },
  cream: { brand: '#F7E4CB', font: '#4a3216', header: '#F7E4CB', headerControl: '#fbf1e4', primary: '#8a5a20', background: '#fcf7f0' },
  red: { brand: '#ec2029', font: '#ffffff', header: '#d41d25', headerControl: '#a3161c', primary: '#d41d25', background: '#fdf4f4' },
};
