import { beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../contract/constants';
import { decrypt, encrypt } from '../../contract/crypto';
import type { LoginResult } from '../../contract/auth';
import { API } from '../../contract/paths';
import { api } from '../../src/api/client';
import { cipher } from '../../src/api/cipher';
import { currentPermissions, heldPermissions, resetPermissions, setPermissions } from '../../src/auth/permissions-store';
import { login, logout, startUp } from '../../src/auth/session';
import { clearAuth, decryptPermissions, encryptPermissions, getAgentInfo, getMemberInfo, isLoggedIn, saveLogin } from '../../src/auth/storage';
import { bodyOf, mockAdapter, type SeenRequest } from './helpers/mock-adapter';
import { fetchBodyOf, mockFetch } from './helpers/mock-fetch';

const K = STORAGE_KEYS;

const loginResult: LoginResult = {
  accessToken: 'acc',
  refreshToken: 'ref',
  memberInfo: { id: 1, username: 'f1admin', fullName: 'Nguyễn Văn A', email: null, phone: null, role: 'admin_f1', accountType: 'AGT', groupId: null, groupName: null, hasPin: false },
  agentInfo: { id: 7, code: 'F1001', name: 'Đại lý Sao Mai', level: 1, accountType: 'AGT', parentId: null, phone: null, hotline: '1900', address: null },
  permissions: ['ADMIN_F1', 'SHOW_NEW_HOME'],
  productKey: 'PK',
  osi: 'OSI',
  tourCode: 'TC',
};

beforeEach(() => {
  resetPermissions();
});

describe('storage after login', () => {
  it('stores tokens, isLogin, encrypted permissions, member and agent info, productKey / osi / tourCode', () => {
    saveLogin(loginResult);
    expect(localStorage.getItem(K.accessToken)).toBe('acc');
    expect(localStorage.getItem(K.refreshToken)).toBe('ref');
    expect(localStorage.getItem(K.isLogin)).toBe('true');
    const stored = String(localStorage.getItem(K.permissions));
    expect(stored).not.toContain('ADMIN_F1');
    expect(JSON.parse(decrypt(stored, cipher))).toEqual(['ADMIN_F1', 'SHOW_NEW_HOME']);
    expect(getMemberInfo()?.username).toBe('f1admin');
    expect(getAgentInfo()?.code).toBe('F1001');
    expect(localStorage.getItem(K.productKey)).toBe('PK');
    expect(localStorage.getItem(K.osi)).toBe('OSI');
    expect(localStorage.getItem(K.tourCode)).toBe('TC');
    expect(isLoggedIn()).toBe(true);
  });

  it('leaves productKey / osi / tourCode out when absent', () => {
    saveLogin({ ...loginResult, productKey: undefined, osi: undefined, tourCode: undefined });
    expect(localStorage.getItem(K.productKey)).toBeNull();
    expect(localStorage.getItem(K.osi)).toBeNull();
    expect(localStorage.getItem(K.tourCode)).toBeNull();
  });

  it('clearAuth removes the session but keeps language and clock difference', () => {
    saveLogin(loginResult);
    localStorage.setItem(K.i18nextLng, 'en');
    localStorage.setItem(K.diff, '5');
    localStorage.setItem(K.salt, 's');
    clearAuth();
    for (const key of [K.accessToken, K.refreshToken, K.isLogin, K.permissions, K.memberInfo, K.agentInfo, K.productKey, K.osi, K.tourCode, K.salt]) {
      expect(localStorage.getItem(key)).toBeNull();
    }
    expect(localStorage.getItem(K.i18nextLng)).toBe('en');
    expect(localStorage.getItem(K.diff)).toBe('5');
  });
});

describe('start-up (spec point 4)', () => {
  it('a valid encrypted list is decrypted, held, and the load-permissions action runs', async () => {
    saveLogin(loginResult);
    const load = vi.fn().mockResolvedValue(undefined);
    const result = startUp(load);
    expect(result.source).toBe('storage');
    expect(result.permissions).toEqual(['ADMIN_F1', 'SHOW_NEW_HOME']);
    expect(currentPermissions()).toEqual(['ADMIN_F1', 'SHOW_NEW_HOME']);
    expect(load).toHaveBeenCalledTimes(1);
    await result.loading;
  });

  it('garbage in storage: the session is cleared and the list is empty, no load', () => {
    saveLogin(loginResult);
    localStorage.setItem(K.permissions, 'not-encrypted-at-all');
    const load = vi.fn();
    const result = startUp(load);
    expect(result).toMatchObject({ source: 'empty', permissions: [] });
    expect(currentPermissions()).toEqual([]);
    expect(load).not.toHaveBeenCalled();
    expect(localStorage.getItem(K.accessToken)).toBeNull();
    expect(localStorage.getItem(K.permissions)).toBeNull();
  });

  it('encrypted JSON that is not a list of strings counts as garbage', () => {
    saveLogin(loginResult);
    localStorage.setItem(K.permissions, encrypt(JSON.stringify({ ADMIN_F1: true }), cipher));
    expect(startUp(vi.fn()).permissions).toEqual([]);
    localStorage.setItem(K.permissions, encrypt('[1,2]', cipher));
    expect(startUp(vi.fn()).permissions).toEqual([]);
    expect(() => decryptPermissions(encrypt('not json', cipher))).toThrow();
  });

  it('nothing stored: the list is empty and nothing is loaded', () => {
    const load = vi.fn();
    const result = startUp(load);
    expect(result).toMatchObject({ source: 'empty', permissions: [] });
    expect(heldPermissions()).toEqual([]);
    expect(load).not.toHaveBeenCalled();
  });

  it('permissions already held in memory: storage is not read again', () => {
    setPermissions(['USE_TRAIN'], false);
    localStorage.setItem(K.permissions, 'garbage');
    const load = vi.fn();
    const result = startUp(load);
    expect(result).toMatchObject({ source: 'memory', permissions: ['USE_TRAIN'] });
    expect(localStorage.getItem(K.permissions)).toBe('garbage');
    expect(load).not.toHaveBeenCalled();
  });

  it('signed out with a readable list: held, but no load', () => {
    localStorage.setItem(K.permissions, encryptPermissions(['USE_ESIM']));
    const load = vi.fn();
    expect(startUp(load).permissions).toEqual(['USE_ESIM']);
    expect(load).not.toHaveBeenCalled();
  });

  it('the default load-permissions action reads GET /api/auth/me', async () => {
    saveLogin(loginResult);
    const seen: SeenRequest[] = [];
    const previous = api.defaults.adapter;
    api.defaults.adapter = mockAdapter(
      () => ({ data: { memberInfo: { ...loginResult.memberInfo, fullName: 'Đổi Tên' }, agentInfo: loginResult.agentInfo, permissions: ['ADMIN_F1', 'ANNIVERSARY'] } }),
      seen,
    );
    try {
      const result = startUp();
      await result.loading;
      expect(seen.map((r) => `${r.method} ${r.url}`)).toEqual([`GET ${API.me}`]);
      expect(currentPermissions()).toEqual(['ADMIN_F1', 'ANNIVERSARY']);
      expect(decryptPermissions(String(localStorage.getItem(K.permissions)))).toEqual(['ADMIN_F1', 'ANNIVERSARY']);
      expect(getMemberInfo()?.fullName).toBe('Đổi Tên');
    } finally {
      api.defaults.adapter = previous;
    }
  });
});

describe('login and logout', () => {
  it('login posts the sealed body, stores the result and holds the permissions', async () => {
    // the sign-in call goes through fetch (api/public-client.ts), not the axios client
    const seen = mockFetch(() => ({ data: loginResult }));
    try {
      await login({ username: 'f1admin', password: 'Demo@2026', captchaId: 'c', captcha: 'abc' });
      expect(seen.map((r) => `${r.method} ${r.url}`)).toEqual([`POST ${API.login}`]);
      const sent = JSON.parse(decrypt((fetchBodyOf(seen[0]) as { data: string }).data, cipher));
      expect(sent).toEqual({ username: 'f1admin', password: 'Demo@2026', captchaId: 'c', captcha: 'abc' });
      expect(currentPermissions()).toEqual(['ADMIN_F1', 'SHOW_NEW_HOME']);
      expect(isLoggedIn()).toBe(true);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('logout calls /api/auth/logout with the refresh token and clears storage, even when the call fails', async () => {
    saveLogin(loginResult);
    setPermissions(loginResult.permissions, false);
    const seen: SeenRequest[] = [];
    const previous = api.defaults.adapter;
    api.defaults.adapter = mockAdapter(() => ({ status: 500, data: { code: 99, message: 'x' } }), seen);
    try {
      await logout();
      expect(seen[0].url).toBe(API.logout);
      expect(JSON.parse(decrypt((bodyOf(seen[0]) as { data: string }).data, cipher))).toEqual({ refreshToken: 'ref' });
      expect(isLoggedIn()).toBe(false);
      expect(localStorage.getItem(K.permissions)).toBeNull();
      expect(currentPermissions()).toEqual([]);
    } finally {
      api.defaults.adapter = previous;
    }
  });
});
