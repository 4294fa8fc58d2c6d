/**
 * reverses-shop/list: the allotments of the agencies the user manages, nearest departure first; remaining seats
 * with a bar of sold and released, the release time, and (for the user's own agency) selling and releasing.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { Button, Input, Progress, Select, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PlusOutlined } from '@ant-design/icons';
import { List, useTable } from '@refinedev/antd';
import type { CrudFilter } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RESERVE_STATUSES, SHOP_SOURCES, type ReserveRow, type ReserveStatus } from '../../../contract/shop';
import { EmptyRows, formatDateTime, formatVnd, listFrame, LoadError, PAGES } from '../../../src/sdk';
import { RESERVES_META, RESOURCES } from '../api';
import { shares } from '../model/shop';
import '../shop.css';

// the reserve's detail (a drawer with its moves) and the sale and release dialogs open on a click: their code
// (antd Drawer, Timeline, InputNumber, Result) is fetched once the page has rendered, apart from the page's own code
const loadReserveDrawer = () => import('../components/ReserveDrawer');
const loadSellModal = () => import('../components/SellModal');
const loadReleaseModal = () => import('../components/ReleaseModal');
const ReserveDrawer = lazy(() => loadReserveDrawer().then((m) => ({ default: m.ReserveDrawer })));
const SellModal = lazy(() => loadSellModal().then((m) => ({ default: m.SellModal })));
const ReleaseModal = lazy(() => loadReleaseModal().then((m) => ({ default: m.ReleaseModal })));

const STATUS_COLORS: Record<ReserveStatus, string> = { active: 'green', soldOut: 'blue', expired: 'default', departed: 'default' };

interface Filters {
  status?: ReserveStatus;
  airline?: string;
  q?: string;
}
const toCrud = (f: Filters): CrudFilter[] => [
  { field: 'status', operator: 'eq', value: f.status },
  { field: 'airline', operator: 'eq', value: f.airline },
  { field: 'q', operator: 'eq', value: f.q },
];

export default function ReserveListPage() {
  const { t } = useTranslation();
  const [filters, setLocal] = useState<Filters>({});
  const [selling, setSelling] = useState<ReserveRow | null>(null);
  const [releasing, setReleasing] = useState<ReserveRow | null>(null);
  const [showing, setShowing] = useState<number | null>(null);
  useEffect(() => {
    for (const load of [loadReserveDrawer, loadSellModal, loadReleaseModal]) load().catch(() => undefined);
  }, []);

  const { tableProps, tableQuery, setFilters } = useTable<ReserveRow>({
    resource: RESOURCES.reserves,
    meta: RESERVES_META,
    syncWithLocation: false,
    pagination: { pageSize: 20 },
    sorters: { mode: 'off' },
    filters: { initial: toCrud(filters), mode: 'server' },
  });
  const apply = (next: Partial<Filters>) => {
    const merged = { ...filters, ...next };
    setLocal(merged);
    setFilters(toCrud(merged), 'replace');
  };

  const columns: ColumnsType<ReserveRow> = [
    {
      title: t('shop.columns.flight'),
      key: 'flight',
      width: 150,
      fixed: 'left',
      render: (_, r) => (
        <div className="shop-flight">
          <strong>{r.flightNo}</strong>
          <Typography.Text type="secondary">{`${r.from}-${r.to} · ${t('shop.columns.class')} ${r.class}`}</Typography.Text>
        </div>
      ),
    },
    { title: t('shop.columns.departAt'), dataIndex: 'departAt', key: 'departAt', width: 140, render: (v: string) => formatDateTime(v) },
    {
      title: t('shop.columns.remaining'),
      key: 'remaining',
      width: 170,
      render: (_, r) => {
        const s = shares(r);
        return (
          <div className="shop-remaining">
            <span>
              <strong data-testid="reserve-remaining">{r.remaining}</strong>
              {` / ${r.quantity}`}
            </span>
            <Progress
              percent={s.sold + s.released}
              success={{ percent: s.sold }}
              showInfo={false}
              size="small"
              aria-label={`${t('shop.columns.sold')} ${r.sold}, ${t('shop.columns.released')} ${r.released}`}
            />
            <Typography.Text type="secondary" className="shop-small">{`${t('shop.columns.sold')} ${r.sold} · ${t('shop.columns.released')} ${r.released}`}</Typography.Text>
          </div>
        );
      },
    },
    { title: t('shop.columns.sellPrice'), dataIndex: 'sellPrice', key: 'sellPrice', width: 130, align: 'right', render: (v: number) => <span className="money" data-testid="reserve-sell-price" data-amount={v}>{formatVnd(v)}</span> },
    { title: t('shop.columns.releaseAt'), dataIndex: 'releaseAt', key: 'releaseAt', width: 140, render: (v: string) => formatDateTime(v) },
    { title: t('shop.columns.status'), dataIndex: 'status', key: 'status', width: 120, render: (v: ReserveStatus) => <Tag color={STATUS_COLORS[v]}>{t(`shop.statuses.${v}`)}</Tag> },
    { title: t('shop.columns.agency'), dataIndex: 'agencyCode', key: 'agency', width: 120 },
    {
      title: t('shop.columns.actions'),
      key: 'actions',
      width: 230,
      render: (_, r) => (
        <Space wrap size={4}>
          {r.mine && r.status === 'active' && (
            <>
              <Button size="small" type="primary" onClick={() => setSelling(r)} data-testid="reserve-sell">
                {t('shop.sell.action')}
              </Button>
              <Button size="small" onClick={() => setReleasing(r)} data-testid="reserve-release">
                {t('shop.release.action')}
              </Button>
            </>
          )}
          <Button size="small" type="link" onClick={() => setShowing(r.id)} data-testid="reserve-detail">
            {t('shop.detail')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <List
      resource={RESOURCES.reserves}
      {...listFrame(
        t('shop.list.title'),
        'shop-page',
        <Link to={PAGES.shop.management}>
          <Button type="primary" icon={<PlusOutlined />}>
            {t('shop.management.create')}
          </Button>
        </Link>,
      )}
    >
      <Typography.Paragraph type="secondary" className="shop-intro">
        {t('shop.list.lead')}
      </Typography.Paragraph>
      <div className="shop-filters" role="search">
        <Select<ReserveStatus>
          allowClear
          className="shop-filter-select"
          placeholder={t('shop.list.allStatuses')}
          aria-label={t('shop.columns.status')}
          value={filters.status}
          onChange={(v) => apply({ status: v })}
          options={RESERVE_STATUSES.map((s) => ({ value: s, label: t(`shop.statuses.${s}`) }))}
        />
        <Select<string>
          allowClear
          className="shop-filter-airline"
          placeholder={t('shop.list.allAirlines')}
          aria-label={t('shop.management.source')}
          value={filters.airline}
          onChange={(v) => apply({ airline: v })}
          options={SHOP_SOURCES.map((s) => ({ value: s, label: s }))}
        />
        <Input.Search allowClear className="shop-filter-q" placeholder={t('shop.list.search')} aria-label={t('shop.list.search')} onSearch={(v) => apply({ q: v.trim() || undefined })} />
      </div>
      {tableQuery.isError ? <LoadError onRetry={() => void tableQuery.refetch()} /> : null}
      <Table<ReserveRow>
        {...tableProps}
        rowKey="id"
        size="middle"
        columns={columns}
        scroll={{ x: 1230 }}
        locale={{ emptyText: tableQuery.isError ? <EmptyRows /> : t('shop.list.empty') }}
        data-testid="reserve-list"
      />
      {selling && (
        <Suspense fallback={null}>
          <SellModal reserve={selling} onClose={() => setSelling(null)} />
        </Suspense>
      )}
      {releasing && (
        <Suspense fallback={null}>
          <ReleaseModal reserve={releasing} onClose={() => setReleasing(null)} />
        </Suspense>
      )}
      {showing !== null && (
        <Suspense fallback={null}>
          <ReserveDrawer id={showing} onClose={() => setShowing(null)} />
        </Suspense>
      )}
    </List>
  );
}
