/**
 * The user's display preferences: colour system (stored) and language (i18next, cached by the detector).
 * Provides the antd ConfigProvider with the theme tokens and the antd locale; dayjs follows the language;
 * antd's motion is off when the system asks for reduced motion.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { ConfigProvider } from 'antd';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../i18n';
import { antdLocale, applyDayjsLocale } from '../i18n/locale';
import { COLOUR_SYSTEMS, readStoredTheme, storeTheme, themeConfig, type ThemeName } from './theme';

export interface Preferences {
  theme: ThemeName;
  setTheme: (name: ThemeName) => void;
  language: 'vi' | 'en';
  setLanguage: (lng: 'vi' | 'en') => void;
}

const PreferencesContext = createContext<Preferences | null>(null);

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function reducedMotionQuery(): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(REDUCED_MOTION) : null;
}

/** Whether the user's system asks for less motion, following its changes. */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const query = reducedMotionQuery();
      query?.addEventListener('change', onChange);
      return () => query?.removeEventListener('change', onChange);
    },
    () => reducedMotionQuery()?.matches ?? false,
    () => false,
  );
}

export function usePreferences(): Preferences {
  const value = useContext(PreferencesContext);
  if (!value) throw new Error('usePreferences outside PreferencesProvider');
  return value;
}

export function PreferencesProvider({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation(undefined, { useSuspense: false });
  const [theme, setThemeState] = useState<ThemeName>(readStoredTheme);
  const language = currentLanguage(i18n);
  const reducedMotion = usePrefersReducedMotion();

  const setTheme = useCallback((name: ThemeName) => {
    storeTheme(name);
    setThemeState(name);
  }, []);
  const setLanguage = useCallback((lng: 'vi' | 'en') => void i18n.changeLanguage(lng), [i18n]);

  // dayjs must follow before the children render their dates
  useMemo(() => applyDayjsLocale(language), [language]);
  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);
  useEffect(() => {
    const root = document.documentElement;
    const c = COLOUR_SYSTEMS[theme];
    root.dataset.theme = theme;
    root.style.setProperty('--brand', c.header);
    root.style.setProperty('--brand-mark', c.brand);
    root.style.setProperty('--header-control', c.headerControl);
    root.style.setProperty('--brand-font', c.font);
    root.style.setProperty('--primary', c.primary);
    root.style.setProperty('--page-bg', c.background);
  }, [theme]);

  const value = useMemo(() => ({ theme, setTheme, language, setLanguage }), [theme, setTheme, language, setLanguage]);
  const config = useMemo(() => themeConfig(theme, reducedMotion), [theme, reducedMotion]);

  return (
    <PreferencesContext.Provider value={value}>
      <ConfigProvider theme={config} locale={antdLocale(language)}>
        {children}
      </ConfigProvider>
    </PreferencesContext.Provider>
  );
}
