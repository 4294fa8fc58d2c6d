import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AgentOptions, PermissionGroup } from '../../contract/agents';
import { GroupForm } from '../../plugins/system/components/GroupForm';
import { initTestI18n } from './helpers/i18n';
import { mockApi, renderScreen, sentBody } from './helpers/refine-harness';
import type { SeenRequest } from './helpers/mock-adapter';

vi.mock('react-router', async () => {
  const { createRequire } = await import('node:module');
  return createRequire(import.meta.url)('react-router');
});

const perm = (value: string, grantable: boolean) => ({ value, name: value.toUpperCase(), vi: value, en: value, grantable });
const options: AgentOptions = {
  agencies: [{ id: 1, code: 'SAOVIET', name: 'Đại lý Sao Việt', level: 1, parentId: null, status: 'active' }],
  groups: [],
  permissions: [perm('booking_ticket', true), perm('export_ticket', true), perm('deposit_manager', false), perm('use_train', true), perm('shop_reserves', false)],
  rolesByLevel: { '1': ['admin_f1', 'agent_f1'] },
  accountTypes: ['AGT', 'SUB', 'MB'],
  products: ['flights'],
};
const group: PermissionGroup = { id: 5, agencyId: 1, name: 'Kế toán', description: null, permissions: ['deposit_manager'], members: 2, updatedAt: '2026-01-01T00:00:00Z' };

let restore: (() => void) | undefined;
let seen: SeenRequest[] = [];

function serve() {
  ({ seen, restore } = mockApi((req) => {
    if (req.method === 'GET' && req.url === '/api/agents/options') return { data: options };
    if (req.method === 'GET' && req.url === '/api/system/group-permissions/5') return { data: group };
    if (req.method === 'POST' && req.url === '/api/system/group-permissions') return { data: { ...group, id: 6 } };
    if (req.method === 'PUT' && req.url === '/api/system/group-permissions/5') return { data: group };
    return { status: 404, data: { code: 44, message: 'not found' } };
  }));
}

const input = (value: string): HTMLInputElement => {
  const el = screen.getByTestId(`perm-${value}`);
  return (el.tagName === 'INPUT' ? el : el.querySelector('input')) as HTMLInputElement;
};

beforeAll(async () => {
  await initTestI18n('vi');
});
afterEach(() => restore?.());

describe('the permission group form', () => {
  it('groups the permissions by area with their meaning, and disables those the administrator does not hold', async () => {
    serve();
    renderScreen('/system/change-group-permissions', '/system/change-group-permissions', <GroupForm />);
    expect(await screen.findByText('Đặt chỗ và vé', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('Ký quỹ và kế toán')).toBeTruthy();
    expect(screen.getByText('Xuất vé từ đặt chỗ đã giữ')).toBeTruthy();
    expect(screen.getByText('Bán vé tàu')).toBeTruthy();
    expect(input('export_ticket').disabled).toBe(false);
    expect(input('deposit_manager').disabled).toBe(true);
    expect(input('shop_reserves').disabled).toBe(true);
  });

  it('asks for a name, then creates the group with the ticked permissions', async () => {
    serve();
    renderScreen('/system/change-group-permissions', '/system/change-group-permissions', <GroupForm />);
    const u = userEvent.setup();
    await screen.findByText('Đặt chỗ và vé', {}, { timeout: 5000 });
    await u.click(screen.getByRole('button', { name: 'Lưu' }));
    expect(await screen.findByText('Vui lòng nhập thông tin này.', {}, { timeout: 4000 })).toBeTruthy();
    await u.type(screen.getByLabelText('Tên nhóm'), 'Bán vé');
    await u.click(input('booking_ticket'));
    await u.click(input('use_train'));
    await u.click(screen.getByRole('button', { name: 'Lưu' }));
    await waitFor(() => expect(seen.some((r) => r.method === 'POST')).toBe(true), { timeout: 5000 });
    expect(sentBody(seen.find((r) => r.method === 'POST')!)).toEqual({ name: 'Bán vé', description: null, permissions: ['booking_ticket', 'use_train'] });
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/system/group-permissions'));
  }, 20_000);

  it('edits a group: a held string the administrator lacks stays tickable, and the update is a PUT', async () => {
    serve();
    renderScreen('/system/change-group-permissions?id=5', '/system/change-group-permissions', <GroupForm />);
    const u = userEvent.setup();
    await screen.findByDisplayValue('Kế toán', {}, { timeout: 5000 });
    expect(input('deposit_manager').checked).toBe(true);
    expect(input('deposit_manager').disabled).toBe(false);
    expect(input('shop_reserves').disabled).toBe(true);
    await u.click(input('export_ticket'));
    await u.click(screen.getByRole('button', { name: 'Lưu' }));
    await waitFor(() => expect(seen.some((r) => r.method === 'PUT')).toBe(true), { timeout: 5000 });
    const put = seen.find((r) => r.method === 'PUT')!;
    expect(put.url).toBe('/api/system/group-permissions/5');
    expect(sentBody(put)).toEqual({ name: 'Kế toán', description: null, permissions: ['deposit_manager', 'export_ticket'] });
  }, 20_000);
});
