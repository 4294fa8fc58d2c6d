/**
 * Direct sub-agencies of the caller's agency: F2 sub-agencies (/agent/config-f2) or an F2's children
 * (/agent/config-child). Search, status filter, server-side pages; suspend / activate after a confirmation.
 */
import { useState } from 'react';
import { Button, Input, Select, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PauseCircleOutlined, PlayCircleOutlined } from '@ant-design/icons';
import { useTable } from '@refinedev/antd';
import { useTranslation } from 'react-i18next';
import type { SubAgency } from '../../../contract/agents';
import { EditLink, formatVnd } from '../../../src/sdk';
import { agencyPaths, useStateChange, type AgencyKind } from '../api';
import { AdminList } from './AdminList';

export interface AgencyListProps {
  kind: AgencyKind;
  resource: string;
  formPath: string;
  title: string;
}

export function AgencyList({ kind, resource, formPath, title }: AgencyListProps) {
  const { t } = useTranslation();
  const change = useStateChange(resource, kind);
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
      render: (_: unknown, agency) => {
        const active = agency.status === 'active';
        const label = t(active ? 'agents.agencies.suspend' : 'agents.agencies.activate');
        return (
          <div className="admin-actions">
            <EditLink label={t('agents.common.edit')} to={`${formPath}?id=${agency.id}`} />
            <Button
              size="small"
              danger={active}
              icon={active ? <PauseCircleOutlined /> : <PlayCircleOutlined />}
              title={label}
              aria-label={label}
              onClick={() => change(active ? 'suspend' : 'activate', agency)}
            />
          </div>
        );
      },
    },
  ];

  return (
    <AdminList<SubAgency>
      resource={resource}
      title={title}
      createLabel={t('agents.agencies.create')}
      tableProps={tableProps}
      tableQuery={tableQuery}
      columns={columns}
      scrollX={1100}
      toolbar={
        <>
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
        </>
      }
    />
  );
}
