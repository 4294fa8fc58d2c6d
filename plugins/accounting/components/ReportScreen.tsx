/**
 * One accounting report screen (docs/reports.md): the filters (date range and date mode, QN/QT, airline,
 * agency, transaction types, product), the rows paged and sorted on the server through Refine's useTable, the
 * totals row over every row of the filters, the chart (lazy: its code loads only with a report that has one)
 * and print (a print stylesheet keeps the heading, the filters' summary, the chart and the table).
 */
import { Suspense, useMemo, useState } from 'react';
import { Alert, Button, Select, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { FileExcelOutlined, PrinterOutlined } from '@ant-design/icons';
import { getDefaultSortOrder, List, useTable } from '@refinedev/antd';
import { useCustom, type CrudFilter, type HttpError } from '@refinedev/core';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  ENTRY_TYPES,
  MARKETS,
  REPORT_AGENCIES_API,
  REPORT_CHART,
  REPORT_DATE_MODES,
  REPORT_DEFAULT_SORT,
  REPORT_PRODUCTS,
  reportPath,
  reportXlsxPath,
  type EntryType,
  type Market,
  type ReportAgency,
  type ReportAnswer,
  type ReportColumnKind,
  type ReportDateMode,
  type ReportName,
  type ReportProduct,
  type ReportRow,
} from '../../../contract/accounting';
import { businessToday, DATE_FORMAT, EmptyRows, formatDate, formatDateTime, formatVnd, LazyRangePicker, listFrame, LoadError, ReportChart, saveBlob } from '../../../src/sdk';
import { columnsOf, defaultReportFilters, isNumericKind, bottomLineColumn, reportQueryFilters, reportQueryObject, reportKey, reportResource, totalsRow, type ReportFilterValues } from '../model/reports';
import { EntryTypeTag } from './tags';
import '../accounting.css';
import './reports.css';

/** Airlines offered in the filter (any other 2-character code can be typed). */
/** Column widths by kind (px): the table scrolls sideways below their sum. */
const WIDTH: Record<ReportColumnKind, number> = { datetime: 150, day: 110, text: 120, money: 150, count: 100, type: 140, market: 130, product: 110 };
const widthOf = (c: { key: string; kind: ReportColumnKind }) => (c.key === 'agencyName' ? 220 : WIDTH[c.kind]);

const AIRLINES = ['VN', 'VJ', 'QH', 'VU', 'SQ', 'TG', 'CX', 'KE', 'OZ', 'JL', 'NH', 'EK', 'QR', 'AF', 'LH', 'BA', 'QF', 'CI', 'BR', 'MH'];

function Cell({ kind, value }: { kind: ReportColumnKind; value: ReportRow[string] }) {
  const { t } = useTranslation();
  if (value === null || value === undefined || value === '') return <span className="report-none">—</span>;
  switch (kind) {
    case 'money': {
      const v = Number(value);
      return <span className={`money${v < 0 ? ' money-debit' : ''}`}>{formatVnd(v)}</span>;
    }
    case 'count':
      return <span className="money">{Number(value).toLocaleString('vi-VN')}</span>;
    case 'datetime':
      return <>{formatDateTime(String(value))}</>;
    case 'day':
      return <>{formatDate(String(value))}</>;
    case 'type':
      return <EntryTypeTag type={value as EntryType} />;
    case 'market':
      return <Tag color={value === 'QN' ? 'cyan' : 'magenta'}>{t(`accounting.reports.markets.${String(value)}`)}</Tag>;
    case 'product':
      return <>{t(`accounting.reports.products.${String(value)}`)}</>;
    default:
      return <>{String(value)}</>;
  }
}

export function ReportScreen({ report }: { report: ReportName }) {
  const { t } = useTranslation();
  const [values, setValues] = useState<ReportFilterValues>(() => defaultReportFilters(businessToday()));
  const [airlineText, setAirlineText] = useState('');
  const [defaultField, defaultOrder] = REPORT_DEFAULT_SORT[report].startsWith('-')
    ? [REPORT_DEFAULT_SORT[report].slice(1), 'desc' as const]
    : [REPORT_DEFAULT_SORT[report], 'asc' as const];

  const { tableProps, tableQuery, setFilters, sorters } = useTable<ReportRow>({
    resource: reportResource(report),
    meta: { path: reportPath(report) },
    syncWithLocation: false,
    pagination: { pageSize: 20 },
    sorters: { initial: [{ field: defaultField, order: defaultOrder }] },
    filters: { initial: reportQueryFilters(values) as CrudFilter[] },
  });
  const answer = tableQuery.data as Partial<ReportAnswer> | undefined;

  const { result: agenciesResult, query: agenciesQuery } = useCustom<ReportAgency[]>({ url: REPORT_AGENCIES_API, method: 'get', meta: { silent: true } });
  const agencies = useMemo(() => (agenciesQuery.data ? (agenciesResult.data as ReportAgency[]) : []), [agenciesQuery.data, agenciesResult.data]);

  // the xlsx of every row of the filters and the sort shown: read through the data provider on the click only
  const xlsx = useCustom<Blob, HttpError>({
    url: reportXlsxPath(report),
    method: 'get',
    config: { filters: reportQueryFilters(values) as CrudFilter[], sorters },
    meta: { silent: true, responseType: 'blob' },
    queryOptions: { queryKey: ['accounting-report-xlsx', report, values, sorters], enabled: false, retry: false, gcTime: 0 },
    errorNotification: false,
  }).query;
  const exportXlsx = async () => {
    const read = await xlsx.refetch();
    if (read.isError || !read.data) return;
    saveBlob(read.data.data, `${report}_${reportQueryObject(values).from}_${reportQueryObject(values).to}.xlsx`);
  };

  const apply = (next: Partial<ReportFilterValues>) => {
    const merged = { ...values, ...next };
    setValues(merged);
    setFilters(reportQueryFilters(merged) as CrudFilter[], 'replace');
  };

  const label = (key: string) => t(`accounting.reports.columns.${key}`);
  const cols = columnsOf(report);
  // a table wider than its box (a phone; a laptop beside the menu) scrolls sideways: the report's bottom line stays
  // pinned in sight at its right edge (antd pins it only while the table overflows)
  const pinned = bottomLineColumn(report);
  const columns: ColumnsType<ReportRow> = cols.map((c) => ({
    title: label(c.key),
    dataIndex: c.key,
    key: c.key,
    width: widthOf(c),
    fixed: c.key === pinned ? ('right' as const) : undefined,
    align: isNumericKind(c.kind) ? 'right' : 'left',
    sorter: c.sortable ? true : undefined,
    sortOrder: c.sortable ? getDefaultSortOrder(c.key, sorters) : undefined,
    render: (v: ReportRow[string]) => <Cell kind={c.kind} value={v} />,
  }));

  const totals = totalsRow(report, answer?.totals);
  const chart = REPORT_CHART[report];
  const summaryText = useMemo(() => {
    const parts = [`${formatDate(values.range[0])} – ${formatDate(values.range[1])}`, t(`accounting.reports.dateModes.${values.dateMode}`)];
    if (values.market) parts.push(t(`accounting.reports.markets.${values.market}`));
    if (values.airline) parts.push(values.airline);
    if (values.agencyId) parts.push(agencies.find((a) => a.id === values.agencyId)?.code ?? String(values.agencyId));
    if (values.types?.length) parts.push(values.types.join(', '));
    if (values.product) parts.push(t(`accounting.reports.products.${values.product}`));
    return parts.join(' · ');
  }, [values, agencies, t]);

  const actions = (
    <Space className="report-actions" wrap>
      <Button icon={<FileExcelOutlined />} onClick={() => void exportXlsx()} loading={xlsx.isFetching} disabled={tableQuery.isLoading} data-testid="report-export">
        {t('accounting.reports.export')}
      </Button>
      <Button icon={<PrinterOutlined />} onClick={() => window.print()}>
        {t('accounting.reports.print')}
      </Button>
    </Space>
  );

  return (
    <List resource={reportResource(report)} canCreate={false} {...listFrame(t(`${reportKey(report)}.title`), `accounting-page report-page report-${report}`, actions)}>
      <Typography.Paragraph type="secondary" className="report-lead">
        {t(`${reportKey(report)}.lead`)}
      </Typography.Paragraph>
      <div className="accounting-filters report-filters" role="search" aria-label={t('accounting.reports.filters')}>
        <LazyRangePicker
          className="date-range-field"
          format={DATE_FORMAT}
          allowClear={false}
          aria-label={t('accounting.reports.range')}
          value={[dayjs(values.range[0]), dayjs(values.range[1])]}
          onChange={(v: [Dayjs | null, Dayjs | null] | null) => {
            if (v && v[0] && v[1]) apply({ range: [v[0].format('YYYY-MM-DD'), v[1].format('YYYY-MM-DD')] });
          }}
        />
        <Select<ReportDateMode>
          style={{ width: 230 }}
          aria-label={t('accounting.reports.dateMode')}
          value={values.dateMode}
          onChange={(v) => apply({ dateMode: v })}
          options={REPORT_DATE_MODES.map((m) => ({ value: m, label: t(`accounting.reports.dateModes.${m}`) }))}
        />
        <Select<Market>
          allowClear
          style={{ width: 160 }}
          placeholder={t('accounting.reports.allMarkets')}
          aria-label={t('accounting.reports.market')}
          value={values.market}
          onChange={(v) => apply({ market: v })}
          options={MARKETS.map((m) => ({ value: m, label: t(`accounting.reports.markets.${m}`) }))}
        />
        <Select<string>
          allowClear
          showSearch
          style={{ width: 150 }}
          placeholder={t('accounting.reports.allAirlines')}
          aria-label={t('accounting.reports.airline')}
          value={values.airline}
          searchValue={airlineText}
          onSearch={(s) => setAirlineText(s.toUpperCase().replace(/[^A-Z0-9]/g, '').slice(0, 2))}
          onChange={(v) => {
            setAirlineText('');
            apply({ airline: v });
          }}
          options={[...new Set([...(airlineText.length === 2 ? [airlineText] : []), ...AIRLINES])].map((a) => ({ value: a, label: a }))}
        />
        {agencies.length > 1 && (
          <Select<number>
            allowClear
            showSearch
            optionFilterProp="label"
            style={{ width: 220 }}
            placeholder={t('accounting.reports.allAgencies')}
            aria-label={t('accounting.reports.agency')}
            loading={agenciesQuery.isLoading}
            value={values.agencyId}
            onChange={(v) => apply({ agencyId: v })}
            options={agencies.map((a) => ({ value: a.id, label: `${a.code} · ${a.name}` }))}
          />
        )}
        <Select<EntryType[]>
          mode="multiple"
          allowClear
          style={{ minWidth: 200 }}
          placeholder={t('accounting.reports.allTypes')}
          aria-label={t('accounting.reports.types')}
          value={values.types ?? []}
          onChange={(v) => apply({ types: v })}
          options={ENTRY_TYPES.map((x) => ({ value: x, label: `${x} · ${t(`accounting.types.${x}`)}` }))}
        />
        <Select<ReportProduct>
          allowClear
          style={{ width: 160 }}
          placeholder={t('accounting.reports.allProducts')}
          aria-label={t('accounting.reports.product')}
          value={values.product}
          onChange={(v) => apply({ product: v })}
          options={REPORT_PRODUCTS.map((p) => ({ value: p, label: t(`accounting.reports.products.${p}`) }))}
        />
      </div>
      <Typography.Text className="report-print-summary">{summaryText}</Typography.Text>
      {xlsx.isError && !xlsx.isFetching && <Alert type="error" showIcon className="accounting-alert" message={t('accounting.reports.exportFailed')} />}
      {tableQuery.isError && <LoadError className="accounting-alert" onRetry={() => void tableQuery.refetch()} />}
      {chart && (
        <section className="report-chart" aria-label={t(`${reportKey(report)}.chart`)}>
          <Typography.Title level={2} className="report-chart-title">
            {t(`${reportKey(report)}.chart`)}
          </Typography.Title>
          <Suspense fallback={<div className="report-chart-placeholder" />}>
            <ReportChart
              points={answer?.chart ?? []}
              loading={tableQuery.isLoading}
              emptyText={t('accounting.reports.noChart')}
              valueLabel={t('accounting.reports.chartValue')}
              ariaLabel={t('accounting.reports.chartLabel', { count: answer?.chart?.length ?? 0 })}
            />
          </Suspense>
        </section>
      )}
      <Table<ReportRow>
        {...tableProps}
        rowKey="key"
        size="middle"
        columns={columns}
        scroll={{ x: cols.reduce((sum, c) => sum + widthOf(c), 0) }}
        locale={{ emptyText: <EmptyRows /> }}
        pagination={{ ...tableProps.pagination, showSizeChanger: true, showTotal: (total) => t('accounting.common.total', { count: total }) }}
        summary={() =>
          answer?.totals ? (
            <Table.Summary fixed="bottom">
              <Table.Summary.Row className="report-totals" data-testid="report-totals">
                {totals.map((cell, i) => (
                  <Table.Summary.Cell key={cell.key} index={i} align={typeof cell.value === 'number' ? 'right' : 'left'}>
                    {cell.value === 'label' ? (
                      <strong>{t('accounting.reports.totals')}</strong>
                    ) : typeof cell.value === 'number' ? (
                      <strong data-total={cell.key}>
                        <Cell kind={cols[i].kind} value={cell.value} />
                      </strong>
                    ) : null}
                  </Table.Summary.Cell>
                ))}
              </Table.Summary.Row>
            </Table.Summary>
          ) : null
        }
      />
    </List>
  );
}
