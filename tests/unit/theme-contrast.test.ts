/** The three colour systems and the shared text colours pass WCAG 2.1 AA where they are used. */
import { generate } from '@ant-design/colors';
import { describe, expect, it } from 'vitest';
import { AA, contrastRatio } from '../../src/ui/contrast';
import { COLOUR_SYSTEMS, PRESET_SEEDS, PRESET_TINTS, STATUS_TINTS, TEXT_COLOURS, THEME_NAMES, themeConfig } from '../../src/ui/theme';

describe('contrastRatio', () => {
  it.each([
    ['#000000', '#ffffff', 21],
    ['#ffffff', '#ffffff', 1],
    ['#8c8c8c', '#ffffff', 3.36],
    ['#bfbfbf', '#ffffff', 1.83],
    ['#ec2029', '#ffffff', 4.37],
    ['#fff', '#0c66e1', 5.25],
  ])('%s on %s is %f:1', (a, b, ratio) => {
    expect(contrastRatio(a, b)).toBeCloseTo(ratio, 1);
    expect(contrastRatio(b, a)).toBeCloseTo(ratio, 1);
  });
  it('refuses what is not a colour', () => {
    expect(() => contrastRatio('red', '#fff')).toThrow(/not a colour/);
  });
});

describe.each(THEME_NAMES)('the %s colour system', (name) => {
  const c = COLOUR_SYSTEMS[name];
  it.each([
    ['header text on the header', c.font, c.header, AA.text],
    ['header text on header controls (language switch, avatar)', c.font, c.headerControl, AA.text],
    ['primary (links, buttons) on white', c.primary, '#ffffff', AA.text],
    ['primary on the page background', c.primary, c.background, AA.text],
    ['white on primary (primary buttons)', '#ffffff', c.primary, AA.text],
    ['muted text on the page background', TEXT_COLOURS.muted, c.background, AA.text],
    ['placeholders on white', TEXT_COLOURS.placeholder, '#ffffff', AA.text],
    ['focus ring (primary) on the page background', c.primary, c.background, AA.ui],
  ])('%s', (_what, fg, bg, min) => {
    expect(contrastRatio(fg, bg)).toBeGreaterThanOrEqual(min);
  });
});

describe('status and tag colours', () => {
  it.each(Object.entries(TEXT_COLOURS))('%s text on white', (_k, colour) => {
    expect(contrastRatio(colour, '#ffffff')).toBeGreaterThanOrEqual(AA.text);
  });
  it.each([['success', TEXT_COLOURS.success], ['error', TEXT_COLOURS.error]])('white on %s (filled buttons, badges)', (_k, colour) => {
    expect(contrastRatio('#ffffff', colour)).toBeGreaterThanOrEqual(AA.text);
  });
  // a status tag or alert writes its status colour on its tint (and the error's tint is antd's, from its palette)
  it.each([
    ['success', TEXT_COLOURS.success, STATUS_TINTS.success.bg],
    ['warning', TEXT_COLOURS.warning, STATUS_TINTS.warning.bg],
    ['error', TEXT_COLOURS.error, generate(TEXT_COLOURS.error)[0]],
  ])('%s text on its tint', (_k, colour, tint) => {
    expect(contrastRatio(colour, tint)).toBeGreaterThanOrEqual(AA.text);
  });
  it.each(THEME_NAMES)('the %s theme gives the status tints to antd', (name) => {
    expect(themeConfig(name).token).toMatchObject({ colorSuccessBg: STATUS_TINTS.success.bg, colorWarningBg: STATUS_TINTS.warning.bg });
  });
  // a coloured tag writes its 7th shade (generated from the seed) on its 1st (the tint given in its place)
  it.each(Object.entries(PRESET_SEEDS))('%s tag text on its tint', (k, seed) => {
    const palette = generate(seed);
    const [tint, border] = PRESET_TINTS[k as keyof typeof PRESET_TINTS];
    expect(contrastRatio(palette[6], tint)).toBeGreaterThanOrEqual(AA.text);
    for (const name of THEME_NAMES) expect(themeConfig(name).token).toMatchObject({ [`${k}1`]: tint, [`${k}3`]: border });
  });
});
