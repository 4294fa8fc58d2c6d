import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_AES_IV, DEFAULT_AES_KEY } from '../../contract/constants';
import { loadSettings, SettingsError } from '../../gateway/settings';

describe('settings', () => {
  it('has the documented defaults', () => {
    const s = loadSettings({}, '/srv/app');
    expect(s).toMatchObject({
      PORT: 8080,
      HOST: '127.0.0.1',
      DATA_DIR: path.resolve('/srv/app/.data'),
      STATIC_DIR: path.resolve('/srv/app/dist'),
      LOCALES_DIR: path.resolve('/srv/app/locales'),
      AES_KEY: DEFAULT_AES_KEY,
      AES_IV: DEFAULT_AES_IV,
      APP_VERSION: '2.97',
      CAPTCHA: true,
      ACCESS_TOKEN_TTL: 900,
      REFRESH_TOKEN_TTL: 604_800,
      SEED: 'auto',
      LOGIN_MAX_FAILURES: 5,
      LOGIN_LOCK_FAILURES: 10,
      LOGIN_WINDOW_SECONDS: 900,
    });
    expect(s.DATABASE_URL).toBeUndefined();
    expect(s.JWT_SECRET).toBeUndefined();
  });

  it('bounds memory by default: PGlite shared_buffers, the offer drafts cache; diagnostics off; bad sizes refused by name', () => {
    const s = loadSettings({});
    expect(s).toMatchObject({ PGLITE_SHARED_BUFFERS: '32MB', PGLITE_WASM_OPTIMIZE: 'off', OFFER_DRAFT_CACHE_SIZE: 200, OFFER_DRAFT_CACHE_MB: 40, MEMORY_DIAGNOSTICS: 'off' });
    expect(loadSettings({ PGLITE_WASM_OPTIMIZE: 'on', OFFER_DRAFT_CACHE_MB: '64' })).toMatchObject({ PGLITE_WASM_OPTIMIZE: 'on', OFFER_DRAFT_CACHE_MB: 64 });
    expect(() => loadSettings({ PGLITE_WASM_OPTIMIZE: 'yes' })).toThrow(/PGLITE_WASM_OPTIMIZE/);
    expect(() => loadSettings({ OFFER_DRAFT_CACHE_MB: '0' })).toThrow(/OFFER_DRAFT_CACHE_MB/);
    expect(loadSettings({ PGLITE_SHARED_BUFFERS: '128MB', OFFER_DRAFT_CACHE_SIZE: '600' })).toMatchObject({ PGLITE_SHARED_BUFFERS: '128MB', OFFER_DRAFT_CACHE_SIZE: 600 });
    expect(() => loadSettings({ PGLITE_SHARED_BUFFERS: '32 MB; drop' })).toThrow(/PGLITE_SHARED_BUFFERS/);
    expect(() => loadSettings({ OFFER_DRAFT_CACHE_SIZE: '0' })).toThrow(/OFFER_DRAFT_CACHE_SIZE/);
  });

  it('reads values and treats empty strings as unset', () => {
    const s = loadSettings({ PORT: '9000', CAPTCHA: 'off', DATABASE_URL: '', ACCESS_TOKEN_TTL: '60' });
    expect(s.PORT).toBe(9000);
    expect(s.CAPTCHA).toBe(false);
    expect(s.DATABASE_URL).toBeUndefined();
    expect(s.ACCESS_TOKEN_TTL).toBe(60);
  });

  it('fails with a message naming each bad variable', () => {
    const bad = () =>
      loadSettings({ PORT: 'eighty', AES_KEY: 'short', CAPTCHA: 'maybe', DATABASE_URL: 'mysql://x', JWT_SECRET: 'tiny' });
    expect(bad).toThrow(SettingsError);
    try {
      bad();
    } catch (e) {
      const message = (e as Error).message;
      for (const name of ['PORT', 'AES_KEY', 'CAPTCHA', 'DATABASE_URL', 'JWT_SECRET']) expect(message).toContain(name);
    }
    expect(() => loadSettings({ LOGIN_MAX_FAILURES: '10', LOGIN_LOCK_FAILURES: '5' })).toThrow(/LOGIN_LOCK_FAILURES/);
    expect(() => loadSettings({ ACCESS_TOKEN_TTL: '3600', REFRESH_TOKEN_TTL: '600' })).toThrow(/REFRESH_TOKEN_TTL/);
  });

  it.each([
    ['23:59', 23 * 60 + 59],
    ['00:00', 0],
    ['22:30', 22 * 60 + 30],
  ])('SUPPLIER_VOID_CUTOFF %s sets the void cut-off of every source to %i minutes', (value, minutes) => {
    expect(loadSettings({ SUPPLIER_VOID_CUTOFF: value }).SUPPLIERS.defaults.voidCutoffMinutes).toBe(minutes);
  });

  it('without SUPPLIER_VOID_CUTOFF each source keeps its own cut-off; a bad time is refused by name', () => {
    expect(loadSettings({}).SUPPLIERS.defaults).not.toHaveProperty('voidCutoffMinutes');
    for (const bad of ['24:00', '7:30', '23:60', 'midnight']) expect(() => loadSettings({ SUPPLIER_VOID_CUTOFF: bad })).toThrow(/SUPPLIER_VOID_CUTOFF/);
  });
});
