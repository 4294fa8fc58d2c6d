/**
 * /booking/support-request: the support requests of the bookings the caller sees (status and search filters),
 * a new request (?new=1, with ?pnr= to fill the booking reference) and one request's thread (?id=).
 */
import { useState } from 'react';
import { Button, Input, Select, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PlusOutlined } from '@ant-design/icons';
import { List, useTable } from '@refinedev/antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { SUPPORT_STATUSES, type SupportStatus, type SupportSummary } from '../../../contract/desk';
import { EmptyRows, formatDateTime, listFrame, LoadError, PageFrame } from '../../../src/sdk';
import { RESOURCES, SUPPORT_META } from '../api';
import { NewRequestModal } from '../components/NewRequestModal';
import { SupportThread } from '../components/SupportThread';
import { STATUS_COLORS } from '../model/desk';
import '../desk.css';

export default function SupportRequestPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const id = Number(params.get('id'));
  const creating = params.get('new') === '1';
  const [status, setStatus] = useState<SupportStatus | undefined>();
  const [q, setQ] = useState<string | undefined>();

  const { tableProps, tableQuery, setFilters } = useTable<SupportSummary>({
    resource: RESOURCES.support,
    meta: SUPPORT_META,
    syncWithLocation: false,
    pagination: { pageSize: 20 },
    sorters: { mode: 'off' },
    queryOptions: { enabled: !(id > 0) },
  });
  const apply = (next: { status?: SupportStatus; q?: string }) =>
    setFilters(
      [
        { field: 'status', operator: 'eq', value: next.status },
        { field: 'q', operator: 'eq', value: next.q },
      ],
      'replace',
    );

  const open = (requestId: number) => setParams({ id: String(requestId) });
  const modal = <NewRequestModal open={creating} pnr={params.get('pnr') ?? undefined} onClose={() => setParams({})} onCreated={open} />;

  if (id > 0) {
    return (
      <PageFrame title={t('desk.support.title')} className="desk-page">
        <SupportThread id={id} onBack={() => setParams({})} />
      </PageFrame>
    );
  }

  const columns: ColumnsType<SupportSummary> = [
    {
      title: t('desk.support.columns.subject'),
      dataIndex: 'subject',
      key: 'subject',
      render: (v: string, r) => (
        <Button type="link" className="desk-link" onClick={() => open(r.id)} data-testid="support-open">
          {v}
        </Button>
      ),
    },
    { title: t('desk.support.columns.pnr'), dataIndex: 'pnr', key: 'pnr', width: 110 },
    {
      title: t('desk.support.columns.status'),
      dataIndex: 'status',
      key: 'status',
      width: 120,
      render: (v: SupportStatus) => <Tag color={STATUS_COLORS[v]}>{t(`desk.support.statuses.${v}`)}</Tag>,
    },
    { title: t('desk.support.columns.replies'), dataIndex: 'replies', key: 'replies', width: 90, align: 'right' },
    { title: t('desk.support.columns.requester'), dataIndex: 'requesterName', key: 'requesterName', width: 160 },
    { title: t('desk.support.columns.agency'), dataIndex: 'agencyCode', key: 'agencyCode', width: 120 },
    { title: t('desk.support.columns.lastMessageAt'), dataIndex: 'lastMessageAt', key: 'lastMessageAt', width: 150, render: (v: string) => formatDateTime(v) },
  ];

  return (
    <List
      resource={RESOURCES.support}
      {...listFrame(
        t('desk.support.title'),
        'desk-page',
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setParams({ new: '1' })} data-testid="support-new">
          {t('desk.support.new')}
        </Button>,
      )}
    >
      <div className="desk-filters">
        <Input.Search
          allowClear
          className="desk-filter-q"
          placeholder={t('desk.support.search')}
          aria-label={t('desk.support.search')}
          onSearch={(v) => {
            const next = v.trim() || undefined;
            setQ(next);
            apply({ status, q: next });
          }}
        />
        <Select<SupportStatus>
          allowClear
          className="desk-filter-select"
          placeholder={t('desk.support.allStatuses')}
          aria-label={t('desk.support.columns.status')}
          value={status}
          onChange={(v) => {
            setStatus(v);
            apply({ status: v, q });
          }}
          options={SUPPORT_STATUSES.map((s) => ({ value: s, label: t(`desk.support.statuses.${s}`) }))}
        />
      </div>
      {tableQuery.isError ? <LoadError onRetry={() => void tableQuery.refetch()} /> : null}
      <Table<SupportSummary>
        {...tableProps}
        rowKey="id"
        size="middle"
        columns={columns}
        scroll={{ x: 900 }}
        locale={{ emptyText: tableQuery.isError ? <EmptyRows /> : t('desk.support.empty') }}
        data-testid="support-list"
      />
      {modal}
    </List>
  );
}
