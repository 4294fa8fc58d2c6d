import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { STORAGE_KEYS } from '../../contract/constants';
import { decrypt } from '../../contract/crypto';
import { API } from '../../contract/paths';
import type { LoginResult } from '../../contract/auth';
import { cipher } from '../../src/api/cipher';
import LoginPage from '../../src/auth/pages/LoginPage';
import { resetPermissions } from '../../src/auth/permissions-store';
import { PreferencesProvider } from '../../src/ui/preferences';
import { initTestI18n } from './helpers/i18n';
import type { MockAnswer } from './helpers/mock-adapter';
import { fetchBodyOf, mockFetch, type SeenFetch } from './helpers/mock-fetch';

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="150" height="50"><text>AbC12</text></svg>';
const AUDIO = 'data:audio/wav;base64,UklGRiQAAABXQVZFZm10IBAAAAABAAEAQB8AAIA+AAACABAAZGF0YQAAAAA=';
const result: LoginResult = {
  accessToken: 'acc',
  refreshToken: 'ref',
  memberInfo: { id: 1, username: 'f1agent', fullName: 'Trần Thị B', email: null, phone: null, role: 'agent_f1', accountType: 'AGT', groupId: null, groupName: null, hasPin: false },
  agentInfo: { id: 2, code: 'F1001', name: 'Đại lý Sao Mai', level: 1, accountType: 'AGT', parentId: null, phone: null, hotline: null, address: null },
  permissions: ['AGENT_F1'],
};

let seen: SeenFetch[];
let loginAnswer: MockAnswer;
let pingAnswer: MockAnswer;
let captchaOn = true;

beforeAll(async () => {
  await initTestI18n('vi');
});

beforeEach(() => {
  seen = [];
  loginAnswer = { status: 401, data: { code: 50, message: 'Tên đăng nhập hoặc mật khẩu không đúng.' } };
  pingAnswer = { data: { ok: true } };
  let n = 0;
  // the sign-in page's calls go through fetch (api/public-client.ts), not the axios client
  mockFetch((req) => {
    if (req.url === API.captcha && req.params.kind === 'audio') {
      return { data: { captchaId: `cap-${++n}`, svg: '', audio: AUDIO, expiresInSeconds: 120, enabled: true } };
    }
    if (req.url === API.captcha) {
      return { data: captchaOn ? { captchaId: `cap-${++n}`, svg: SVG, expiresInSeconds: 120, enabled: true } : { captchaId: '', svg: '', expiresInSeconds: 0, enabled: false } };
    }
    if (req.url === API.ping) return pingAnswer;
    if (req.url === API.login) return loginAnswer;
    return { status: 404, data: { code: 44, message: 'not found' } };
  }, seen);
  resetPermissions();
  captchaOn = true;
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await initTestI18n('vi');
});

function renderLogin(path = '/login') {
  return render(
    <PreferencesProvider>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/login" element={<LoginPage />} />
          <Route path="/" element={<div>HOME PAGE</div>} />
          <Route path="/booking/search" element={<div>BOOKING SEARCH</div>} />
          <Route path="/change-password" element={<div>CHANGE PASSWORD</div>} />
        </Routes>
      </MemoryRouter>
    </PreferencesProvider>,
  );
}

async function fill(user: ReturnType<typeof userEvent.setup>, username = 'f1agent', password = 'Demo@2026', captcha = 'abc12') {
  await user.type(screen.getByLabelText('Tên đăng nhập'), username);
  await user.type(screen.getByLabelText('Mật khẩu'), password);
  await user.type(screen.getByLabelText('Mã xác nhận'), captcha);
}

const captchaCalls = () => seen.filter((r) => r.url === API.captcha).length;

describe('LoginPage', () => {
  it('renders the Vietnamese labels, the captcha image and the live connection', async () => {
    renderLogin();
    expect(screen.getByRole('heading', { level: 1, name: 'Đăng nhập' })).toBeTruthy();
    expect(screen.getByLabelText('Tên đăng nhập')).toBeTruthy();
    expect(screen.getByLabelText('Mật khẩu')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Đăng nhập' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Quên mật khẩu?' }).getAttribute('href')).toBe('/forgot-password');
    const img = (await screen.findByTestId('captcha-image')) as HTMLImageElement;
    expect(img.src.startsWith('data:image/svg+xml')).toBe(true);
    expect(decodeURIComponent(img.src)).toContain('AbC12');
    expect(await screen.findByText('Đã kết nối máy chủ')).toBeTruthy();
  });

  it('shows the red indicator when the gateway does not answer', async () => {
    pingAnswer = { network: true };
    renderLogin();
    expect(await screen.findByText('Mất kết nối máy chủ')).toBeTruthy();
    expect(screen.getByRole('status').getAttribute('data-state')).toBe('offline');
  });

  it('the refresh button loads a new captcha', async () => {
    const user = userEvent.setup();
    renderLogin();
    await screen.findByTestId('captcha-image');
    await user.click(screen.getByRole('button', { name: 'Đổi mã xác nhận' }));
    await waitFor(() => expect(captchaCalls()).toBe(2));
  });

  it('"Nghe mã" switches to the spoken code in the page language and plays it; the image comes back', async () => {
    const played: string[] = [];
    const play = HTMLMediaElement.prototype.play;
    HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
      played.push(this.src);
      return Promise.resolve();
    };
    try {
      const user = userEvent.setup();
      renderLogin();
      await screen.findByTestId('captcha-image');
      // reached by keyboard: Tab from the captcha input passes the refresh button to "Nghe mã"
      screen.getByLabelText('Mã xác nhận').focus();
      await user.tab();
      await user.tab();
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Nghe mã' }));
      await user.keyboard('{Enter}');
      const audio = (await screen.findByTestId('captcha-audio')) as HTMLAudioElement;
      expect(audio.tagName).toBe('AUDIO');
      expect(audio.controls).toBe(true);
      expect(audio.getAttribute('src')).toBe(AUDIO);
      expect(screen.queryByTestId('captcha-image')).toBeNull();
      const last = seen.filter((r) => r.url === API.captcha).at(-1)!;
      expect(last.params).toEqual({ kind: 'audio', lang: 'vi' });
      await waitFor(() => expect(played).toHaveLength(1));
      // the input is described by the hint and takes the digits
      const input = screen.getByLabelText('Mã xác nhận');
      expect(document.getElementById(input.getAttribute('aria-describedby')!)?.textContent).toBe('Mã xác nhận đọc thành tiếng: nhập 5 chữ số bạn nghe được');
      await user.type(input, '48213');
      expect((input as HTMLInputElement).value).toBe('48213');
      await user.click(screen.getByRole('button', { name: 'Xem ảnh mã' }));
      await screen.findByTestId('captcha-image');
      expect(screen.queryByTestId('captcha-audio')).toBeNull();
      expect((input as HTMLInputElement).value).toBe('');
      expect(seen.filter((r) => r.url === API.captcha).at(-1)!.params).toEqual({});
    } finally {
      HTMLMediaElement.prototype.play = play;
    }
  });

  it('marks an empty captcha invalid and ties it to its error message', async () => {
    const user = userEvent.setup();
    renderLogin();
    await screen.findByTestId('captcha-image');
    const input = screen.getByLabelText('Mã xác nhận');
    expect(input.getAttribute('aria-invalid')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Đăng nhập' }));
    await waitFor(() => expect(input.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(input.getAttribute('aria-describedby')!)?.textContent).toBe('Vui lòng nhập mã xác nhận.');
  });

  it('asks for the empty fields without calling the gateway', async () => {
    const user = userEvent.setup();
    renderLogin();
    await screen.findByTestId('captcha-image');
    await user.click(screen.getByRole('button', { name: 'Đăng nhập' }));
    expect(screen.getByText('Vui lòng nhập tên đăng nhập.')).toBeTruthy();
    expect(screen.getByText('Vui lòng nhập mật khẩu.')).toBeTruthy();
    expect(screen.getByText('Vui lòng nhập mã xác nhận.')).toBeTruthy();
    expect(seen.some((r) => r.url === API.login)).toBe(false);
  });

  it('with captcha turned off on the gateway: no captcha field, none asked for, none sent', async () => {
    captchaOn = false;
    const user = userEvent.setup();
    renderLogin();
    await waitFor(() => expect(captchaCalls()).toBe(1));
    await waitFor(() => expect(screen.queryByLabelText('Mã xác nhận')).toBeNull());
    expect(document.querySelector('#login-captcha')).toBeNull();
    await user.type(screen.getByLabelText('Tên đăng nhập'), 'f1agent');
    await user.type(screen.getByLabelText('Mật khẩu'), 'Demo@2026');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(seen.some((r) => r.url === API.login)).toBe(true));
    expect(screen.queryByText('Vui lòng nhập mã xác nhận.')).toBeNull();
    const sent = JSON.parse(decrypt((fetchBodyOf(seen.find((r) => r.url === API.login) as SeenFetch) as { data: string }).data, cipher));
    expect(sent).toEqual({ username: 'f1agent', password: 'Demo@2026', captchaId: '', captcha: '' });
  });

  it('sent before the gateway has said whether the captcha is on: the gateway decides, nothing is blocked by a guess', async () => {
    let answerCaptcha: () => void = () => undefined;
    const captchaAsked = new Promise<void>((resolve) => (answerCaptcha = resolve));
    // the captcha's answer is held back until the form has been sent
    mockFetch(async (req) => {
      if (req.url === API.captcha) {
        await captchaAsked;
        return { data: { captchaId: '', svg: '', expiresInSeconds: 0, enabled: false } };
      }
      if (req.url === API.ping) return pingAnswer;
      if (req.url === API.login) return loginAnswer;
      return { status: 404, data: { code: 44, message: 'not found' } };
    }, seen);
    const user = userEvent.setup();
    renderLogin();
    await user.type(screen.getByLabelText('Tên đăng nhập'), 'f2agent');
    await user.type(screen.getByLabelText('Mật khẩu'), 'Wrong@2026');
    await user.keyboard('{Enter}');
    expect((await screen.findByTestId('login-error')).textContent).toContain('không đúng');
    expect(screen.queryByText('Vui lòng nhập mã xác nhận.')).toBeNull();
    const sent = JSON.parse(decrypt((fetchBodyOf(seen.find((r) => r.url === API.login) as SeenFetch) as { data: string }).data, cipher));
    expect(sent).toEqual({ username: 'f2agent', password: 'Wrong@2026', captchaId: '', captcha: '' });
    answerCaptcha();
    await waitFor(() => expect(screen.queryByLabelText('Mã xác nhận')).toBeNull());
  });

  it('shows the error for wrong credentials, clears the password and loads a new captcha', async () => {
    const user = userEvent.setup();
    renderLogin();
    await screen.findByTestId('captcha-image');
    await fill(user);
    await user.keyboard('{Enter}');
    expect((await screen.findByTestId('login-error')).textContent).toContain('Tên đăng nhập hoặc mật khẩu không đúng.');
    const sent = JSON.parse(decrypt((fetchBodyOf(seen.find((r) => r.url === API.login) as SeenFetch) as { data: string }).data, cipher));
    expect(sent).toEqual({ username: 'f1agent', password: 'Demo@2026', captchaId: 'cap-1', captcha: 'abc12' });
    expect((screen.getByLabelText('Mật khẩu') as HTMLInputElement).value).toBe('');
    await waitFor(() => expect(captchaCalls()).toBe(2));
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBeNull();
  });

  it('shows how long to wait when throttled and until when when locked', async () => {
    const user = userEvent.setup();
    loginAnswer = { status: 429, data: { code: 52, message: 'x', data: { retryAfterSeconds: 125 } } };
    renderLogin();
    await screen.findByTestId('captcha-image');
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Đăng nhập' }));
    expect((await screen.findByTestId('login-error')).textContent).toContain('Vui lòng thử lại sau 2 phút 5 giây.');

    loginAnswer = { status: 423, data: { code: 53, message: 'x', data: { lockedUntil: '2026-11-21T02:30:00.000Z' } } };
    // (shown on the Vietnam clock: 09:30 in Vietnam, whatever the browser's zone)
    await user.type(screen.getByLabelText('Mật khẩu'), 'Demo@2026');
    await user.type(screen.getByLabelText('Mã xác nhận'), 'zzz');
    // (the loading icon may still be leaving: match the end of the name)
    await user.click(screen.getByRole('button', { name: /Đăng nhập$/ }));
    await waitFor(() => expect(screen.getByTestId('login-error').textContent).toContain('đến 21/11/2026 09:30'));
  });

  it('signs in, stores the session and opens the page asked for', async () => {
    const user = userEvent.setup();
    loginAnswer = { data: result };
    renderLogin('/login?to=%2Fbooking%2Fsearch');
    await screen.findByTestId('captcha-image');
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Đăng nhập' }));
    expect(await screen.findByText('BOOKING SEARCH')).toBeTruthy();
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBe('acc');
    expect(localStorage.getItem(STORAGE_KEYS.isLogin)).toBe('true');
  });

  it('goes to /change-password when the password must be changed (55)', async () => {
    const user = userEvent.setup();
    loginAnswer = { status: 403, data: { code: 55, message: 'x' } };
    renderLogin();
    await screen.findByTestId('captcha-image');
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Đăng nhập' }));
    expect(await screen.findByText('CHANGE PASSWORD')).toBeTruthy();
  });

  it('renders in English', async () => {
    await initTestI18n('en');
    renderLogin();
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in' })).toBeTruthy();
    expect(screen.getByLabelText('User name')).toBeTruthy();
    expect(screen.getByLabelText('Password')).toBeTruthy();
    await screen.findByTestId('captcha-image');
  });
});
