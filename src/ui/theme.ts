/**
 * The theme of spec points 3 and 9, written once: the breakpoints and the three colour systems (blue, cream,
 * red), each with its font colour, as antd ConfigProvider theme tokens.
 */
import type { ThemeConfig } from 'antd';
import { COLOUR_SYSTEMS, THEME_NAMES, type ColourSystem, type ThemeName } from '../../contract/colours';

/** Breakpoints (min widths in px) of spec point 9. */
export const BREAKPOINTS = { xs: 320, sm: 600, md: 900, lg: 1200, xl: 1536 } as const;
export type Breakpoint = keyof typeof BREAKPOINTS;

/** Below this width the side menu becomes a drawer. */
export const DRAWER_BELOW: Breakpoint = 'md';

export { COLOUR_SYSTEMS, THEME_NAMES, type ColourSystem, type ThemeName };
export const DEFAULT_THEME: ThemeName = 'blue';
/** Storage key of the chosen colour system. */
export const THEME_STORAGE_KEY = 'theme';

/** antd checks min <= value <= max for every screen token, so every one is set from BREAKPOINTS. */
export function screenTokens(b: typeof BREAKPOINTS = BREAKPOINTS): Record<string, number> {
  const xxl = 1920;
  return {
    screenXS: b.xs,
    screenXSMin: b.xs,
    screenXSMax: b.sm - 1,
    screenSM: b.sm,
    screenSMMin: b.sm,
    screenSMMax: b.md - 1,
    screenMD: b.md,
    screenMDMin: b.md,
    screenMDMax: b.lg - 1,
    screenLG: b.lg,
    screenLGMin: b.lg,
    screenLGMax: b.xl - 1,
    screenXL: b.xl,
    screenXLMin: b.xl,
    screenXLMax: xxl - 1,
    screenXXL: xxl,
    screenXXLMin: xxl,
  };
}

export function isThemeName(value: unknown): value is ThemeName {
  return typeof value === 'string' && (THEME_NAMES as readonly string[]).includes(value);
}

export function themeConfig(name: ThemeName): ThemeConfig {
  const c = COLOUR_SYSTEMS[name];
  return {
    token: {
      colorPrimary: c.primary,
      colorLink: c.primary,
      colorInfo: c.primary,
      borderRadius: 8,
      colorBgLayout: c.background,
      ...screenTokens(),
    },
    components: {
      Layout: { headerBg: c.brand, headerColor: c.font, headerPadding: '0 16px', headerHeight: 56 },
      Menu: { itemSelectedColor: c.primary },
    },
  };
}

export function readStoredTheme(): ThemeName {
  try {
    const v = localStorage.getItem(THEME_STORAGE_KEY);
    return isThemeName(v) ? v : DEFAULT_THEME;
  } catch {
    return DEFAULT_THEME;
  }
}

export function storeTheme(name: ThemeName): void {
  try {
    localStorage.setItem(THEME_STORAGE_KEY, name);
  } catch {
    // storage unavailable: the choice lasts for this page only
  }
}
