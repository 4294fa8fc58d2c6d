/**
 * /esim/products: the catalogue. Search by destination (Vietnamese or English names, without diacritics),
 * filters by region, days and data, sorted by the agency price; every package shows the agency price and
 * the suggested retail price, and goes into the cart (drawer of the heading) in one click.
 */
import { useState } from 'react';
import { App, Col, Empty, Input, Pagination, Row, Select, Skeleton } from 'antd';
import { useTable } from '@refinedev/antd';
import type { CrudFilter } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ESIM_DATA_FILTERS, ESIM_DAY_FILTERS, ESIM_REGIONS, type EsimDataFilter, type EsimDayFilter, type EsimProduct, type EsimRegion } from '../../../contract/esim';
import { LoadError, PageFrame } from '../../../src/sdk';
import { PRODUCTS_META, RESOURCES } from '../api';
import { useCart } from '../components/cart-store';
import { CartButton } from '../components/CartButton';
import { ProductCard } from '../components/ProductCard';
import { addItem } from '../model/cart';
import '../esim.css';

interface Filters {
  destination?: string;
  region?: EsimRegion;
  days?: EsimDayFilter;
  data?: EsimDataFilter;
}

const toCrud = (f: Filters): CrudFilter[] => (Object.entries(f) as [string, string | undefined][]).map(([field, value]) => ({ field, operator: 'eq', value: value || undefined }));

export default function ProductsPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [params] = useSearchParams();
  const [, update] = useCart();
  const [filters, setFiltersState] = useState<Filters>({ destination: params.get('destination') ?? undefined });
  const [sort, setSort] = useState<'asc' | 'desc'>('asc');
  const { tableQuery, setFilters, setSorters, currentPage, setCurrentPage, pageSize, setPageSize } = useTable<EsimProduct>({
    resource: RESOURCES.products,
    meta: PRODUCTS_META,
    syncWithLocation: false,
    pagination: { pageSize: 12 },
    filters: { initial: toCrud(filters), mode: 'server' },
    sorters: { initial: [{ field: 'price', order: 'asc' }], mode: 'server' },
  });
  const change = (patch: Filters) => {
    const next = { ...filters, ...patch };
    setFiltersState(next);
    setFilters(toCrud(next), 'replace');
  };
  const add = (p: EsimProduct) => {
    update((c) => addItem(c, p));
    void message.success(t('esim.products.added', { name: p.name }));
  };
  const rows = tableQuery.data?.data ?? [];
  const total = tableQuery.data?.total ?? 0;

  return (
    <PageFrame title={t('esim.products.title')} className="esim-page" extra={<CartButton />}>
      <div className="esim-filters" role="search">
        <Input.Search
          allowClear
          className="esim-filter-destination"
          placeholder={t('esim.products.destinationPlaceholder')}
          aria-label={t('esim.products.destination')}
          defaultValue={filters.destination}
          onSearch={(v) => change({ destination: v.trim() || undefined })}
          data-testid="esim-destination"
        />
        <Select<EsimRegion>
          allowClear
          placeholder={t('esim.products.region')}
          aria-label={t('esim.products.region')}
          value={filters.region}
          onChange={(v) => change({ region: v })}
          options={ESIM_REGIONS.map((r) => ({ value: r, label: t(`esim.region.${r}`) }))}
        />
        <Select<EsimDayFilter>
          allowClear
          placeholder={t('esim.products.days')}
          aria-label={t('esim.products.days')}
          value={filters.days}
          onChange={(v) => change({ days: v })}
          options={ESIM_DAY_FILTERS.map((d) => ({ value: d, label: t(`esim.products.dayFilter.${d}`) }))}
        />
        <Select<EsimDataFilter>
          allowClear
          placeholder={t('esim.products.data')}
          aria-label={t('esim.products.data')}
          value={filters.data}
          onChange={(v) => change({ data: v })}
          options={ESIM_DATA_FILTERS.map((d) => ({ value: d, label: t(`esim.products.dataFilter.${d}`) }))}
        />
        <Select<'asc' | 'desc'>
          aria-label={t('esim.products.sort')}
          value={sort}
          onChange={(v) => {
            setSort(v);
            setSorters([{ field: 'price', order: v }]);
          }}
          options={[
            { value: 'asc', label: t('esim.products.sortPriceAsc') },
            { value: 'desc', label: t('esim.products.sortPriceDesc') },
          ]}
        />
      </div>
      {tableQuery.isError ? <LoadError onRetry={() => void tableQuery.refetch()} /> : null}
      {tableQuery.isLoading ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : rows.length === 0 && !tableQuery.isError ? (
        <Empty description={t('esim.products.none')} data-testid="esim-products-empty" />
      ) : (
        <Row gutter={[12, 12]} data-testid="esim-products">
          {rows.map((p) => (
            <Col key={p.id} xs={24} sm={12} lg={8} xxl={6}>
              <ProductCard product={p} onAdd={add} />
            </Col>
          ))}
        </Row>
      )}
      {total > pageSize ? (
        <Pagination
          className="esim-pagination"
          current={currentPage}
          pageSize={pageSize}
          total={total}
          showSizeChanger={false}
          responsive
          showLessItems
          showTotal={(n) => t('esim.products.total', { count: n })}
          onChange={(page, size) => {
            setCurrentPage(page);
            if (size !== pageSize) setPageSize(size);
          }}
        />
      ) : null}
    </PageFrame>
  );
}
