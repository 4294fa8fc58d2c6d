/** Refine's i18nProvider over the one i18next instance. */
import type { I18nProvider } from '@refinedev/core';
import i18next from 'i18next';

export const i18nProvider: I18nProvider = {
  translate: (key: string, options?: Record<string, unknown>, defaultMessage?: string) =>
    String(i18next.t(key, { ...(options ?? {}), defaultValue: defaultMessage ?? '' })),
  changeLocale: (lang: string) => i18next.changeLanguage(lang),
  getLocale: () => i18next.resolvedLanguage ?? i18next.language,
};
