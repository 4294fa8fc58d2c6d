/**
 * i18next for the portal: dictionaries from /locales/{lng}/translation.json (a fetch backend), detection from
 * localStorage (i18nextLng) then the `lng` query parameter, cached in localStorage (loaders.ts: two small
 * modules instead of i18next-http-backend and i18next-browser-languagedetector, for the sign-in page's first
 * JS); vi is the fallback; a missing key shows an empty string. Loads retry 5 times from 350 ms doubling, at
 * most 10 reads at once.
 */
import i18next, { type i18n as I18n, type InitOptions } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, STORAGE_KEYS } from '../../contract/constants';
import { fetchBackend, languageDetector, type DetectionOptions } from './loaders';

export const LOAD_PATH = '/locales/{{lng}}/translation.json';

export const detection: DetectionOptions = {
  order: ['localStorage', 'querystring'],
  lookupLocalStorage: STORAGE_KEYS.i18nextLng,
  lookupQuerystring: 'lng',
  caches: ['localStorage'],
};

/** Options shared by the app and the tests (which pass resources instead of the backend). */
export const baseOptions: InitOptions = {
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  load: 'languageOnly',
  nonExplicitSupportedLngs: true,
  ns: ['translation'],
  defaultNS: 'translation',
  interpolation: { escapeValue: false },
  returnNull: false,
  returnEmptyString: true,
  // A missing key shows an empty string (or the default the caller gave, as Refine's own texts do).
  parseMissingKeyHandler: (_key: string, defaultValue?: string) => defaultValue ?? '',
  maxRetries: 5,
  retryTimeout: 350,
  maxParallelReads: 10,
  react: { useSuspense: true },
};

let started: Promise<I18n> | null = null;

export function initI18n(): Promise<I18n> {
  started ??= i18next
    .use(fetchBackend(LOAD_PATH))
    .use(languageDetector(detection))
    .use(initReactI18next)
    .init(baseOptions)
    .then(() => i18next);
  return started;
}

/** The current language, 'vi' or 'en'. */
export function currentLanguage(instance: I18n = i18next): 'vi' | 'en' {
  return (instance.resolvedLanguage ?? instance.language ?? DEFAULT_LANGUAGE).startsWith('en') ? 'en' : 'vi';
}

export default i18next;
