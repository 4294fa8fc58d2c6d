/**
 * The portal's two i18next modules (src/i18n/loaders.ts), in a real i18next instance: the stored language
 * first, then ?lng=, the choice stored again; the dictionary read with fetch from the load path, a failed read
 * retried (network, 5xx) or not (4xx).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18next from 'i18next';
import { baseOptions, detection, LOAD_PATH } from '../../src/i18n';
import { fetchBackend, languageDetector } from '../../src/i18n/loaders';
import { mockFetch, type SeenFetch } from './helpers/mock-fetch';

const DICTS: Record<string, Record<string, unknown>> = { vi: { hello: 'Xin chào' }, en: { hello: 'Hello' } };

async function start(options: Partial<typeof baseOptions> = {}) {
  const i = i18next.createInstance();
  await i.use(fetchBackend(LOAD_PATH)).use(languageDetector(detection)).init({ ...baseOptions, retryTimeout: 5, ...options });
  return i;
}

function serveDictionaries(seen: SeenFetch[] = [], fail?: (req: SeenFetch, n: number) => { status?: number; network?: boolean } | null) {
  let n = 0;
  mockFetch((req) => {
    n += 1;
    const failure = fail?.(req, n);
    if (failure) return failure;
    const lng = /^\/locales\/([^/]+)\/translation\.json$/.exec(req.url)?.[1] ?? '';
    return DICTS[lng] ? { data: DICTS[lng] } : { status: 404, data: 'not found' };
  }, seen);
  return seen;
}

beforeEach(() => {
  localStorage.clear();
  window.history.replaceState(null, '', '/login');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('language detection', () => {
  it('reads the stored language first, then ?lng=, and stores the choice', async () => {
    window.history.replaceState(null, '', '/login?lng=en');
    serveDictionaries();
    const fromQuery = await start();
    expect(fromQuery.language).toBe('en');
    expect(fromQuery.t('hello')).toBe('Hello');
    expect(localStorage.getItem('i18nextLng')).toBe('en');

    localStorage.setItem('i18nextLng', 'vi');
    const fromStorage = await start();
    expect(fromStorage.language).toBe('vi');
    expect(fromStorage.t('hello')).toBe('Xin chào');

    await fromStorage.changeLanguage('en');
    expect(localStorage.getItem('i18nextLng')).toBe('en');
    // and in a cookie, for the gateway's page of /login in that language
    expect(document.cookie).toMatch(/(^|; )i18nextLng=en(;|$)/);
  });

  it('nothing stored, nothing asked: Vietnamese, and an unsupported or unsafe code is passed over', async () => {
    serveDictionaries();
    expect((await start()).resolvedLanguage).toBe('vi');
    localStorage.setItem('i18nextLng', 'fr');
    window.history.replaceState(null, '', '/login?lng=en');
    expect((await start()).resolvedLanguage).toBe('en');
    localStorage.setItem('i18nextLng', '../../x');
    window.history.replaceState(null, '', '/login');
    expect((await start()).resolvedLanguage).toBe('vi');
  });
});

describe('dictionary backend', () => {
  it('reads /locales/{lng}/translation.json with fetch', async () => {
    localStorage.setItem('i18nextLng', 'en');
    const seen = serveDictionaries();
    const i = await start();
    expect(i.t('hello')).toBe('Hello');
    expect(seen.map((r) => `${r.method} ${r.url}`)).toContain('GET /locales/en/translation.json');
  });

  it('retries a network failure or a 5xx answer, but not a 404', async () => {
    localStorage.setItem('i18nextLng', 'en');
    const seen = serveDictionaries([], (req, n) => (req.url.includes('/en/') && n <= 2 ? (n === 1 ? { network: true } : { status: 503 }) : null));
    const i = await start({ fallbackLng: false });
    expect(i.t('hello')).toBe('Hello');
    expect(seen.filter((r) => r.url === '/locales/en/translation.json')).toHaveLength(3);

    const missing: SeenFetch[] = [];
    vi.unstubAllGlobals();
    serveDictionaries(missing, (req) => (req.url.includes('/en/') ? { status: 404 } : null));
    const j = await start({ fallbackLng: false });
    expect(j.t('hello')).toBe('');
    expect(missing.filter((r) => r.url === '/locales/en/translation.json')).toHaveLength(1);
  });
});
