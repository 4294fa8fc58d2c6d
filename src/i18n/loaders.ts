/**
 * The two i18next modules of the portal, small enough for the sign-in page's first JS: the language detector
 * (the stored choice, then the `lng` query parameter; the choice is stored again, and kept in a cookie for the
 * gateway's page of /login) and the backend that reads
 * /locales/{lng}/translation.json with fetch. i18next itself retries a read the backend marks retriable (a
 * network failure or a 5xx answer: maxRetries and retryTimeout of the options), as with i18next-http-backend.
 */
import type { BackendModule, LanguageDetectorModule, ReadCallback } from 'i18next';

export interface DetectionOptions {
  order: readonly ('localStorage' | 'querystring')[];
  lookupLocalStorage: string;
  lookupQuerystring: string;
  caches: readonly 'localStorage'[];
}

function stored(key: string): string | undefined {
  try {
    return localStorage.getItem(key) || undefined;
  } catch {
    return undefined;
  }
}

const SAFE_CODE = /^[A-Za-z0-9_-]{1,35}$/;

/** The languages found, in the order asked for (i18next picks the first it supports). */
export function detectLanguages(options: DetectionOptions): string[] {
  const found = options.order.map((source) =>
    source === 'localStorage' ? stored(options.lookupLocalStorage) : (new URLSearchParams(window.location.search).get(options.lookupQuerystring) ?? undefined),
  );
  return found.filter((code): code is string => !!code && SAFE_CODE.test(code));
}

/**
 * The choice in a cookie of the same name as well: the gateway sends the page of /login with its static form
 * already in that language (gateway/platform/http/static.ts), before any script runs.
 */
export function storeLanguageCookie(name: string, lng: string): void {
  if (!SAFE_CODE.test(lng)) return;
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${name}=${lng}; path=/; max-age=31536000; SameSite=Lax${secure}`;
}

export function languageDetector(options: DetectionOptions): LanguageDetectorModule {
  return {
    type: 'languageDetector',
    detect: () => detectLanguages(options),
    cacheUserLanguage(lng: string) {
      if (lng === 'cimode' || !options.caches.includes('localStorage')) return;
      try {
        localStorage.setItem(options.lookupLocalStorage, lng);
      } catch {
        // storage full or blocked: the choice lasts for this page only
      }
      storeLanguageCookie(options.lookupLocalStorage, lng);
    },
  };
}

/** Reads `{{lng}}` / `{{ns}}` of `loadPath` with fetch; a failed read is retriable unless the answer was a 4xx. */
export function fetchBackend(loadPath: string): BackendModule {
  return {
    type: 'backend',
    callbackApi: true,
    init: () => undefined,
    read(language: string, namespace: string, callback: ReadCallback) {
      const url = loadPath.replace('{{lng}}', encodeURIComponent(language)).replace('{{ns}}', encodeURIComponent(namespace));
      fetch(url).then(
        async (response) => {
          if (!response.ok) return callback(`failed loading ${url}; status code: ${response.status}`, response.status >= 500);
          let data: unknown;
          try {
            data = JSON.parse(await response.text());
          } catch {
            return callback(`failed parsing ${url} to json`, false);
          }
          callback(null, data as Record<string, unknown>);
        },
        (error: unknown) => callback(`failed loading ${url}: ${error instanceof Error ? error.message : String(error)}`, true),
      );
    },
  };
}
