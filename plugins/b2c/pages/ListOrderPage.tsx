/** /b2c/list-order (USE_B2C): the storefront's orders, newest first, with search and a status filter; a row opens the order. */
import { lazy, Suspense, useEffect, useState } from 'react';
import { Button, Input, Select, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { List, useTable } from '@refinedev/antd';
import { useTranslation } from 'react-i18next';
import { ORDER_STATUSES, type B2cOrder, type OrderStatus } from '../../../contract/b2c';
import { EmptyRows, formatDateTime, formatVnd, listFrame, LoadError, useIsSmall } from '../../../src/sdk';
import { ORDERS_META, RESOURCES } from '../api';
import { OrderStatusTag, orderWhat, TrainB2cStatusTag } from '../components/StatusTags';
import '../b2c.css';

// the order's detail (a drawer with its history, status, payment and refund dialogs) opens on a click: its code
// (antd Drawer, Timeline, Descriptions, the payment dialog's form) is fetched once the page has rendered, apart
// from the page's own code
const loadOrderDrawer = () => import('../components/OrderDrawer');
const OrderDrawer = lazy(() => loadOrderDrawer().then((m) => ({ default: m.OrderDrawer })));

type Row = Omit<B2cOrder, 'history'>;

export default function ListOrderPage() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<OrderStatus | undefined>();
  const [q, setQ] = useState<string | undefined>();
  const [open, setOpen] = useState<number | null>(null);
  useEffect(() => {
    loadOrderDrawer().catch(() => undefined);
  }, []);
  const { tableProps, tableQuery, setFilters } = useTable<Row>({ resource: RESOURCES.orders, meta: ORDERS_META, syncWithLocation: false, pagination: { pageSize: 20 } });
  const apply = (next: { status?: OrderStatus; q?: string }) =>
    setFilters([{ field: 'status', operator: 'eq', value: next.status }, { field: 'q', operator: 'eq', value: next.q }], 'replace');

  const narrow = useIsSmall();
  const columns: ColumnsType<Row> = [
    { title: t('b2c.orders.code'), dataIndex: 'code', key: 'code', width: 120, render: (v: string, r) => <Button type="link" size="small" onClick={() => setOpen(r.id)} data-testid="order-open" data-code={v}>{v}</Button> },
    { title: t('b2c.orders.status'), dataIndex: 'status', key: 'status', width: 150, render: (v: OrderStatus, r) => <><OrderStatusTag status={v} /><TrainB2cStatusTag status={r.trainStatus} /></> },
    { title: t('b2c.orders.createdAt'), dataIndex: 'createdAt', key: 'createdAt', width: 140, render: (v: string) => formatDateTime(v) },
    { title: t('b2c.orders.customer'), key: 'customer', width: 190, render: (_, r) => <div>{r.customerName}<div className="muted">{r.customerPhone}</div></div> },
    {
      title: t('b2c.orders.what'),
      key: 'what',
      render: (_, r) => orderWhat(r, t),
    },
    {
      title: t('b2c.orders.total'),
      dataIndex: 'total',
      key: 'total',
      width: narrow ? 130 : 150,
      // on a phone the table scrolls sideways: the order's total (and what is paid or refunded) stays pinned in sight
      fixed: narrow ? 'right' : undefined,
      align: 'right',
      render: (v: number | null, r) => (
        <>
          {v === null ? t('b2c.orders.quote') : <span className="money">{formatVnd(v)}</span>}
          {r.paidAmount !== null && <div className="muted" data-testid="order-paid-amount">{t('b2c.orders.paid')}: <span className="money">{formatVnd(r.paidAmount)}</span></div>}
          {r.refundedAmount !== null && <div className="muted">{t('b2c.orders.refunded')}: <span className="money">{formatVnd(r.refundedAmount)}</span></div>}
        </>
      ),
    },
    { title: t('b2c.orders.assignee'), dataIndex: 'assigneeName', key: 'assigneeName', width: 150, render: (v: string | null) => v ?? '—' },
  ];

  return (
    <List resource={RESOURCES.orders} {...listFrame(t('b2c.orders.title'), 'b2c-page', null)}>
      <div className="b2c-filters">
        <Input.Search allowClear placeholder={t('b2c.orders.searchPlaceholder')} aria-label={t('b2c.orders.searchPlaceholder')} onSearch={(v) => { const next = v.trim() || undefined; setQ(next); apply({ status, q: next }); }} />
        <Select<OrderStatus> allowClear placeholder={t('b2c.orders.allStatuses')} aria-label={t('b2c.orders.status')} value={status} onChange={(v) => { setStatus(v); apply({ status: v, q }); }}
          options={ORDER_STATUSES.map((s) => ({ value: s, label: t(`b2c.orderStatus.${s}`) }))} />
      </div>
      {tableQuery.isError ? <LoadError onRetry={() => void tableQuery.refetch()} /> : null}
      <Table<Row> {...tableProps} rowKey="id" size="middle" columns={columns} scroll={{ x: 980 }} locale={{ emptyText: <EmptyRows /> }} data-testid="b2c-orders"
        pagination={{ ...tableProps.pagination, showTotal: (total) => t('b2c.orders.totalCount', { count: total }) }} />
      <Suspense fallback={null}>
        <OrderDrawer id={open} onClose={() => setOpen(null)} />
      </Suspense>
    </List>
  );
}
