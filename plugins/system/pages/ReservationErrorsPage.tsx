/** /system/log-reservation-error (open): failed booking attempts of the agency subtree: search, dates, pages. */
import { useState } from 'react';
import { Input, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { List, useTable } from '@refinedev/antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { ReservationErrorEntry } from '../../../contract/admin-system';
import { DATE_FORMAT, EmptyRows, formatDateTime, LazyRangePicker, listFrame, LoadError } from '../../../src/sdk';
import { RESERVATION_ERRORS_META } from '../meta';

export default function ReservationErrorsPage() {
  const { t } = useTranslation();
  const [q, setQ] = useState('');
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const { tableProps, tableQuery, setFilters } = useTable<ReservationErrorEntry>({
    resource: 'system-reservation-errors',
    meta: RESERVATION_ERRORS_META,
    syncWithLocation: false,
    pagination: { pageSize: 20 },
    sorters: { mode: 'off' },
  });

  const apply = (nextQ: string, nextRange: [Dayjs | null, Dayjs | null] | null) => {
    setQ(nextQ);
    setRange(nextRange);
    setFilters(
      [
        { field: 'q', operator: 'eq', value: nextQ.trim() },
        { field: 'from', operator: 'eq', value: nextRange?.[0]?.format('YYYY-MM-DD') },
        { field: 'to', operator: 'eq', value: nextRange?.[1]?.format('YYYY-MM-DD') },
      ],
      'replace',
    );
  };

  const columns: ColumnsType<ReservationErrorEntry> = [
    { title: t('system.errors.at'), dataIndex: 'at', key: 'at', width: 140, fixed: 'left', render: (v: string) => formatDateTime(v) },
    { title: t('system.errors.source'), dataIndex: 'source', key: 'source', width: 80, render: (v: string) => <Tag>{v}</Tag> },
    { title: t('system.errors.airline'), dataIndex: 'airline', key: 'airline', width: 80, render: (v: string | null) => v ?? '—' },
    { title: t('system.errors.route'), dataIndex: 'route', key: 'route', width: 110, render: (v: string | null) => v ?? '—' },
    { title: t('system.errors.user'), key: 'user', width: 150, render: (_: unknown, r) => `${r.agencyCode}${r.username ? ` · ${r.username}` : ''}` },
    { title: t('system.errors.code'), dataIndex: 'errorCode', key: 'errorCode', width: 120, render: (v: string | null) => (v ? <Typography.Text code>{v}</Typography.Text> : '—') },
    { title: t('system.errors.message'), dataIndex: 'errorMessage', key: 'errorMessage', width: 320 },
  ];

  return (
    <List resource="system-reservation-errors" canCreate={false} {...listFrame(t('system.errors.title'), 'admin-page')}>
      <div className="admin-toolbar">
        <Input.Search className="admin-search" allowClear placeholder={t('system.errors.search')} aria-label={t('system.errors.search')} onSearch={(v) => apply(v, range)} />
        <LazyRangePicker
          className="admin-search"
          format={DATE_FORMAT}
          value={range}
          allowEmpty={[true, true]}
          aria-label={t('system.errors.dates')}
          placeholder={[t('system.errors.from'), t('system.errors.to')]}
          onChange={(v) => apply(q, v ? [v[0], v[1]] : null)}
        />
      </div>
      {tableQuery.isError && <LoadError onRetry={() => void tableQuery.refetch()} />}
      <Table<ReservationErrorEntry>
        {...tableProps}
        rowKey="id"
        size="middle"
        columns={columns}
        scroll={{ x: 1000 }}
        locale={{ emptyText: <EmptyRows /> }}
        pagination={{ ...tableProps.pagination, showTotal: (total) => t('system.common.total', { count: total }) }}
      />
    </List>
  );
}
