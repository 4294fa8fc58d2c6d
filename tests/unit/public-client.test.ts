/**
 * The fetch transport of the public sign-in calls (api/public-client.ts): the same envelope as the axios
 * client (headers, sealed body, Time and Version of every answer, contract errors, the time-setup redirect),
 * no redirect on a 401 / 403, the network toast unless silent, the time-out; and the calls of auth-api.ts.
 */
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { CLIENT_VERSION, STORAGE_KEYS } from '../../contract/constants';
import { decrypt } from '../../contract/crypto';
import { ErrorCode } from '../../contract/errors';
import { API } from '../../contract/paths';
import { on, setNavigator, type Toast } from '../../src/api/bus';
import { cipher } from '../../src/api/cipher';
import { versionState } from '../../src/api/envelope';
import { ApiError } from '../../src/api/errors';
import { publicCall } from '../../src/api/public-client';
import { fetchCaptcha, ping, postChangePassword, postForgotPassword, postLogin, postVerifyReset } from '../../src/auth/auth-api';
import { fetchBodyOf, mockFetch, type SeenFetch } from './helpers/mock-fetch';

let navigate: Mock<(path: string, options?: unknown) => void>;
let toasts: Toast[];
let stopListening: () => void;

beforeEach(() => {
  navigate = vi.fn<(path: string, options?: unknown) => void>();
  setNavigator(navigate);
  versionState.reload = false;
  toasts = [];
  stopListening = on('toast', (t) => toasts.push(t));
});

afterEach(() => {
  stopListening();
  setNavigator(null);
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('public calls over fetch: the envelope of the api client', () => {
  it('sends tsp = encrypt(now + diff), Client-Type Web, X-Language, and the bearer token when one is stored', async () => {
    localStorage.setItem(STORAGE_KEYS.diff, '60000');
    localStorage.setItem(STORAGE_KEYS.i18nextLng, 'en');
    localStorage.setItem(STORAGE_KEYS.accessToken, 'tok');
    const seen = mockFetch(() => ({ data: { ok: true } }));
    const before = Date.now();
    await expect(publicCall('GET', API.ping)).resolves.toEqual({ ok: true });
    const after = Date.now();
    const h = seen[0].headers;
    expect(h.get('Client-Type')).toBe('Web');
    expect(h.get('X-Language')).toBe('en');
    expect(h.get('authorization')).toBe('Bearer tok');
    const tsp = Number(decrypt(String(h.get('tsp')), cipher));
    expect(tsp).toBeGreaterThanOrEqual(before + 60000);
    expect(tsp).toBeLessThanOrEqual(after + 60000);
    localStorage.removeItem(STORAGE_KEYS.accessToken);
    await publicCall('GET', API.ping);
    expect(seen[1].headers.has('authorization')).toBe(false);
    expect(Number(decrypt(String(seen[1].headers.get('tsp')), cipher))).toBeGreaterThan(tsp);
  });

  it('seals the body: { data } decrypts to the original JSON; a GET has no body; query parameters are sent', async () => {
    const seen = mockFetch(() => ({ data: {} }));
    const body = { username: 'f1agent', password: 'Mật khẩu 1', captchaId: 'c-1', captcha: 'AbC12' };
    await publicCall('POST', API.login, { body });
    await publicCall('GET', API.captcha, { params: { kind: 'audio', lang: 'vi', skipped: undefined } });
    const posted = fetchBodyOf(seen[0]) as { data: string };
    expect(Object.keys(posted)).toEqual(['data']);
    expect(JSON.parse(decrypt(posted.data, cipher))).toEqual(body);
    expect(seen[0].headers.get('Content-Type')).toBe('application/json');
    expect(seen[1]).toMatchObject({ method: 'GET', url: API.captcha, params: { kind: 'audio', lang: 'vi' }, data: undefined });
  });

  it('learns the clock difference from Time, and a Version other than the client\'s shows the reload notice once', async () => {
    mockFetch(() => ({ data: {}, headers: { Time: String(Date.now() + 120_000), Version: '9.99' } }));
    await publicCall('GET', API.ping);
    await expect(publicCall('POST', API.login, { body: {} })).resolves.toEqual({});
    const diff = Number(localStorage.getItem(STORAGE_KEYS.diff));
    expect(diff).toBeGreaterThan(119_000);
    expect(diff).toBeLessThanOrEqual(120_500);
    expect(toasts).toEqual([{ open: true, type: 'info', timeout: 0, action: 'reload', description: 'Hệ thống đã có bản cập nhật mới. Vui lòng tải lại trang để lấy bản cập nhật hoặc nhấn vào đây' }]);
    expect(versionState.reload).toBe(true);
  });

  it('an error answer rejects with the gateway code, message and data, and sends nobody away on 401 / 403', async () => {
    localStorage.setItem(STORAGE_KEYS.accessToken, 'tok');
    localStorage.setItem(STORAGE_KEYS.isLogin, 'true');
    let answer: { status: number; data: { code: number; message: string; data: Record<string, number> } } = { status: 401, data: { code: ErrorCode.INVALID_CREDENTIALS, message: 'Sai mật khẩu', data: { left: 2 } } };
    mockFetch(() => answer);
    const error = await publicCall('POST', API.login, { body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, statusCode: 401, code: 50, message: 'Sai mật khẩu', data: { left: 2 }, network: false });
    answer = { status: 403, data: { code: ErrorCode.PASSWORD_CHANGE_REQUIRED, message: 'x', data: { left: 0 } } };
    await expect(publicCall('POST', API.login, { body: {} })).rejects.toMatchObject({ status: 403, code: 55 });
    expect(navigate).not.toHaveBeenCalled();
    // the session of another tab is left as it is
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBe('tok');
    expect(toasts).toEqual([]);
  });

  it('an answer that is not the contract\'s error keeps its status', async () => {
    mockFetch(() => ({ status: 502, data: 'Bad gateway' }));
    await expect(publicCall('GET', API.captcha)).rejects.toMatchObject({ status: 502, code: null, message: 'Request failed with status code 502' });
  });

  it('a refused clock (42) opens the time-setup page', async () => {
    mockFetch(() => ({ status: 400, data: { code: ErrorCode.TIME_SKEW, message: 'clock' } }));
    await expect(publicCall('POST', API.login, { body: {} })).rejects.toMatchObject({ status: 400, code: 42 });
    expect(navigate).toHaveBeenCalledWith('/time-setup-instruction', undefined);
  });

  it('a network failure shows the error toast for 5 s; a silent call shows none', async () => {
    mockFetch(() => ({ network: true }));
    await expect(publicCall('GET', API.captcha)).rejects.toMatchObject({ network: true, status: 0, code: null });
    expect(toasts).toEqual([{ open: true, type: 'error', timeout: 5000, description: 'Kết nối tới server không ổn định. Vui lòng thử lại sau !!!' }]);
    await expect(publicCall('GET', API.ping, { silent: true })).rejects.toMatchObject({ network: true });
    expect(toasts).toHaveLength(1);
  });

  it('gives up after its time-out, as a network failure', async () => {
    const seen: SeenFetch[] = [];
    // the gateway never answers: the request ends when the client aborts it
    mockFetch((req) => new Promise((resolve) => req.signal?.addEventListener('abort', () => resolve({ data: {} }))), seen);
    const started = Date.now();
    const error = await publicCall('GET', API.ping, { timeout: 50, silent: true }).catch((e: unknown) => e);
    expect(error).toMatchObject({ network: true, message: 'timeout of 50ms exceeded' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
    expect(seen[0].signal?.aborted).toBe(true);
  });
});

describe('the public sign-in calls (auth-api.ts)', () => {
  it('each goes to its path with its method, the bodies sealed', async () => {
    const seen = mockFetch((req) => (req.url === API.captcha ? { data: { captchaId: 'c', svg: '<svg/>', expiresInSeconds: 120, enabled: true } } : { data: {} }));
    await expect(fetchCaptcha()).resolves.toMatchObject({ captchaId: 'c', enabled: true });
    await fetchCaptcha({ kind: 'audio', lang: 'en' });
    await postLogin({ username: 'u', password: 'p', captchaId: 'c', captcha: 'x' });
    await postForgotPassword({ username: 'u', captchaId: 'c', captcha: 'x' });
    await postVerifyReset({ username: 'u', code: '123456', newPassword: 'Mới@2026' });
    await postChangePassword({ username: 'u', oldPassword: 'Cũ@2026', newPassword: 'Mới@2026', captchaId: 'c', captcha: 'x' });
    expect(seen.map((r) => `${r.method} ${r.url}`)).toEqual([
      `GET ${API.captcha}`,
      `GET ${API.captcha}`,
      `POST ${API.login}`,
      `POST ${API.forgotPassword}`,
      `POST ${API.verifyReset}`,
      `POST ${API.changePassword}`,
    ]);
    expect(seen[0].params).toEqual({});
    expect(seen[1].params).toEqual({ kind: 'audio', lang: 'en' });
    expect(JSON.parse(decrypt((fetchBodyOf(seen[2]) as { data: string }).data, cipher))).toEqual({ username: 'u', password: 'p', captchaId: 'c', captcha: 'x' });
  });

  it('ping answers true when the gateway answers and false, silently, when it does not', async () => {
    let down = false;
    const seen = mockFetch(() => (down ? { network: true } : { data: { ok: true }, headers: { Version: CLIENT_VERSION } }));
    await expect(ping()).resolves.toBe(true);
    down = true;
    await expect(ping()).resolves.toBe(false);
    expect(seen.map((r) => r.url)).toEqual([API.ping, API.ping]);
    expect(toasts).toEqual([]);
  });
});
