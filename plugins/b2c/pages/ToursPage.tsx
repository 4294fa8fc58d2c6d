/** /b2c/tours (USE_B2C): the agency's tours, every status, with search and a status filter. */
import { useState } from 'react';
import { Button, Input, Select, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PlusOutlined } from '@ant-design/icons';
import { List, useTable } from '@refinedev/antd';
import { useCan } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TOUR_STATUSES, type TourStatus, type TourSummary } from '../../../contract/b2c';
import { EmptyRows, formatDate, formatVnd, linkTo, listFrame, LoadError, PAGES } from '../../../src/sdk';
import { RESOURCES, TOURS_META } from '../api';
import { TourStatusTag } from '../components/StatusTags';
import { seatsLeft } from '../model/tour-form';
import '../b2c.css';

export default function ToursPage() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<TourStatus | undefined>();
  const [q, setQ] = useState<string | undefined>();
  const { data: can } = useCan({ resource: RESOURCES.tours, action: 'write' });
  const { tableProps, tableQuery, setFilters } = useTable<TourSummary>({ resource: RESOURCES.tours, meta: TOURS_META, syncWithLocation: false, pagination: { pageSize: 20 } });
  const apply = (next: { status?: TourStatus; q?: string }) =>
    setFilters([{ field: 'status', operator: 'eq', value: next.status }, { field: 'q', operator: 'eq', value: next.q }], 'replace');

  const columns: ColumnsType<TourSummary> = [
    { title: t('b2c.tours.name'), dataIndex: 'title', key: 'title', render: (v: string, r) => <Link to={linkTo(PAGES.b2c.tour, { id: r.id })} data-testid="tour-link">{v}</Link> },
    { title: t('b2c.tours.destination'), dataIndex: 'destination', key: 'destination', width: 140, render: (v: string | null) => v ?? '—' },
    { title: t('b2c.tours.days'), dataIndex: 'days', key: 'days', width: 90, align: 'right' },
    { title: t('b2c.tours.status'), dataIndex: 'status', key: 'status', width: 130, render: (v: TourStatus) => <TourStatusTag status={v} /> },
    {
      title: t('b2c.tours.nextDeparture'),
      key: 'next',
      width: 190,
      render: (_, r) => {
        const d = r.departures.find((x) => seatsLeft(x) > 0);
        return d ? `${formatDate(d.date)} · ${t('b2c.tours.seatsLeft', { count: seatsLeft(d) })}` : '—';
      },
    },
    { title: t('b2c.tours.fromPrice'), dataIndex: 'fromPrice', key: 'fromPrice', width: 140, align: 'right', render: (v: number | null) => (v === null ? '—' : <span className="money">{formatVnd(v)}</span>) },
  ];

  return (
    <List
      resource={RESOURCES.tours}
      {...listFrame(
        t('b2c.tours.title'),
        'b2c-page',
        can?.can ? (
          <Link to={PAGES.b2c.changeTour}>
            <Button type="primary" icon={<PlusOutlined />} data-testid="tour-new">{t('b2c.tours.new')}</Button>
          </Link>
        ) : null,
      )}
    >
      <div className="b2c-filters">
        <Input.Search allowClear placeholder={t('b2c.tours.searchPlaceholder')} aria-label={t('b2c.tours.searchPlaceholder')} onSearch={(v) => { const next = v.trim() || undefined; setQ(next); apply({ status, q: next }); }} />
        <Select<TourStatus> allowClear placeholder={t('b2c.tours.allStatuses')} aria-label={t('b2c.tours.status')} value={status} onChange={(v) => { setStatus(v); apply({ status: v, q }); }}
          options={TOUR_STATUSES.map((s) => ({ value: s, label: t(`b2c.tourStatus.${s}`) }))} />
      </div>
      {tableQuery.isError ? <LoadError onRetry={() => void tableQuery.refetch()} /> : null}
      <Table<TourSummary> {...tableProps} rowKey="id" size="middle" columns={columns} scroll={{ x: 860 }} locale={{ emptyText: <EmptyRows /> }} data-testid="b2c-tours" />
    </List>
  );
}
