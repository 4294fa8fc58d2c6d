import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beginLoading, emit, endLoading, showToast } from '../../src/api/bus';
import { GlobalLayer } from '../../src/ui/global/GlobalLayer';
import { initTestI18n } from './helpers/i18n';

beforeAll(async () => {
  await initTestI18n('vi');
});

afterEach(() => {
  cleanup();
  // antd renders notifications and dialogs into portals of their own
  document.body.innerHTML = '';
});

describe('GlobalLayer', () => {
  it('shows a toast (error by default) from the bus', async () => {
    render(<GlobalLayer />);
    act(() => showToast({ description: 'Kết nối tới server không ổn định. Vui lòng thử lại sau !!!' }));
    expect(await screen.findByText('Kết nối tới server không ổn định. Vui lòng thử lại sau !!!')).toBeTruthy();
    expect(document.querySelector('.ant-notification-notice-error')).not.toBeNull();
  });

  it('shows the version notice as a reload link', async () => {
    render(<GlobalLayer />);
    act(() => showToast({ type: 'info', timeout: 0, action: 'reload', description: 'Hệ thống đã có bản cập nhật mới.' }));
    const link = await screen.findByTestId('reload-link');
    expect(link.textContent).toBe('Hệ thống đã có bản cập nhật mới.');
  });

  it('navigates to the redirect path when a toast closes', async () => {
    const navigate = vi.fn();
    const user = userEvent.setup();
    render(<GlobalLayer navigate={navigate} />);
    act(() => showToast({ description: 'Phiên hết hạn', redirectPath: '/login' }));
    await screen.findByText('Phiên hết hạn');
    await user.click(document.querySelector('.ant-notification-notice-close') as HTMLElement);
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/login'));
  });

  it('shows the loading overlay while calls run', async () => {
    render(<GlobalLayer />);
    act(() => beginLoading());
    await waitFor(() => expect(document.querySelector('.ant-spin-fullscreen-show')).not.toBeNull(), { timeout: 2000 });
    act(() => endLoading());
    await waitFor(() => expect(document.querySelector('.ant-spin-fullscreen-show')).toBeNull());
  });

  it('opens the PIN dialog and hands the PIN back', async () => {
    const user = userEvent.setup();
    const resolve = vi.fn();
    render(<GlobalLayer />);
    act(() => emit('pin', { salt: 's', invalid: true, resolve }));
    // the dialog's code loads on first use
    expect(await screen.findByText('Xác nhận mã PIN', undefined, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText('Mã PIN không đúng. Vui lòng thử lại.')).toBeTruthy();
    await user.type(screen.getByLabelText('Mã PIN'), '12a34');
    await user.click(screen.getByRole('button', { name: 'Xác nhận' }));
    expect(resolve).toHaveBeenCalledWith('1234');
  });

  it('the PIN dialog takes the focus: the PIN is typed at once', async () => {
    const user = userEvent.setup();
    const resolve = vi.fn();
    render(<GlobalLayer />);
    act(() => emit('pin', { salt: 's', invalid: false, resolve }));
    const input = await screen.findByLabelText('Mã PIN', undefined, { timeout: 10_000 });
    await waitFor(() => expect(document.activeElement).toBe(input));
    await user.keyboard('246810{Enter}');
    expect(resolve).toHaveBeenCalledWith('246810');
  });

  it.each([
    // the one rule of the PIN page and the gateway: 4 to 6 digits
    ['123', false],
    ['1234', true],
    ['123456', true],
    ['1234567', false],
  ])('the PIN dialog takes %s: %s', async (typed, accepted) => {
    const resolve = vi.fn();
    render(<GlobalLayer />);
    act(() => emit('pin', { salt: 's', invalid: false, resolve }));
    const input = await screen.findByLabelText('Mã PIN');
    // pasted (typing would stop at the field's maximum length)
    act(() => {
      const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
      setter.call(input, typed);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Xác nhận' }));
    if (accepted) expect(resolve).toHaveBeenCalledWith(typed);
    else {
      expect(resolve).not.toHaveBeenCalled();
      expect(screen.getByText('Mã PIN gồm 4 đến 6 chữ số.')).toBeTruthy();
    }
  });

  it('a cancelled PIN dialog hands back null', async () => {
    const user = userEvent.setup();
    const resolve = vi.fn();
    render(<GlobalLayer />);
    act(() => emit('pin', { salt: 's', invalid: false, resolve }));
    await screen.findByText('Xác nhận mã PIN');
    await user.click(screen.getByRole('button', { name: 'Huỷ' }));
    expect(resolve).toHaveBeenCalledWith(null);
  });
});
