/** antd's motion follows the system's reduced-motion setting (WCAG 2.3.3), and its changes. */
import { act, render, screen } from '@testing-library/react';
import { theme } from 'antd';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PreferencesProvider } from '../../src/ui/preferences';
import { THEME_NAMES, themeConfig } from '../../src/ui/theme';
import { initTestI18n } from './helpers/i18n';

describe('themeConfig motion', () => {
  it.each(THEME_NAMES.flatMap((name) => [
    [name, false, true],
    [name, true, false],
  ] as const))('%s with reduced motion %s: antd motion %s', (name, reduced, motion) => {
    expect(themeConfig(name, reduced).token?.motion).toBe(motion);
  });
  it('keeps motion when not told otherwise', () => {
    expect(themeConfig(THEME_NAMES[0]).token?.motion).toBe(true);
  });
});

function MotionToken() {
  const { token } = theme.useToken();
  return <span data-testid="motion">{String(token.motion)}</span>;
}

/** A matchMedia whose reduced-motion answer the test sets and changes. */
function fakeMediaQuery(initial: boolean) {
  let matches = initial;
  const listeners = new Set<() => void>();
  const original = window.matchMedia;
  window.matchMedia = ((query: string) => ({
    get matches() {
      return query === '(prefers-reduced-motion: reduce)' ? matches : false;
    },
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: (_: string, cb: () => void) => listeners.add(cb),
    removeEventListener: (_: string, cb: () => void) => listeners.delete(cb),
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;
  return {
    set(value: boolean) {
      matches = value;
      for (const cb of [...listeners]) cb();
    },
    listeners,
    restore() {
      window.matchMedia = original;
    },
  };
}

describe('PreferencesProvider and the reduced-motion setting', () => {
  let media: ReturnType<typeof fakeMediaQuery> | undefined;
  beforeAll(async () => {
    await initTestI18n();
  });
  afterEach(() => media?.restore());

  it.each([
    [false, 'true'],
    [true, 'false'],
  ])('system asks for reduced motion: %s → antd motion %s', (reduced, shown) => {
    media = fakeMediaQuery(reduced);
    render(
      <PreferencesProvider>
        <MotionToken />
      </PreferencesProvider>,
    );
    expect(screen.getByTestId('motion').textContent).toBe(shown);
  });

  it('follows a change of the setting while the portal is open, and stops listening when unmounted', () => {
    media = fakeMediaQuery(false);
    const view = render(
      <PreferencesProvider>
        <MotionToken />
      </PreferencesProvider>,
    );
    expect(screen.getByTestId('motion').textContent).toBe('true');
    act(() => media?.set(true));
    expect(screen.getByTestId('motion').textContent).toBe('false');
    act(() => media?.set(false));
    expect(screen.getByTestId('motion').textContent).toBe('true');
    view.unmount();
    expect(media.listeners.size).toBe(0);
  });
});

