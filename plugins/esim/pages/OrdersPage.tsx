/** /esim/list-order: the eSIM orders of the caller's scope, newest first, with their status; search and status filter. */
import { useState } from 'react';
import { Input, Select, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { List, useTable } from '@refinedev/antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ESIM_ORDER_STATUSES, type EsimOrderRow, type EsimOrderStatus } from '../../../contract/esim';
import { EmptyRows, formatDateTime, formatVnd, linkTo, listFrame, LoadError, PAGES, useIsSmall } from '../../../src/sdk';
import { ORDERS_META, RESOURCES } from '../api';
import { CartButton } from '../components/CartButton';
import { OrderStatusTag } from '../components/StatusTag';
import '../esim.css';

export default function OrdersPage() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<EsimOrderStatus | undefined>();
  const [q, setQ] = useState<string | undefined>();
  const { tableProps, tableQuery, setFilters } = useTable<EsimOrderRow>({
    resource: RESOURCES.orders,
    meta: ORDERS_META,
    syncWithLocation: false,
    pagination: { pageSize: 20 },
    sorters: { initial: [{ field: 'createdAt', order: 'desc' }], mode: 'server' },
  });
  const apply = (next: { status?: EsimOrderStatus; q?: string }) => {
    setFilters(
      [
        { field: 'status', operator: 'eq', value: next.status },
        { field: 'q', operator: 'eq', value: next.q },
      ],
      'replace',
    );
  };

  const narrow = useIsSmall();
  const columns: ColumnsType<EsimOrderRow> = [
    {
      title: t('esim.orders.code'),
      dataIndex: 'code',
      key: 'code',
      width: 110,
      render: (v: string, r) => (
        <Link to={linkTo(PAGES.esim.order, { id: r.id })} data-testid="esim-order-link">
          {v}
        </Link>
      ),
    },
    { title: t('esim.orders.status'), dataIndex: 'status', key: 'status', width: 130, render: (v: EsimOrderStatus) => <OrderStatusTag status={v} /> },
    { title: t('esim.orders.createdAt'), dataIndex: 'createdAt', key: 'createdAt', width: 140, render: (v: string) => formatDateTime(v) },
    { title: t('esim.orders.customer'), dataIndex: 'customerName', key: 'customerName', width: 170 },
    {
      title: t('esim.orders.quantity'),
      key: 'quantity',
      width: 110,
      align: 'right',
      render: (_, r) => (r.refunded > 0 ? t('esim.orders.quantityRefunded', { count: r.quantity, refunded: r.refunded }) : r.quantity),
    },
    {
      title: t('esim.orders.total'),
      dataIndex: 'totalPrice',
      key: 'totalPrice',
      width: narrow ? 120 : 140,
      // on a phone the table scrolls sideways: the order's total stays pinned in sight at its right edge
      fixed: narrow ? 'right' : undefined,
      align: 'right',
      render: (v: number) => <span className="money">{formatVnd(v)}</span>,
    },
    { title: t('esim.orders.agency'), dataIndex: 'agencyName', key: 'agencyName', width: 180 },
    { title: t('esim.orders.createdBy'), dataIndex: 'createdBy', key: 'createdBy', width: 110, render: (v: string | null) => v ?? '—' },
  ];

  return (
    <List resource={RESOURCES.orders} {...listFrame(t('esim.orders.title'), 'esim-page', <CartButton />)}>
      <div className="esim-filters">
        <Input.Search
          allowClear
          className="esim-filter-destination"
          placeholder={t('esim.orders.searchPlaceholder')}
          aria-label={t('esim.orders.search')}
          onSearch={(v) => {
            const next = v.trim() || undefined;
            setQ(next);
            apply({ status, q: next });
          }}
        />
        <Select<EsimOrderStatus>
          allowClear
          placeholder={t('esim.orders.allStatuses')}
          aria-label={t('esim.orders.status')}
          value={status}
          onChange={(v) => {
            setStatus(v);
            apply({ status: v, q });
          }}
          options={ESIM_ORDER_STATUSES.map((s) => ({ value: s, label: t(`esim.orderStatus.${s}`) }))}
        />
      </div>
      {tableQuery.isError ? <LoadError onRetry={() => void tableQuery.refetch()} /> : null}
      <Table<EsimOrderRow>
        {...tableProps}
        rowKey="id"
        size="middle"
        columns={columns}
        scroll={{ x: 1000 }}
        locale={{ emptyText: <EmptyRows /> }}
        pagination={{ ...tableProps.pagination, showTotal: (total) => t('esim.orders.totalCount', { count: total }) }}
        data-testid="esim-orders"
      />
    </List>
  );
}
