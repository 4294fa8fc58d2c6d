/** The global i18next instance initialised with the real dictionaries (no http backend). */
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { baseOptions } from '../../../src/i18n';
import vi from '../../../locales/vi/translation.json';
import en from '../../../locales/en/translation.json';

export async function initTestI18n(lng: 'vi' | 'en' = 'vi') {
  if (!i18next.isInitialized) {
    await i18next.use(initReactI18next).init({
      ...baseOptions,
      lng,
      resources: { vi: { translation: vi }, en: { translation: en } },
      react: { useSuspense: false },
    });
  } else {
    await i18next.changeLanguage(lng);
  }
  return i18next;
}
