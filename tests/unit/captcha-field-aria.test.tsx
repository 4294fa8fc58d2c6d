/** The captcha inside antd forms (forgot-password; change-password is built the same way): marked invalid and tied to its message. */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { API } from '../../contract/paths';
import ForgotPasswordPage from '../../src/auth/pages/ForgotPasswordPage';
import { PreferencesProvider } from '../../src/ui/preferences';
import { initTestI18n } from './helpers/i18n';
import { mockFetch, type SeenFetch } from './helpers/mock-fetch';

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="150" height="50"></svg>';
let seen: SeenFetch[];

beforeAll(async () => {
  await initTestI18n('vi');
});
beforeEach(() => {
  seen = [];
  // the public pages' calls go through fetch (api/public-client.ts)
  mockFetch((req) => {
    if (req.url === API.captcha) return { data: { captchaId: 'cap-1', svg: SVG, expiresInSeconds: 120, enabled: true } };
    return { status: 404, data: { code: 44, message: 'not found' } };
  }, seen);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('captcha field in the forgot-password form', () => {
  it('an empty captcha gets aria-invalid and aria-describedby naming its error; typing clears them', async () => {
    const user = userEvent.setup();
    render(
      <PreferencesProvider>
        <MemoryRouter initialEntries={['/forgot-password']}>
          <Routes>
            <Route path="/forgot-password" element={<ForgotPasswordPage />} />
          </Routes>
        </MemoryRouter>
      </PreferencesProvider>,
    );
    await screen.findByTestId('captcha-image');
    const input = screen.getByLabelText('Mã xác nhận');
    expect(input.getAttribute('aria-invalid')).toBeNull();
    await user.type(screen.getByLabelText('Tên đăng nhập'), 'f1agent');
    await user.click(screen.getByRole('button', { name: 'Gửi mã xác minh' }));
    await waitFor(() => expect(input.getAttribute('aria-invalid')).toBe('true'));
    const described = () => (input.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
    await waitFor(() => expect(described()).toContain('Vui lòng nhập mã xác nhận.'));
    await user.type(input, 'Ab3De');
    await waitFor(() => expect(input.getAttribute('aria-invalid')).toBeNull());
    expect(seen.some((r) => r.url !== API.captcha)).toBe(false);
  });
});
