/** The train bookings of the caller's scope (server pages), with a status filter and a search box; each opens its booking. */
import { useState } from 'react';
import { Button, Input, Select, Space, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { EyeOutlined } from '@ant-design/icons';
import { List, useTable } from '@refinedev/antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TRAIN_STATUS, trainStatusName, type TrainBookingRow, type TrainStatus } from '../../../contract/trains';
import { EmptyRows, formatDateTime, formatVnd, linkTo, listFrame, LoadError, PAGES, useIsSmall } from '../../../src/sdk';
import { QUIET, TRAIN_BOOKINGS_META, TRAIN_BOOKINGS_RESOURCE } from '../api';
import { StatusTag } from './StatusTag';

const ALL_STATUSES = Object.values(TRAIN_STATUS) as TrainStatus[];

export function TrainBookingList({ title, statuses, testId }: { title: string; statuses?: TrainStatus[]; testId: string }) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<TrainStatus | undefined>();
  const [q, setQ] = useState('');
  const fixed = statuses?.join(',');
  const { tableProps, tableQuery, setFilters } = useTable<TrainBookingRow>({
    resource: TRAIN_BOOKINGS_RESOURCE,
    meta: { ...TRAIN_BOOKINGS_META, ...QUIET },
    syncWithLocation: false,
    pagination: { pageSize: 20 },
    sorters: { mode: 'off' },
    filters: { permanent: fixed ? [{ field: 'status', operator: 'eq', value: fixed }] : [] },
  });
  const apply = (next: { status?: TrainStatus; q?: string }) => {
    setFilters(
      [
        ...(next.status ? [{ field: 'status', operator: 'eq' as const, value: next.status }] : []),
        ...(next.q?.trim() ? [{ field: 'q', operator: 'eq' as const, value: next.q.trim() }] : []),
      ],
      'replace',
    );
  };

  const narrow = useIsSmall();
  const columns: ColumnsType<TrainBookingRow> = [
    { title: t('trains.complete.code'), dataIndex: 'code', key: 'code', width: 120, render: (v: string, r) => <Link to={linkTo(PAGES.trains.complete, {}, { id: r.id })}>{v}</Link> },
    { title: t('trains.status.createdAt'), dataIndex: 'createdAt', key: 'createdAt', width: 140, render: (v: string) => formatDateTime(v) },
    {
      title: t('trains.status.trains'),
      key: 'trains',
      width: 220,
      render: (_, r) => r.trains.map((x) => <div key={`${x.direction}${x.trainNo}`}>{`${x.trainNo} ${x.from}→${x.to} · ${x.departDateTime.slice(8, 10)}/${x.departDateTime.slice(5, 7)} ${x.departDateTime.slice(11, 16)}`}</div>),
    },
    { title: t('trains.status.status'), dataIndex: 'status', key: 'status', width: 170, render: (v: TrainStatus) => <StatusTag status={v} /> },
    { title: t('trains.passengers.contactName'), dataIndex: 'contactName', key: 'contactName', width: 150 },
    { title: t('trains.status.tickets'), dataIndex: 'tickets', key: 'tickets', width: 70, align: 'right' },
    { title: t('trains.status.refunded'), dataIndex: 'refunded', key: 'refunded', width: 120, align: 'right', render: (v: number) => (v ? formatVnd(v) : '—') },
    { title: t('trains.status.agent'), key: 'agent', width: 150, render: (_, r) => `${r.userName} · ${r.agencyName}` },
    // the table is wider than the page (beside the menu on a laptop, and on a phone): the booking's total stays
    // pinned in sight at the right edge while the other columns scroll
    {
      title: t('trains.passengers.total'),
      dataIndex: 'total',
      key: 'total',
      width: narrow ? 110 : 130,
      fixed: 'right',
      align: 'right',
      render: (v: number) => <span className="money" data-testid="train-booking-total">{formatVnd(v)}</span>,
    },
    // on a phone the code's link opens the booking: only the total is pinned there
    {
      title: '',
      key: 'open',
      width: 90,
      fixed: narrow ? undefined : 'right',
      render: (_, r) => (
        <Link to={linkTo(PAGES.trains.complete, {}, { id: r.id })} aria-label={t('trains.status.openBooking', { code: r.code })}>
          <Button size="small" icon={<EyeOutlined />}>{t('trains.status.open')}</Button>
        </Link>
      ),
    },
  ];

  return (
    <List {...listFrame(title, 'train-page')}>
      <Space wrap className="train-list-filters">
        {!statuses && (
          <Select<TrainStatus>
            allowClear
            aria-label={t('trains.status.status')}
            placeholder={t('trains.status.allStatuses')}
            value={status}
            onChange={(v) => {
              setStatus(v);
              apply({ status: v, q });
            }}
            options={ALL_STATUSES.map((s) => ({ value: s, label: `${s} · ${t(`trains.statusName.${trainStatusName(s)}`)}` }))}
            style={{ minWidth: 220 }}
          />
        )}
        <Input.Search
          allowClear
          aria-label={t('trains.status.search')}
          placeholder={t('trains.status.search')}
          value={q}
          onChange={(e) => setQ(e.target.value)}
          onSearch={(v) => apply({ status, q: v })}
          style={{ minWidth: 240 }}
        />
      </Space>
      {tableQuery.isError ? (
        <LoadError onRetry={() => void tableQuery.refetch()} />
      ) : (
        <Table {...tableProps} rowKey="id" columns={columns} scroll={{ x: 1320 }} size="small" data-testid={testId} locale={{ emptyText: <EmptyRows /> }} />
      )}
    </List>
  );
}
