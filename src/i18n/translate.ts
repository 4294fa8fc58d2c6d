/**
 * Translation outside React (the api layer): the i18next text when the dictionary is loaded, else the
 * Vietnamese default given by the caller (vi is the default and fallback language).
 */
import i18next from 'i18next';

export function tr(key: string, viDefault: string): string {
  if (i18next.isInitialized && i18next.exists(key)) return i18next.t(key);
  return viDefault;
}
