/**
 * Users of the caller's scope (/agent/ticketing-management) or of the F2's children
 * (/agent/child-ticketing-management): search, filters, server-side pages and sorting, lock / unlock and
 * password reset, each after a confirmation.
 */
import { useMemo, useState } from 'react';
import { App, Button, Input, Select, Table, Tag, TreeSelect, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { EditOutlined, KeyOutlined, LockOutlined, PlusOutlined, UnlockOutlined } from '@ant-design/icons';
import { useTable } from '@refinedev/antd';
import type { CrudFilter } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AdminUser } from '../../../contract/agents';
import { ACCOUNT_TYPES, ROLES } from '../../../contract/auth';
import { isApiError } from '../../../src/sdk';
import { useAccount } from '../../../src/sdk';
import { formatDateTime } from '../../../src/sdk';
import { USERS_META, lockUser, resetUserPassword, unlockUser, useAgentOptions } from '../api';
import { agenciesFor, agencyTree } from '../model/grants';
import { AdminPage, EmptyRows, LoadError } from './AdminPage';

export interface UserListProps {
  /** Refine resource name. */
  resource: string;
  /** The form route of this screen. */
  formPath: string;
  title: string;
  scope: 'all' | 'children';
}

interface Filters {
  q: string;
  agencyId?: number;
  role?: string;
  accountType?: string;
  status?: string;
}

function toCrud(f: Filters): CrudFilter[] {
  return [
    { field: 'q', operator: 'eq', value: f.q.trim() },
    { field: 'agencyId', operator: 'eq', value: f.agencyId },
    { field: 'role', operator: 'eq', value: f.role },
    { field: 'accountType', operator: 'eq', value: f.accountType },
    { field: 'status', operator: 'eq', value: f.status },
  ];
}

export function UserList({ resource, formPath, title, scope }: UserListProps) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const { agentInfo } = useAccount();
  const { options } = useAgentOptions();
  const agencies = useMemo(() => agenciesFor(options?.agencies ?? [], agentInfo?.id, scope), [options, agentInfo?.id, scope]);
  const [filters, setFilterState] = useState<Filters>({ q: '' });

  const { tableProps, tableQuery, setFilters } = useTable<AdminUser>({
    resource,
    meta: USERS_META,
    syncWithLocation: false,
    pagination: { pageSize: 20 },
    sorters: { initial: [{ field: 'username', order: 'asc' }] },
    filters: { initial: [] },
  });

  const apply = (next: Filters) => {
    setFilterState(next);
    setFilters(toCrud(next), 'replace');
  };

  const failed = (e: unknown) => message.error(isApiError(e) && e.message ? e.message : t('agents.common.saveError'));

  const confirmLock = (user: AdminUser) => {
    const locking = !user.locked;
    modal.confirm({
      title: t(locking ? 'agents.users.lockTitle' : 'agents.users.unlockTitle', { username: user.username }),
      content: t(locking ? 'agents.users.lockText' : 'agents.users.unlockText'),
      okText: t(locking ? 'agents.users.lock' : 'agents.users.unlock'),
      okButtonProps: { danger: locking },
      cancelText: t('agents.common.cancel'),
      onOk: async () => {
        try {
          await (locking ? lockUser(user.id) : unlockUser(user.id));
          message.success(t(locking ? 'agents.users.locked' : 'agents.users.unlocked'));
          await tableQuery.refetch();
        } catch (e) {
          failed(e);
        }
      },
    });
  };

  const confirmReset = (user: AdminUser) => {
    modal.confirm({
      title: t('agents.users.resetTitle', { username: user.username }),
      content: t('agents.users.resetText'),
      okText: t('agents.users.reset'),
      okButtonProps: { danger: true },
      cancelText: t('agents.common.cancel'),
      onOk: async () => {
        try {
          const result = await resetUserPassword(user.id);
          modal.success({
            title: t('agents.users.resetDone'),
            content: (
              <div>
                {result.generatedPassword ? (
                  <>
                    <p>{t('agents.users.tempPassword')}</p>
                    <Typography.Text className="admin-secret" copyable data-testid="temp-password">
                      {result.generatedPassword}
                    </Typography.Text>
                  </>
                ) : (
                  <p>{t('auth.password.hint')}</p>
                )}
                <p>{t('agents.users.mustChange')}</p>
              </div>
            ),
          });
        } catch (e) {
          failed(e);
        }
      },
    });
  };

  const columns: ColumnsType<AdminUser> = [
    { title: t('agents.users.username'), dataIndex: 'username', key: 'username', sorter: true, width: 130 },
    { title: t('agents.users.fullName'), dataIndex: 'fullName', key: 'fullName', sorter: true, width: 180 },
    { title: t('agents.users.agency'), dataIndex: 'agencyCode', key: 'agency', sorter: true, width: 130 },
    { title: t('agents.users.role'), dataIndex: 'role', key: 'role', sorter: true, width: 130, render: (r: string) => t(`agents.roles.${r}`) },
    { title: t('agents.users.accountType'), dataIndex: 'accountType', key: 'accountType', width: 90 },
    { title: t('agents.users.group'), dataIndex: 'groupName', key: 'groupName', width: 150, render: (g: string | null) => g ?? '—' },
    {
      title: t('agents.users.status'),
      dataIndex: 'locked',
      key: 'locked',
      width: 110,
      render: (locked: boolean) => <Tag color={locked ? 'red' : 'green'}>{t(locked ? 'agents.status.locked' : 'agents.status.active')}</Tag>,
    },
    { title: t('agents.users.lastLogin'), dataIndex: 'lastLoginAt', key: 'lastLoginAt', sorter: true, width: 150, render: (v: string | null) => (v ? formatDateTime(v) : '—') },
    {
      title: t('agents.common.actions'),
      key: 'actions',
      fixed: 'right',
      width: 150,
      render: (_: unknown, user) => (
        <div className="admin-actions">
          <Link to={`${formPath}?id=${user.id}`} aria-label={t('agents.common.edit')}>
            <Button size="small" icon={<EditOutlined />} title={t('agents.common.edit')} tabIndex={-1} />
          </Link>
          <Button
            size="small"
            icon={user.locked ? <UnlockOutlined /> : <LockOutlined />}
            title={t(user.locked ? 'agents.users.unlock' : 'agents.users.lock')}
            aria-label={t(user.locked ? 'agents.users.unlock' : 'agents.users.lock')}
            danger={!user.locked}
            onClick={() => confirmLock(user)}
          />
          <Button size="small" icon={<KeyOutlined />} title={t('agents.users.reset')} aria-label={t('agents.users.reset')} onClick={() => confirmReset(user)} />
        </div>
      ),
    },
  ];

  return (
    <AdminPage
      title={title}
      extra={
        <Link to={formPath}>
          <Button type="primary" icon={<PlusOutlined />} tabIndex={-1}>
            {t('agents.users.create')}
          </Button>
        </Link>
      }
    >
      <div className="admin-toolbar">
        <Input.Search
          className="admin-search"
          allowClear
          placeholder={t('agents.users.search')}
          aria-label={t('agents.users.search')}
          onSearch={(q) => apply({ ...filters, q })}
        />
        <TreeSelect
          className="admin-filter"
          allowClear
          showSearch
          treeNodeFilterProp="title"
          treeDefaultExpandAll
          placeholder={t('agents.users.agency')}
          aria-label={t('agents.users.agency')}
          value={filters.agencyId}
          onChange={(agencyId?: number) => apply({ ...filters, agencyId })}
          treeData={agencyTree(agencies)}
          popupMatchSelectWidth={false}
        />
        <Select
          className="admin-filter"
          allowClear
          placeholder={t('agents.users.role')}
          aria-label={t('agents.users.role')}
          value={filters.role}
          onChange={(role?: string) => apply({ ...filters, role })}
          options={ROLES.filter((r) => r !== 'super_admin').map((r) => ({ value: r, label: t(`agents.roles.${r}`) }))}
        />
        <Select
          className="admin-filter"
          allowClear
          placeholder={t('agents.users.accountType')}
          aria-label={t('agents.users.accountType')}
          value={filters.accountType}
          onChange={(accountType?: string) => apply({ ...filters, accountType })}
          options={ACCOUNT_TYPES.map((a) => ({ value: a, label: t(`agents.accountTypes.${a}`) }))}
        />
        <Select
          className="admin-filter"
          allowClear
          placeholder={t('agents.users.status')}
          aria-label={t('agents.users.status')}
          value={filters.status}
          onChange={(status?: string) => apply({ ...filters, status })}
          options={[
            { value: 'active', label: t('agents.status.active') },
            { value: 'locked', label: t('agents.status.locked') },
          ]}
        />
      </div>
      {tableQuery.isError && <LoadError onRetry={() => void tableQuery.refetch()} />}
      <Table<AdminUser>
        {...tableProps}
        rowKey="id"
        size="middle"
        columns={columns}
        scroll={{ x: 1200 }}
        locale={{ emptyText: <EmptyRows /> }}
        pagination={{ ...tableProps.pagination, showSizeChanger: true, showTotal: (total) => t('agents.common.total', { count: total }) }}
      />
    </AdminPage>
  );
}
