/**
 * Users of the caller's scope (/agent/ticketing-management) or of the F2's children
 * (/agent/child-ticketing-management): search, filters, server-side pages and sorting, lock / unlock and
 * password reset, each after a confirmation.
 */
import { useMemo, useState } from 'react';
import { App, Button, Input, Select, Tag, TreeSelect } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { KeyOutlined, LockOutlined, UnlockOutlined } from '@ant-design/icons';
import { useTable } from '@refinedev/antd';
import type { CrudFilter } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import type { AdminUser } from '../../../contract/agents';
import { ACCOUNT_TYPES, ROLES } from '../../../contract/auth';
import { EditLink, formatDateTime, useAccount } from '../../../src/sdk';
import { USERS_META, useAgentOptions, useResetPassword, useStateChange } from '../api';
import { agenciesFor, agencyTree } from '../model/grants';
import { AdminList } from './AdminList';
import { TempPassword } from './UserForm';

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
  const { modal } = App.useApp();
  const { agentInfo } = useAccount();
  const { options } = useAgentOptions();
  const change = useStateChange(resource);
  const reset = useResetPassword();
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

  const confirmReset = (user: AdminUser) => {
    modal.confirm({
      title: t('agents.users.resetTitle', { username: user.username }),
      content: t('agents.users.resetText'),
      okText: t('agents.users.reset'),
      okButtonProps: { danger: true },
      cancelText: t('agents.common.cancel'),
      onOk: async () => {
        const { data } = await reset(user.id).catch(() => ({ data: null }));
        if (!data) return;
        modal.success({
          title: t('agents.users.resetDone'),
          content: (
            <div>
              {data.generatedPassword ? <TempPassword password={data.generatedPassword} /> : <p>{t('auth.password.hint')}</p>}
              <p>{t('agents.users.mustChange')}</p>
            </div>
          ),
        });
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
      render: (_: unknown, user) => {
        const label = t(user.locked ? 'agents.users.unlock' : 'agents.users.lock');
        return (
          <div className="admin-actions">
            <EditLink label={t('agents.common.edit')} to={`${formPath}?id=${user.id}`} />
            <Button
              size="small"
              icon={user.locked ? <UnlockOutlined /> : <LockOutlined />}
              title={label}
              aria-label={label}
              danger={!user.locked}
              onClick={() => change(user.locked ? 'unlock' : 'lock', { id: user.id, name: user.username })}
            />
            <Button size="small" icon={<KeyOutlined />} title={t('agents.users.reset')} aria-label={t('agents.users.reset')} onClick={() => confirmReset(user)} />
          </div>
        );
      },
    },
  ];

  const selects: { key: 'role' | 'accountType' | 'status'; label: string; options: { value: string; label: string }[] }[] = [
    { key: 'role', label: t('agents.users.role'), options: ROLES.filter((r) => r !== 'super_admin').map((r) => ({ value: r, label: t(`agents.roles.${r}`) })) },
    { key: 'accountType', label: t('agents.users.accountType'), options: ACCOUNT_TYPES.map((a) => ({ value: a, label: t(`agents.accountTypes.${a}`) })) },
    { key: 'status', label: t('agents.users.status'), options: (['active', 'locked'] as const).map((s) => ({ value: s, label: t(`agents.status.${s}`) })) },
  ];

  return (
    <AdminList<AdminUser>
      resource={resource}
      title={title}
      createLabel={t('agents.users.create')}
      tableProps={tableProps}
      tableQuery={tableQuery}
      columns={columns}
      scrollX={1200}
      sizeChanger
      toolbar={
        <>
          <Input.Search className="admin-search" allowClear placeholder={t('agents.users.search')} aria-label={t('agents.users.search')} onSearch={(q) => apply({ ...filters, q })} />
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
          {selects.map((s) => (
            <Select
              key={s.key}
              className="admin-filter"
              allowClear
              placeholder={s.label}
              aria-label={s.label}
              value={filters[s.key]}
              onChange={(value?: string) => apply({ ...filters, [s.key]: value })}
              options={s.options}
            />
          ))}
        </>
      }
    />
  );
}
