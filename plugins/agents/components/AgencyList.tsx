/**
 * Direct sub-agencies of the caller's agency: F2 sub-agencies (/agent/config-f2) or an F2's children
 * (/agent/config-child). Search, status filter, server-side pages; suspend / activate after a confirmation.
 */
import { useState } from 'react';
import { App, Button, Input, Select, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { EditOutlined, PauseCircleOutlined, PlayCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { useTable } from '@refinedev/antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { SubAgency } from '../../../contract/agents';
import { isApiError } from '../../../src/sdk';
import { formatVnd } from '../../../src/sdk';
import { agencyPaths, setAgencyStatus, type AgencyKind } from '../api';
import { AdminPage, EmptyRows, LoadError } from './AdminPage';

export interface AgencyListProps {
  kind: AgencyKind;
  resource: string;
  formPath: string;
  title: string;
}

export function AgencyList({ kind, resource, formPath, title }: AgencyListProps) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const [q, setQ] = useState('');
  const [status, setStatus] = useState<string | undefined>();
  const { tableProps, tableQuery, setFilters } = useTable<SubAgency>({
    resource,
    meta: agencyPaths(kind).meta,
    syncWithLocation: false,
    pagination: { pageSize: 20 },
    sorters: { mode: 'off' },
  });

  const apply = (nextQ: string, nextStatus?: string) => {
    setQ(nextQ);
    setStatus(nextStatus);
    setFilters(
      [
        { field: 'q', operator: 'eq', value: nextQ.trim() },
        { field: 'status', operator: 'eq', value: nextStatus },
      ],
      'replace',
    );
  };

  const confirmStatus = (agency: SubAgency) => {
    const suspending = agency.status === 'active';
    modal.confirm({
      title: t(suspending ? 'agents.agencies.suspendTitle' : 'agents.agencies.activateTitle', { name: agency.name }),
      content: t(suspending ? 'agents.agencies.suspendText' : 'agents.agencies.activateText'),
      okText: t(suspending ? 'agents.agencies.suspend' : 'agents.agencies.activate'),
      okButtonProps: { danger: suspending },
      cancelText: t('agents.common.cancel'),
      onOk: async () => {
        try {
          await setAgencyStatus(kind, agency.id, suspending ? 'suspended' : 'active');
          message.success(t(suspending ? 'agents.agencies.suspended' : 'agents.agencies.activated'));
          await tableQuery.refetch();
        } catch (e) {
          message.error(isApiError(e) && e.message ? e.message : t('agents.common.saveError'));
        }
      },
    });
  };

  const columns: ColumnsType<SubAgency> = [
    { title: t('agents.agencies.code'), dataIndex: 'code', key: 'code', width: 130 },
    { title: t('agents.agencies.name'), dataIndex: 'name', key: 'name', width: 200 },
    { title: t('agents.agencies.phone'), dataIndex: 'phone', key: 'phone', width: 120, render: (v: string | null) => v ?? '—' },
    { title: t('agents.agencies.creditLimit'), dataIndex: 'creditLimit', key: 'creditLimit', width: 150, align: 'right', render: (v: number) => formatVnd(v) },
    {
      title: t('agents.agencies.products'),
      dataIndex: 'products',
      key: 'products',
      width: 200,
      render: (products: string[]) => products.map((p) => <Tag key={p}>{t(`agents.products.${p}`)}</Tag>),
    },
    { title: t('agents.agencies.users'), dataIndex: 'users', key: 'users', width: 90, align: 'right' },
    {
      title: t('agents.agencies.status'),
      dataIndex: 'status',
      key: 'status',
      width: 120,
      render: (s: string) => <Tag color={s === 'active' ? 'green' : 'orange'}>{t(`agents.status.${s}`)}</Tag>,
    },
    {
      title: t('agents.common.actions'),
      key: 'actions',
      fixed: 'right',
      width: 110,
      render: (_: unknown, agency) => (
        <div className="admin-actions">
          <Link to={`${formPath}?id=${agency.id}`} aria-label={t('agents.common.edit')}>
            <Button size="small" icon={<EditOutlined />} title={t('agents.common.edit')} tabIndex={-1} />
          </Link>
          <Button
            size="small"
            danger={agency.status === 'active'}
            icon={agency.status === 'active' ? <PauseCircleOutlined /> : <PlayCircleOutlined />}
            title={t(agency.status === 'active' ? 'agents.agencies.suspend' : 'agents.agencies.activate')}
            aria-label={t(agency.status === 'active' ? 'agents.agencies.suspend' : 'agents.agencies.activate')}
            onClick={() => confirmStatus(agency)}
          />
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
            {t('agents.agencies.create')}
          </Button>
        </Link>
      }
    >
      <div className="admin-toolbar">
        <Input.Search className="admin-search" allowClear placeholder={t('agents.agencies.search')} aria-label={t('agents.agencies.search')} onSearch={(v) => apply(v, status)} />
        <Select
          className="admin-filter"
          allowClear
          placeholder={t('agents.agencies.status')}
          aria-label={t('agents.agencies.status')}
          value={status}
          onChange={(v?: string) => apply(q, v)}
          options={[
            { value: 'active', label: t('agents.status.active') },
            { value: 'suspended', label: t('agents.status.suspended') },
          ]}
        />
      </div>
      {tableQuery.isError && <LoadError onRetry={() => void tableQuery.refetch()} />}
      <Table<SubAgency>
        {...tableProps}
        rowKey="id"
        size="middle"
        columns={columns}
        scroll={{ x: 1100 }}
        locale={{ emptyText: <EmptyRows /> }}
        pagination={{ ...tableProps.pagination, showTotal: (total) => t('agents.common.total', { count: total }) }}
      />
    </AdminPage>
  );
}
