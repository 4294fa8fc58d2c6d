/**
 * The theme of spec points 3 and 9, written once: the breakpoints and the three colour systems (blue, cream,
 * red), each with its font colour, as antd ConfigProvider theme tokens.
 *
 * Every colour that carries text or marks a control passes WCAG 2.1 AA on the surfaces it is used on (text
 * 4.5:1, large text and controls 3:1): the pairs are checked by tests/unit/theme-contrast.test.ts. Where the
 * spec's brand colour fails with its own font colour (red #ec2029 with white text is 4.37:1), the header
 * uses the nearest shade that passes and the spec's colour stays the brand mark; docs/accessibility.md.
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

/**
 * Text and status colours shared by the three systems, all AA on white and on each page background:
 * secondary text and labels (antd's default #8c8c8c is 3.36:1), placeholders (#bfbfbf is 1.83:1), and the
 * status colours whose text sits on their own light tints (tags, alerts) or carries white (danger buttons).
 */
export const TEXT_COLOURS = {
  muted: '#616161',
  placeholder: '#6b6b6b',
  success: '#237804',
  warning: '#874d00',
  error: '#cf1322',
} as const;

/**
 * The tints under the status colours (alerts, status tags, results): antd derives them from the status colour's
 * palette, whose first shade for these dark text colours is a grey (#adb8a5 under #237804: 2.7:1 for a success
 * tag's text); antd's own green and gold tints instead.
 */
export const STATUS_TINTS = {
  success: { bg: '#f6ffed', bgHover: '#d9f7be', border: '#b7eb8f', borderHover: '#95de64' },
  warning: { bg: '#fffbe6', bgHover: '#fff1b8', border: '#ffe58f', borderHover: '#ffd666' },
} as const;

/**
 * Seeds of antd's preset palettes whose 7th shade (the text of a coloured tag, on the 1st shade) would fail
 * AA with antd's defaults (green, cyan, orange, gold, volcano, lime: 2.5–4.4:1).
 */
export const PRESET_SEEDS = {
  green: '#237804',
  cyan: '#006d75',
  orange: '#ad4e00',
  gold: '#ad6800',
  volcano: '#ad2102',
  lime: '#3f6600',
} as const;

/**
 * The tint (1st shade) and border (3rd shade) of those preset tags: antd's default palettes' own. From the darker
 * seeds above they would be greys (#adb8a5 for green); the text stays the seed's 7th shade, darker still.
 */
export const PRESET_TINTS: Record<keyof typeof PRESET_SEEDS, readonly [tint: string, border: string]> = {
  green: ['#f6ffed', '#b7eb8f'],
  cyan: ['#e6fffb', '#87e8de'],
  orange: ['#fff7e6', '#ffd591'],
  gold: ['#fffbe6', '#ffe58f'],
  volcano: ['#fff2e8', '#ffbb96'],
  lime: ['#fcffe6', '#eaff8f'],
};

/** PRESET_TINTS as antd's palette tokens (`green1`, `green3`, …). */
const presetTintTokens = Object.fromEntries(
  Object.entries(PRESET_TINTS).flatMap(([name, [tint, border]]) => [
    [`${name}1`, tint],
    [`${name}3`, border],
  ]),
);

/** The focus ring: 2px, 3:1 against the surfaces it is drawn on. */
export const FOCUS_RING_WIDTH = 2;

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

/**
 * The portal's typeface: the system's own UI face first (Segoe UI on Windows, San Francisco on macOS and iOS,
 * Roboto on Android, the desktop's face on Linux: DejaVu Sans on Debian and Ubuntu), antd's stack after it for
 * browsers without `system-ui`. Each of those faces has the Vietnamese letters, so a Vietnamese word is set in one
 * face: antd's stack alone resolved on Linux to Arial's stand-in, Liberation Sans, which lacks ạ, ậ, ổ…, and the
 * browser set those letters in another face, word by word. One face found at once is also what the sign-in page's
 * first layout waits on least (docs/performance.md, "The sign-in page in one face, on flat surfaces").
 * src/ui/styles.css (`html`) and src/boot/login-shell.css carry the same list.
 */
export const FONT_FAMILY =
  "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif, 'Apple Color Emoji', 'Segoe UI Emoji', 'Segoe UI Symbol', 'Noto Color Emoji'";

/**
 * The antd theme of a colour system. `reducedMotion` (the user's system asks for less motion, WCAG 2.3.3):
 * menus, dialogs, drawers and lists appear and go at once, without antd's motion.
 */
export function themeConfig(name: ThemeName, reducedMotion = false): ThemeConfig {
  const c = COLOUR_SYSTEMS[name];
  return {
    token: {
      motion: !reducedMotion,
      fontFamily: FONT_FAMILY,
      colorPrimary: c.primary,
      colorLink: c.primary,
      colorInfo: c.primary,
      colorSuccess: TEXT_COLOURS.success,
      colorWarning: TEXT_COLOURS.warning,
      colorError: TEXT_COLOURS.error,
      colorSuccessBg: STATUS_TINTS.success.bg,
      colorSuccessBgHover: STATUS_TINTS.success.bgHover,
      colorSuccessBorder: STATUS_TINTS.success.border,
      colorSuccessBorderHover: STATUS_TINTS.success.borderHover,
      colorWarningBg: STATUS_TINTS.warning.bg,
      colorWarningBgHover: STATUS_TINTS.warning.bgHover,
      colorWarningBorder: STATUS_TINTS.warning.border,
      colorWarningBorderHover: STATUS_TINTS.warning.borderHover,
      colorTextTertiary: TEXT_COLOURS.muted,
      colorTextDescription: TEXT_COLOURS.muted,
      colorTextPlaceholder: TEXT_COLOURS.placeholder,
      ...PRESET_SEEDS,
      ...presetTintTokens,
      borderRadius: 8,
      colorBgLayout: c.background,
      ...screenTokens(),
    },
    components: {
      Layout: { headerBg: c.header, headerColor: c.font, headerPadding: '0 16px', headerHeight: 56 },
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
