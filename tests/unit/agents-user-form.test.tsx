import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminUser, AgentOptions } from '../../contract/agents';
import { UserForm } from '../../plugins/agents/components/UserForm';
import { initTestI18n } from './helpers/i18n';
import { mockApi, renderScreen, sentBody } from './helpers/refine-harness';
import type { SeenRequest } from './helpers/mock-adapter';

// @refinedev/react-router is loaded by Node (CommonJS) and requires react-router itself: share one instance.
vi.mock('react-router', async () => {
  const { createRequire } = await import('node:module');
  return createRequire(import.meta.url)('react-router');
});

const options: AgentOptions = {
  agencies: [
    { id: 1, code: 'SAOVIET', name: 'Đại lý Sao Việt', level: 1, parentId: null, status: 'active' },
    { id: 2, code: 'SAOVIET-HN', name: 'Sao Việt Hà Nội', level: 2, parentId: 1, status: 'active' },
  ],
  groups: [
    { id: 7, agencyId: 1, name: 'Nhân viên bán vé', permissions: ['booking_ticket'] },
    { id: 8, agencyId: 2, name: 'Nhóm Hà Nội', permissions: ['booking_ticket'] },
  ],
  permissions: [
    { value: 'booking_ticket', name: 'BOOKING_TICKET', vi: 'Đặt chỗ', en: 'Make bookings', grantable: true },
    { value: 'export_ticket', name: 'EXPORT_TICKET', vi: 'Xuất vé', en: 'Issue tickets', grantable: true },
    { value: 'deposit_manager', name: 'DEPOSIT_MANAGER', vi: 'Quản lý ký quỹ', en: 'Manage deposits', grantable: false },
    { value: 'use_train', name: 'USE_TRAIN', vi: 'Bán vé tàu', en: 'Sell train tickets', grantable: false },
  ],
  rolesByLevel: { '1': ['admin_f1', 'agent_f1'], '2': ['admin_f2', 'agent_f2'], '3': ['admin_fn', 'agent_f2'] },
  accountTypes: ['AGT', 'SUB', 'MB'],
  products: ['flights', 'train', 'esim', 'b2c'],
};

const user: AdminUser = {
  id: 42, username: 'hoa.nguyen', fullName: 'Nguyễn Thị Hoa', email: null, phone: '0912345678', role: 'agent_f1', accountType: 'AGT',
  agencyId: 1, agencyCode: 'SAOVIET', agencyName: 'Đại lý Sao Việt', agencyLevel: 1, groupId: 7, groupName: 'Nhân viên bán vé',
  extraPermissions: ['use_train'], permissions: ['AGENT_F1', 'BOOKING_TICKET', 'USE_TRAIN'], locked: false, lockedReason: null,
  mustChangePassword: false, hasPin: false, lastLoginAt: null, createdAt: '2026-01-01T00:00:00Z',
};

let restore: (() => void) | undefined;
let seen: SeenRequest[] = [];

function serve() {
  ({ seen, restore } = mockApi((req) => {
    if (req.method === 'GET' && req.url === '/api/agents/options') return { data: options };
    if (req.method === 'GET' && req.url === '/api/agents/users/42') return { data: user };
    if (req.method === 'POST' && req.url === '/api/agents/users') return { data: { user: { ...user, id: 43 } } };
    if (req.method === 'PUT' && req.url === '/api/agents/users/42') return { data: user };
    return { status: 404, data: { code: 44, message: 'not found' } };
  }));
}

const form = (path = '/agent/change-ticketing') =>
  renderScreen(path, '/agent/change-ticketing', <UserForm resource="agent-users" listPath="/agent/ticketing-management" scope="all" />);

function checkbox(value: string): HTMLInputElement {
  const el = screen.getByTestId(`perm-${value}`);
  return (el.tagName === 'INPUT' ? el : el.querySelector('input')) as HTMLInputElement;
}

beforeAll(async () => {
  await initTestI18n('vi');
});
afterEach(() => restore?.());

describe('the user form', () => {
  it('shows the validation messages of the shared validators', async () => {
    serve();
    form();
    const u = userEvent.setup();
    await screen.findByLabelText('Tên đăng nhập', {}, { timeout: 5000 });
    await u.type(screen.getByLabelText('Tên đăng nhập'), 'ab');
    await u.type(screen.getByLabelText('Mật khẩu'), 'weak');
    await u.type(screen.getByLabelText('Họ tên'), 'Nguyễn 123');
    await u.type(screen.getByLabelText('Email'), 'not-an-email');
    await u.type(screen.getByLabelText('Điện thoại'), '0123');
    await u.click(screen.getByRole('button', { name: 'Lưu' }));
    expect(await screen.findByText('Tên đăng nhập gồm 3–64 ký tự: chữ, số, dấu chấm, gạch dưới hoặc gạch ngang.', {}, { timeout: 4000 })).toBeTruthy();
    expect(await screen.findByText(/The password needs|Mật khẩu cần|ít nhất 8/)).toBeTruthy();
    expect(screen.getByText('Họ tên chỉ gồm chữ cái và khoảng trắng.')).toBeTruthy();
    expect(screen.getByText('Email không hợp lệ.')).toBeTruthy();
    expect(screen.getByText(/Số điện thoại không hợp lệ/)).toBeTruthy();
    expect(seen.some((r) => r.method === 'POST')).toBe(false);
  }, 20_000);

  it('disables the permissions the administrator may not grant', async () => {
    serve();
    form();
    await screen.findByTestId('perm-export_ticket', {}, { timeout: 5000 });
    expect(checkbox('booking_ticket').disabled).toBe(false);
    expect(checkbox('export_ticket').disabled).toBe(false);
    expect(checkbox('deposit_manager').disabled).toBe(true);
    expect(checkbox('use_train').disabled).toBe(true);
  });

  it('keeps a held but not grantable permission tickable when editing', async () => {
    serve();
    form('/agent/change-ticketing?id=42');
    await screen.findByDisplayValue('Nguyễn Thị Hoa', {}, { timeout: 5000 });
    expect(checkbox('use_train').checked).toBe(true);
    expect(checkbox('use_train').disabled).toBe(false);
    expect(checkbox('deposit_manager').disabled).toBe(true);
    expect((screen.getByLabelText('Tên đăng nhập') as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByLabelText('Mật khẩu')).toBeNull();
  });

  it('creates a user with the chosen role, group and grantable extras', async () => {
    serve();
    form();
    const u = userEvent.setup();
    await screen.findByLabelText('Tên đăng nhập', {}, { timeout: 5000 });
    await u.type(screen.getByLabelText('Tên đăng nhập'), 'lan.tran');
    await u.type(screen.getByLabelText('Họ tên'), 'Trần Thị Lan');
    await u.type(screen.getByLabelText('Điện thoại'), '0987654321');
    await u.click(screen.getByLabelText('Vai trò'));
    await u.click(await screen.findByTitle('Nhân viên F1'));
    await u.click(screen.getByLabelText('Nhóm quyền'));
    await u.click(await screen.findByTitle('Nhân viên bán vé'));
    expect(screen.queryByTitle('Nhóm Hà Nội')).toBeNull(); // a group of another branch
    await u.click(checkbox('export_ticket'));
    await u.click(screen.getByRole('button', { name: 'Lưu' }));
    await waitFor(() => expect(seen.some((r) => r.method === 'POST')).toBe(true), { timeout: 5000 });
    const post = seen.find((r) => r.method === 'POST')!;
    expect(sentBody(post)).toEqual({
      username: 'lan.tran', fullName: 'Trần Thị Lan', email: null, phone: '0987654321', role: 'agent_f1', accountType: 'AGT',
      agencyId: 1, groupId: 7, extraPermissions: ['export_ticket'],
    });
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/agent/ticketing-management'));
  }, 20_000);
});
