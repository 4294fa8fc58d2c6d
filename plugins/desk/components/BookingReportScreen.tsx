/**
 * One booking report screen (/booking/customer-services-report, /booking/analyze-sales-report): the range, the
 * grouping (agent, route, airline) and the airline; the groups paged and sorted on the server through Refine's
 * useTable; the totals row over every group; the chart of the largest groups (the shell's lazy ReportChart);
 * the xlsx of every group.
 */
import { Suspense, useState } from 'react';
import { Alert, Button, Segmented, Select, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { FileExcelOutlined } from '@ant-design/icons';
import { getDefaultSortOrder, List, useTable } from '@refinedev/antd';
import { useCustom, type CrudFilter, type HttpError } from '@refinedev/core';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  BOOKING_REPORT_CHART,
  BOOKING_REPORT_COLUMNS,
  BOOKING_REPORT_MONEY,
  DESK_API,
  REPORT_GROUPS,
  type BookingReport,
  type BookingReportAnswer,
  type BookingReportRow,
  type ReportGroup,
} from '../../../contract/desk';
import { businessToday, DATE_FORMAT, EmptyRows, formatVnd, LazyRangePicker, listFrame, LoadError, ReportChart, saveBlob } from '../../../src/sdk';
import { REPORT_META, RESOURCES } from '../api';
import { bookingReportFilters, bookingReportKey, defaultBookingReportValues, type BookingReportValues } from '../model/reports';
import '../desk.css';

const AIRLINES = ['VN', 'VJ', 'QH', 'VU', 'SQ', 'TG', 'CX', 'KE', 'OZ', 'JL', 'NH', 'EK', 'QR', 'AF', 'LH', 'BA', 'QF', 'CI', 'BR', 'MH'];
const isMoney = (c: string) => (BOOKING_REPORT_MONEY as readonly string[]).includes(c);
const count = new Intl.NumberFormat('vi-VN');

function Value({ column, value }: { column: string; value: number | undefined }) {
  const v = value ?? 0;
  if (isMoney(column)) return <span className="money">{formatVnd(v)}</span>;
  if (column === 'conversion') return <span className="money">{`${v} %`}</span>;
  return <span className="money">{count.format(v)}</span>;
}

export function BookingReportScreen({ report }: { report: BookingReport }) {
  const { t } = useTranslation();
  const key = bookingReportKey(report);
  const [values, setValues] = useState<BookingReportValues>(() => defaultBookingReportValues(businessToday()));
  const resource = RESOURCES[report];

  const { tableProps, tableQuery, setFilters, sorters } = useTable<BookingReportRow>({
    resource,
    meta: REPORT_META[report],
    syncWithLocation: false,
    pagination: { pageSize: 20 },
    sorters: { initial: [{ field: BOOKING_REPORT_CHART[report], order: 'desc' }], mode: 'server' },
    filters: { initial: bookingReportFilters(values) as CrudFilter[], mode: 'server' },
  });
  const answer = tableQuery.data as Partial<BookingReportAnswer> | undefined;

  const apply = (next: Partial<BookingReportValues>) => {
    const merged = { ...values, ...next };
    setValues(merged);
    setFilters(bookingReportFilters(merged) as CrudFilter[], 'replace');
  };

  // the xlsx of every group of the filters: read through the data provider on the click only
  const xlsx = useCustom<Blob, HttpError>({
    url: report === 'customer-services' ? DESK_API.customerServicesExport : DESK_API.analyzeSalesExport,
    method: 'get',
    config: { filters: bookingReportFilters(values) as CrudFilter[] },
    meta: { silent: true, responseType: 'blob' },
    queryOptions: { queryKey: ['desk-report-xlsx', report, values], enabled: false, retry: false, gcTime: 0 },
    errorNotification: false,
  }).query;
  const exportXlsx = async () => {
    const read = await xlsx.refetch();
    if (read.isError || !read.data) return;
    const [from, to] = bookingReportFilters(values).map((f) => f.value);
    saveBlob(read.data.data, `${report}_${from}_${to}.xlsx`);
  };

  const cols = BOOKING_REPORT_COLUMNS[report] as readonly string[];
  const columns: ColumnsType<BookingReportRow> = [
    {
      title: t(`desk.reports.groups.${values.groupBy}`),
      dataIndex: 'key',
      key: 'key',
      width: 200,
      fixed: 'left',
      sorter: true,
      sortOrder: getDefaultSortOrder('key', sorters),
      render: (v: string, r) => (
        <div className="desk-report-key">
          <strong>{v || '—'}</strong>
          {values.groupBy === 'agent' && r.label ? <Typography.Text type="secondary">{r.label}</Typography.Text> : null}
        </div>
      ),
    },
    ...cols.map((c) => ({
      title: t(`desk.reports.columns.${c}`),
      dataIndex: c,
      key: c,
      width: isMoney(c) ? 150 : 120,
      align: 'right' as const,
      sorter: true,
      sortOrder: getDefaultSortOrder(c, sorters),
      render: (v: number) => <Value column={c} value={v} />,
    })),
  ];

  const chartColumn = BOOKING_REPORT_CHART[report];
  const points = answer?.chart ?? [];
  const actions = (
    <Button icon={<FileExcelOutlined />} onClick={() => void exportXlsx()} loading={xlsx.isFetching} disabled={tableQuery.isLoading} data-testid="report-export">
      {t('desk.reports.export')}
    </Button>
  );

  return (
    <List resource={resource} canCreate={false} {...listFrame(t(`${key}.title`), `desk-page desk-report desk-report-${report}`, actions)}>
      <Typography.Paragraph type="secondary" className="desk-intro">
        {t(`${key}.lead`)}
      </Typography.Paragraph>
      <div className="desk-filters" role="search" aria-label={t('desk.reports.filters')}>
        <LazyRangePicker
          className="date-range-field"
          format={DATE_FORMAT}
          allowClear={false}
          aria-label={t('desk.reports.range')}
          value={[dayjs(values.range[0]), dayjs(values.range[1])]}
          onChange={(v: [Dayjs | null, Dayjs | null] | null) => {
            if (v && v[0] && v[1]) apply({ range: [v[0].format('YYYY-MM-DD'), v[1].format('YYYY-MM-DD')] });
          }}
        />
        <Segmented<ReportGroup>
          aria-label={t('desk.reports.groupBy')}
          value={values.groupBy}
          onChange={(v) => apply({ groupBy: v })}
          options={REPORT_GROUPS.map((g) => ({ value: g, label: t(`desk.reports.groups.${g}`) }))}
          data-testid="report-group"
        />
        <Select<string>
          allowClear
          showSearch
          className="desk-filter-select"
          placeholder={t('desk.reports.allAirlines')}
          aria-label={t('desk.reports.airline')}
          value={values.airline}
          onChange={(v) => apply({ airline: v })}
          options={AIRLINES.map((a) => ({ value: a, label: a }))}
        />
      </div>
      {xlsx.isError && !xlsx.isFetching && <Alert type="error" showIcon role="alert" className="desk-alert" message={t('desk.reports.exportFailed')} />}
      {tableQuery.isError && <LoadError className="desk-alert" onRetry={() => void tableQuery.refetch()} />}
      <section className="desk-report-chart" aria-label={t(`${key}.chart`)}>
        <Typography.Title level={2} className="desk-report-chart-title">
          {t(`${key}.chart`)}
        </Typography.Title>
        <Suspense fallback={<div className="desk-report-chart-placeholder" />}>
          <ReportChart
            points={points}
            loading={tableQuery.isLoading}
            kind={isMoney(chartColumn) ? 'money' : 'count'}
            emptyText={t('desk.reports.noChart')}
            valueLabel={t(`desk.reports.columns.${chartColumn}`)}
            ariaLabel={t(`${key}.chart`)}
            shortLabel={(k) => k.slice(0, 10)}
          />
        </Suspense>
      </section>
      <Table<BookingReportRow>
        {...tableProps}
        rowKey="key"
        size="middle"
        columns={columns}
        scroll={{ x: 200 + cols.reduce((s, c) => s + (isMoney(c) ? 150 : 120), 0) }}
        locale={{ emptyText: <EmptyRows /> }}
        pagination={{ ...tableProps.pagination, showSizeChanger: true, showTotal: (total) => t('desk.reports.groupsTotal', { count: total }) }}
        data-testid="report-table"
        summary={() =>
          answer?.totals ? (
            <Table.Summary fixed="bottom">
              <Table.Summary.Row className="desk-report-totals" data-testid="report-totals">
                <Table.Summary.Cell index={0}>
                  <strong>{t('desk.reports.totals')}</strong>
                </Table.Summary.Cell>
                {cols.map((c, i) => (
                  <Table.Summary.Cell key={c} index={i + 1} align="right">
                    <strong data-total={c}>
                      <Value column={c} value={answer.totals?.[c]} />
                    </strong>
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
