/**
 * Refine's i18nProvider over the one i18next instance. Refine's own texts (its notifications and buttons,
 * English by default) are read from shell.refine.*, so the Vietnamese UI never shows them in English.
 */
import type { I18nProvider } from '@refinedev/core';
import i18next from 'i18next';

/** Refine's own keys, answered from shell.refine.<key>. */
export const REFINE_KEY = /^(notifications\.(success|error|createSuccess|createError|editSuccess|editError|deleteSuccess|deleteError|undoable)|buttons\.[A-Za-z]+)$/;

export const i18nProvider: I18nProvider = {
  translate: (key: string, options?: Record<string, unknown> | string, defaultMessage?: string) => {
    // Refine also calls translate(key, defaultMessage)
    const values = typeof options === 'string' ? {} : (options ?? {});
    const fallback = typeof options === 'string' ? options : defaultMessage;
    if (REFINE_KEY.test(key) && i18next.exists(`shell.refine.${key}`)) return String(i18next.t(`shell.refine.${key}`, values));
    return String(i18next.t(key, { ...values, defaultValue: fallback ?? '' }));
  },
  changeLocale: (lang: string) => i18next.changeLanguage(lang),
  getLocale: () => i18next.resolvedLanguage ?? i18next.language,
};
