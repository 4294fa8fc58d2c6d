/**
 * Refine's own texts in the portal: an error notification shows the gateway's translated message alone (never
 * "There was an error creating …"), and Refine's notification and button keys answer in the UI's language.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App as AntdApp } from 'antd';
import { Refine, useCreate } from '@refinedev/core';
import { QueryClient } from '@tanstack/react-query';
import { dataProvider } from '../../src/api/data-provider';
import { i18nProvider } from '../../src/i18n/i18n-provider';
import { useNotificationProvider } from '../../src/ui/notification-provider';
import { initTestI18n } from './helpers/i18n';
import { mockApi } from './helpers/refine-harness';

let restore: (() => void) | undefined;
afterEach(() => {
  restore?.();
  cleanup();
  document.body.innerHTML = '';
});

function Create() {
  const { mutate } = useCreate();
  return <button type="button" onClick={() => mutate({ resource: 'agent-user', values: { username: 'x' } })}>create</button>;
}

function renderCreate() {
  return render(
    <AntdApp>
      <Refine
        dataProvider={dataProvider}
        i18nProvider={i18nProvider}
        notificationProvider={useNotificationProvider}
        resources={[{ name: 'agent-user', list: '/agents/users' }]}
        options={{ reactQuery: { clientConfig: new QueryClient({ defaultOptions: { mutations: { retry: false } } }) }, disableTelemetry: true }}
      >
        <Create />
      </Refine>
    </AntdApp>,
  );
}

describe('Refine texts', () => {
  beforeAll(() => initTestI18n('vi'));

  it.each([
    ['vi', 'Tên đăng nhập đã tồn tại. Vui lòng chọn tên khác.'],
    ['en', 'The username is taken. Please choose another.'],
  ] as const)('a failed create shows the gateway message alone (%s)', async (lng, text) => {
    await initTestI18n(lng);
    const api = mockApi(() => ({ status: 400, data: { code: 41, message: text } }));
    restore = api.restore;
    renderCreate();
    fireEvent.click(screen.getByRole('button', { name: 'create' }));
    const notice = await waitFor(() => {
      const el = document.querySelector('.ant-notification-notice');
      expect(el).not.toBeNull();
      return el as HTMLElement;
    });
    expect(notice.textContent).toContain(text);
    expect(notice.textContent).not.toMatch(/There was an error|status code|agent-user/);
  });

  it.each([
    ['vi', 'notifications.createError', { statusCode: 400, resource: 'agent-user' }, 'Không tạo được (mã 400). Vui lòng kiểm tra thông tin và thử lại.'],
    ['vi', 'notifications.success', 'Successful', 'Thành công'],
    ['vi', 'buttons.confirm', 'Are you sure?', 'Bạn chắc chắn chứ?'],
    ['vi', 'buttons.delete', 'Delete', 'Xoá'],
    ['en', 'notifications.editError', { statusCode: 500 }, 'Could not save the changes (code 500). Check the details and try again.'],
    ['vi', 'bookings.titles.MR', undefined, 'Ông'],
    ['vi', 'no.such.key', 'Fallback', 'Fallback'],
  ] as const)('%s: %s is translated', async (lng, key, options, text) => {
    await initTestI18n(lng);
    const opts = options as Record<string, unknown> | undefined;
    expect(typeof options === 'string' ? i18nProvider.translate(key, options as unknown as Record<string, unknown>) : i18nProvider.translate(key, opts)).toBe(text);
  });
});
