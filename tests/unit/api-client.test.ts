import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { CLIENT_VERSION, STORAGE_KEYS } from '../../contract/constants';
import { decrypt, decryptWithSecret } from '../../contract/crypto';
import { ErrorCode } from '../../contract/errors';
import { API } from '../../contract/paths';
import { on, setNavigator, type PinRequest, type Toast } from '../../src/api/bus';
import { cipher } from '../../src/api/cipher';
import { createApiClient, isReloadNeeded, NETWORK_ERROR_TEXT, NEW_VERSION_TEXT, PIN_HEADER, versionState, type ApiClient } from '../../src/api/client';
import { ApiError } from '../../src/api/errors';
import { currentPermissions, resetPermissions } from '../../src/auth/permissions-store';
import { decryptPermissions } from '../../src/auth/storage';
import { bodyOf, mockAdapter, type Handler, type SeenRequest } from './helpers/mock-adapter';

let client: ApiClient;
let seen: SeenRequest[];
let navigate: Mock<(path: string, options?: unknown) => void>;
const unsubscribe: (() => void)[] = [];

function use(handler: Handler) {
  client.defaults.adapter = mockAdapter(handler, seen);
}

function signIn(access = 'access-1', refresh = 'refresh-1') {
  localStorage.setItem(STORAGE_KEYS.accessToken, access);
  localStorage.setItem(STORAGE_KEYS.refreshToken, refresh);
  localStorage.setItem(STORAGE_KEYS.isLogin, 'true');
}

function listen<T extends 'toast' | 'pin'>(event: T, fn: (p: T extends 'toast' ? Toast : PinRequest) => void) {
  unsubscribe.push(on(event, fn as never));
}

beforeEach(() => {
  client = createApiClient('');
  seen = [];
  navigate = vi.fn<(path: string, options?: unknown) => void>();
  setNavigator(navigate);
  versionState.reload = false;
  resetPermissions();
});

afterEach(() => {
  unsubscribe.splice(0).forEach((u) => u());
  setNavigator(null);
});

describe('request headers and body', () => {
  it('sends authorization, tsp = encrypt(now + diff), Client-Type Web and X-Language (default vi)', async () => {
    signIn('tok');
    localStorage.setItem(STORAGE_KEYS.diff, '60000');
    use(() => ({ data: { ok: true } }));
    const before = Date.now();
    await client.get('/api/x');
    const after = Date.now();
    const h = seen[0].headers;
    expect(h.get('authorization')).toBe('Bearer tok');
    expect(h.get('Client-Type')).toBe('Web');
    expect(h.get('X-Language')).toBe('vi');
    const tsp = Number(decrypt(String(h.get('tsp')), cipher));
    expect(tsp).toBeGreaterThanOrEqual(before + 60000);
    expect(tsp).toBeLessThanOrEqual(after + 60000);
  });

  it('sends the stored language and no authorization when signed out', async () => {
    localStorage.setItem(STORAGE_KEYS.i18nextLng, 'en');
    use(() => ({ data: {} }));
    await client.get('/api/x');
    expect(seen[0].headers.get('X-Language')).toBe('en');
    expect(seen[0].headers.has('authorization')).toBe(false);
  });

  it('seals every non-GET body: { data } decrypts to the original JSON', async () => {
    use(() => ({ data: {} }));
    const body = { username: 'f1agent', nested: { n: 1, s: 'Đà Nẵng' } };
    await client.post('/api/x', body);
    await client.put('/api/y', [1, 2]);
    await client.delete('/api/z');
    const posted = bodyOf(seen[0]) as { data: string };
    expect(Object.keys(posted)).toEqual(['data']);
    expect(JSON.parse(decrypt(posted.data, cipher))).toEqual(body);
    expect(JSON.parse(decrypt((bodyOf(seen[1]) as { data: string }).data, cipher))).toEqual([1, 2]);
    expect(JSON.parse(decrypt((bodyOf(seen[2]) as { data: string }).data, cipher))).toEqual({});
    expect(seen[0].headers.get('Content-Type')).toBe('application/json');
  });

  it('learns the clock difference from the Time header of every answer', async () => {
    use(() => ({ data: {}, headers: { Time: String(Date.now() + 120_000) } }));
    await client.get('/api/x');
    const diff = Number(localStorage.getItem(STORAGE_KEYS.diff));
    expect(diff).toBeGreaterThan(119_000);
    expect(diff).toBeLessThanOrEqual(120_500);
  });

  it('uses a 120 s time-out', () => {
    expect(client.defaults.timeout).toBe(120_000);
  });
});

describe('401 code 18: one shared refresh, then the request is repeated', () => {
  it('5 concurrent calls cause exactly one refresh call and all 5 are repeated and succeed', async () => {
    signIn('old-access', 'old-refresh');
    use(async (req) => {
      if (req.url === API.refreshToken) {
        const body = JSON.parse(decrypt((bodyOf(req) as { data: string }).data, cipher));
        expect(body).toEqual({ accessToken: 'old-access', refreshToken: 'old-refresh', channel: 'Web' });
        return { data: { accessToken: 'new-access', refreshToken: 'new-refresh', permissions: ['ADMIN_F1'], osi: 'OSI1' } };
      }
      if (req.headers.get('authorization') === 'Bearer old-access') return { status: 401, data: { code: 18, message: 'expired' } };
      return { data: { url: req.url } };
    });
    const results = await Promise.all([1, 2, 3, 4, 5].map((i) => client.get(`/api/item/${i}`)));
    expect(results.map((r) => r.data.url)).toEqual([1, 2, 3, 4, 5].map((i) => `/api/item/${i}`));
    expect(seen.filter((r) => r.url === API.refreshToken)).toHaveLength(1);
    expect(seen.filter((r) => r.url !== API.refreshToken)).toHaveLength(10);
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBe('new-access');
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBe('new-refresh');
    expect(localStorage.getItem(STORAGE_KEYS.osi)).toBe('OSI1');
    expect(decryptPermissions(String(localStorage.getItem(STORAGE_KEYS.permissions)))).toEqual(['ADMIN_F1']);
    expect(currentPermissions()).toEqual(['ADMIN_F1']);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('repeats a sealed POST with a freshly sealed body', async () => {
    signIn('old-access');
    use((req) => {
      if (req.url === API.refreshToken) return { data: { accessToken: 'new-access', refreshToken: 'r2', permissions: [] } };
      if (req.headers.get('authorization') === 'Bearer old-access') return { status: 401, data: { code: 18, message: 'expired' } };
      return { data: JSON.parse(decrypt((bodyOf(req) as { data: string }).data, cipher)) };
    });
    const { data } = await client.post('/api/thing', { a: 1 });
    expect(data).toEqual({ a: 1 });
  });

  it('a failed refresh clears the session and goes to /login', async () => {
    signIn();
    localStorage.setItem(STORAGE_KEYS.permissions, 'x');
    use((req) => (req.url === API.refreshToken ? { status: 401, data: { code: 21, message: 'reused' } } : { status: 401, data: { code: 18, message: 'expired' } }));
    const outcomes = await Promise.allSettled([client.get('/api/a'), client.get('/api/b')]);
    expect(outcomes.every((o) => o.status === 'rejected')).toBe(true);
    expect(seen.filter((r) => r.url === API.refreshToken)).toHaveLength(1);
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true });
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.permissions)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.isLogin)).toBeNull();
  });

  it('missing tokens: no refresh call, straight to /login', async () => {
    use(() => ({ status: 401, data: { code: 18, message: 'expired' } }));
    await expect(client.get('/api/a')).rejects.toBeInstanceOf(ApiError);
    expect(seen.filter((r) => r.url === API.refreshToken)).toHaveLength(0);
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true });
  });

  it('a request that still fails with 18 after its repeat goes to /login without a second refresh', async () => {
    signIn();
    use((req) => (req.url === API.refreshToken ? { data: { accessToken: 'a2', refreshToken: 'r2', permissions: [] } } : { status: 401, data: { code: 18, message: 'expired' } }));
    await expect(client.get('/api/a')).rejects.toMatchObject({ status: 401, code: 18 });
    expect(seen.filter((r) => r.url === API.refreshToken)).toHaveLength(1);
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true });
  });
});

describe('other 401 answers', () => {
  it('go to /login and clear the session', async () => {
    signIn();
    use(() => ({ status: 401, data: { code: ErrorCode.UNAUTHENTICATED, message: 'no' } }));
    await expect(client.get('/api/a')).rejects.toMatchObject({ status: 401, code: 19 });
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true });
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBeNull();
  });

  it('but not for the login call itself (wrong password)', async () => {
    use(() => ({ status: 401, data: { code: ErrorCode.INVALID_CREDENTIALS, message: 'Sai mật khẩu' } }));
    const error = await client.post(API.login, { username: 'a', password: 'b' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, code: 50, message: 'Sai mật khẩu' });
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe('403 answers', () => {
  it('code 120 opens the PIN dialog, stores data.salt and repeats the request with X-Pin', async () => {
    signIn();
    const pins: PinRequest[] = [];
    listen('pin', (p) => {
      pins.push(p);
      p.resolve('246810');
    });
    use((req) => {
      const pin = req.headers.get(PIN_HEADER);
      if (!pin) return { status: 403, data: { code: 120, message: 'PIN', data: { salt: 'salt-xyz' } } };
      return { data: { pin: decryptWithSecret(String(pin), 'salt-xyz', cipher) } };
    });
    const { data } = await client.post('/api/deposit', { amount: 1 });
    expect(pins).toHaveLength(1);
    expect(pins[0]).toMatchObject({ salt: 'salt-xyz', invalid: false });
    expect(localStorage.getItem(STORAGE_KEYS.salt)).toBe('salt-xyz');
    expect(data).toEqual({ pin: '246810' });
    expect(navigate).not.toHaveBeenCalled();
  });

  it('code 120 with the dialog cancelled rejects with the error and goes nowhere', async () => {
    signIn();
    listen('pin', (p) => p.resolve(null));
    use(() => ({ status: 403, data: { code: 120, message: 'PIN', data: { salt: 's1' } } }));
    await expect(client.get('/api/x')).rejects.toMatchObject({ status: 403, code: 120 });
    expect(localStorage.getItem(STORAGE_KEYS.salt)).toBe('s1');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('a wrong PIN (121) asks again, marked invalid', async () => {
    signIn();
    const asked: PinRequest[] = [];
    listen('pin', (p) => {
      asked.push(p);
      p.resolve(asked.length === 1 ? '1111' : '2222');
    });
    use((req) => {
      const pin = req.headers.get(PIN_HEADER);
      if (!pin) return { status: 403, data: { code: 120, message: 'PIN', data: { salt: 's' } } };
      return decryptWithSecret(String(pin), 's', cipher) === '2222' ? { data: { ok: true } } : { status: 403, data: { code: 121, message: 'wrong' } };
    });
    const { data } = await client.post('/api/x', {});
    expect(data).toEqual({ ok: true });
    expect(asked.map((a) => a.invalid)).toEqual([false, true]);
  });

  it('other 403 answers go to /not-allow', async () => {
    signIn();
    use(() => ({ status: 403, data: { code: ErrorCode.FORBIDDEN, message: 'forbidden' } }));
    await expect(client.get('/api/audit-log')).rejects.toMatchObject({ status: 403, code: 30 });
    expect(navigate).toHaveBeenCalledWith('/not-allow', undefined);
  });

  it('code 55 goes to /change-password', async () => {
    signIn();
    use(() => ({ status: 403, data: { code: ErrorCode.PASSWORD_CHANGE_REQUIRED, message: 'change' } }));
    await expect(client.get('/api/x')).rejects.toMatchObject({ code: 55 });
    expect(navigate).toHaveBeenCalledWith('/change-password', undefined);
  });
});

describe('clock, network and version', () => {
  it('code 42 goes to /time-setup-instruction', async () => {
    use(() => ({ status: 400, data: { code: ErrorCode.TIME_SKEW, message: 'clock' } }));
    await expect(client.post(API.login, {})).rejects.toMatchObject({ status: 400, code: 42 });
    expect(navigate).toHaveBeenCalledWith('/time-setup-instruction', undefined);
  });

  it('a network failure shows the error toast for 5 s with the exact text', async () => {
    const toasts: Toast[] = [];
    listen('toast', (t) => toasts.push(t));
    use(() => ({ network: true }));
    const error = await client.get('/api/x').catch((e: unknown) => e);
    expect(error).toMatchObject({ network: true, status: 0 });
    expect(toasts).toEqual([{ open: true, type: 'error', timeout: 5000, description: 'Kết nối tới server không ổn định. Vui lòng thử lại sau !!!' }]);
    expect(NETWORK_ERROR_TEXT).toBe('Kết nối tới server không ổn định. Vui lòng thử lại sau !!!');
  });

  it('silent calls (the connection check) show no toast', async () => {
    const toasts: Toast[] = [];
    listen('toast', (t) => toasts.push(t));
    use(() => ({ network: true }));
    await expect(client.get(API.ping, { silent: true })).rejects.toBeInstanceOf(ApiError);
    expect(toasts).toEqual([]);
  });

  it('a Version other than 2.97 shows an info toast without auto-dismiss, once, and sets the reload flag', async () => {
    const toasts: Toast[] = [];
    listen('toast', (t) => toasts.push(t));
    use(() => ({ data: {}, headers: { Version: '2.98' } }));
    expect(isReloadNeeded()).toBe(false);
    await client.get('/api/a');
    await client.get('/api/b');
    expect(toasts).toEqual([
      {
        open: true,
        type: 'info',
        timeout: 0,
        action: 'reload',
        description: 'Hệ thống đã có bản cập nhật mới. Vui lòng tải lại trang để lấy bản cập nhật hoặc nhấn vào đây',
      },
    ]);
    expect(NEW_VERSION_TEXT).toBe(toasts[0].description);
    expect(isReloadNeeded()).toBe(true);
  });

  it('the expected Version shows nothing', async () => {
    const toasts: Toast[] = [];
    listen('toast', (t) => toasts.push(t));
    use(() => ({ data: {}, headers: { Version: CLIENT_VERSION } }));
    await client.get('/api/a');
    expect(toasts).toEqual([]);
    expect(isReloadNeeded()).toBe(false);
  });

  it('other errors reject with the gateway code, message and data', async () => {
    use(() => ({ status: 400, data: { code: 41, message: 'Dữ liệu không hợp lệ.', data: { field: 'x' } } }));
    await expect(client.post('/api/x', {})).rejects.toMatchObject({ status: 400, statusCode: 400, code: 41, message: 'Dữ liệu không hợp lệ.', data: { field: 'x' } });
    expect(navigate).not.toHaveBeenCalled();
  });
});
