import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AxiosAdapter } from 'axios';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { LoginResult } from '../../contract/auth';
import { API } from '../../contract/paths';
import App from '../../src/App';
import { api } from '../../src/api/client';
import { resetPermissions } from '../../src/auth/permissions-store';
import { saveLogin } from '../../src/auth/storage';
import { PreferencesProvider } from '../../src/ui/preferences';
import { initTestI18n } from './helpers/i18n';
import { mockAdapter } from './helpers/mock-adapter';

// @refinedev/react-router is loaded by Node (CommonJS) and requires react-router itself; give this file the
// same react-router instance so that the router context is shared (the production bundle has one copy).
vi.mock('react-router', async () => {
  const { createRequire } = await import('node:module');
  return createRequire(import.meta.url)('react-router');
});

const session = (permissions: string[]): LoginResult => ({
  accessToken: 'acc',
  refreshToken: 'ref',
  memberInfo: { id: 1, username: 'f1admin', fullName: 'Nguyễn Văn An', email: 'an@saoviet.vn', phone: null, role: 'admin_f1', accountType: 'AGT', groupId: null, groupName: null, hasPin: false },
  agentInfo: { id: 1, code: 'SAOVIET', name: 'Đại lý Sao Việt', level: 1, accountType: 'AGT', parentId: null, phone: null, hotline: '0988123456', address: 'Hà Nội' },
  permissions,
});

let previous: AxiosAdapter;
let mePermissions: string[];

function Where() {
  const { pathname, search } = useLocation();
  return <div data-testid="where">{pathname + search}</div>;
}

function renderApp(path: string) {
  return render(
    <PreferencesProvider>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/login" element={<div>LOGIN PAGE</div>} />
          <Route path="/not-allow" element={<div>NOT ALLOWED</div>} />
          <Route path="*" element={<App />} />
        </Routes>
        <Where />
      </MemoryRouter>
    </PreferencesProvider>,
  );
}

beforeAll(async () => {
  await initTestI18n('vi');
  // The pages, header widgets and home slots are lazy chunks: the first render pays the on-demand transform of
  // all of them (seconds on a busy machine). One render here pays it, so each test below times its own page.
  resetPermissions();
  mePermissions = ['ADMIN_F1', 'SHOW_NEW_HOME', 'ANNIVERSARY'];
  const before = api.defaults.adapter as AxiosAdapter;
  api.defaults.adapter = mockAdapter((req) => (req.url === API.me ? { data: { ...session(mePermissions), accessToken: undefined } } : { status: 404, data: { code: 44, message: 'x' } }));
  saveLogin(session(mePermissions));
  renderApp('/');
  await screen.findByTestId('new-home-header', {}, { timeout: 110_000 });
  api.defaults.adapter = before;
  cleanup();
  document.body.innerHTML = '';
  localStorage.clear();
}, 120_000);

beforeEach(() => {
  resetPermissions();
  mePermissions = ['ADMIN_F1', 'SHOW_NEW_HOME', 'ANNIVERSARY'];
  previous = api.defaults.adapter as AxiosAdapter;
  api.defaults.adapter = mockAdapter((req) => (req.url === API.me ? { data: { ...session(mePermissions), accessToken: undefined } } : { status: 404, data: { code: 44, message: 'x' } }));
});

afterEach(() => {
  api.defaults.adapter = previous;
  cleanup();
  document.body.innerHTML = '';
});

describe('the signed-in app', () => {
  it('shows the new home with the anniversary banner, the menu and the account', async () => {
    saveLogin(session(['ADMIN_F1', 'SHOW_NEW_HOME', 'ANNIVERSARY']));
    renderApp('/');
    expect(await screen.findByTestId('new-home-header', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText('Xin chào, Nguyễn Văn An')).toBeTruthy();
    expect(screen.getByTestId('anniversary-banner')).toBeTruthy();
    // jsdom matches no media query: the side menu is the drawer behind the menu button
    await userEvent.setup().click(screen.getByRole('button', { name: 'Mở menu' }));
    expect((await screen.findAllByRole('link', { name: 'Trang chủ' })).length).toBeGreaterThan(0);
    expect(screen.getAllByText('SAOVIET · Đại lý Sao Việt').length).toBeGreaterThan(0);
    expect(document.title).toBe('Trang chủ | Cổng Đại lý B2B');
    // opening the side-menu drawer renders f1admin's whole menu and the support entry in jsdom: over 10 s on a
    // busy machine
  }, 60_000);

  it('shows the booking-search home without the new-home header when SHOW_NEW_HOME is not held', async () => {
    mePermissions = ['AGENT_F2'];
    saveLogin(session(['AGENT_F2']));
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Trang chủ' }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByTestId('new-home-header')).toBeNull();
    expect(screen.queryByTestId('anniversary-banner')).toBeNull();
    expect(document.querySelector('[data-home="booking-search"]')).not.toBeNull();
  });

  it('sends unknown paths to /', async () => {
    saveLogin(session(['ADMIN_F1']));
    renderApp('/no/such/page');
    await screen.findByText('Thông tin đại lý', {}, { timeout: 10_000 });
    expect(screen.getByTestId('where').textContent).toBe('/');
  });

  it('sends a denied user to /not-allow for a rule-guarded path no plugin serves yet, an allowed one to /', async () => {
    mePermissions = ['AGENT_F2', 'BOOKING_TICKET'];
    saveLogin(session(mePermissions));
    renderApp('/agent/ticketing-management');
    expect(await screen.findByText('NOT ALLOWED', {}, { timeout: 10_000 })).toBeTruthy();
    cleanup();
    renderApp('/booking/edit');
    await screen.findByText('Thông tin đại lý', {}, { timeout: 10_000 });
    expect(screen.getByTestId('where').textContent).toBe('/');
  });

  it('sends a signed-out user to /login, keeping the page asked for', async () => {
    renderApp('/booking/search');
    expect(await screen.findByText('LOGIN PAGE', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('/login?to=%2Fbooking%2Fsearch');
  });
});
