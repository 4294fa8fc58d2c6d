/**
 * /booking/remind: the holds of the caller's scope whose time limit is near and the PNRs with a waitlisted (HL)
 * segment, nearest first; filters (kind, window, airline, reference or customer; ?q= from the bell's link) and
 * the xlsx of every row of the filters. The agent is reminded by the gateway (the bell and e-mail).
 */
import { useState } from 'react';
import { Alert, Button, Input, Select, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { FileExcelOutlined } from '@ant-design/icons';
import { List, useTable } from '@refinedev/antd';
import { useCustom, type CrudFilter, type HttpError } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { DESK_API, REMIND_KINDS, type RemindKind, type RemindRow } from '../../../contract/desk';
import { EmptyRows, formatDateTime, linkTo, listFrame, LoadError, PAGES, saveBlob } from '../../../src/sdk';
import { REMIND_META, RESOURCES } from '../api';
import { splitMinutes, urgency, URGENCY_COLORS } from '../model/desk';
import '../desk.css';

const WINDOWS = [2, 6, 12, 24, 48, 72, 168] as const;

interface Filters {
  kind?: RemindKind;
  withinHours: number;
  airline?: string;
  q?: string;
}

const toCrud = (f: Filters): CrudFilter[] => [
  { field: 'kind', operator: 'eq', value: f.kind },
  { field: 'withinHours', operator: 'eq', value: f.withinHours },
  { field: 'airline', operator: 'eq', value: f.airline },
  { field: 'q', operator: 'eq', value: f.q },
];

export default function RemindPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const [filters, setLocal] = useState<Filters>(() => ({ withinHours: 24, q: params.get('q')?.trim() || undefined }));

  const { tableProps, tableQuery, setFilters } = useTable<RemindRow>({
    resource: RESOURCES.remind,
    meta: REMIND_META,
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

  // the xlsx of every row of the filters: read through the data provider on the click only
  const xlsx = useCustom<Blob, HttpError>({
    url: DESK_API.remindersExport,
    method: 'get',
    config: { filters: toCrud(filters) },
    meta: { silent: true, responseType: 'blob' },
    queryOptions: { queryKey: ['desk-remind-xlsx', filters], enabled: false, retry: false, gcTime: 0 },
    errorNotification: false,
  }).query;
  const exportXlsx = async () => {
    const read = await xlsx.refetch();
    if (read.isError || !read.data) return;
    saveBlob(read.data.data, `remind_${new Date().toISOString().slice(0, 10)}.xlsx`);
  };

  const left = (minutes: number | null) => {
    if (minutes === null) return '—';
    const { hours, minutes: m } = splitMinutes(minutes);
    return (
      <Tag color={URGENCY_COLORS[urgency(minutes)]} data-testid="remind-left">
        {t('desk.remind.leftValue', { hours, minutes: m })}
      </Tag>
    );
  };

  const columns: ColumnsType<RemindRow> = [
    {
      title: t('desk.remind.columns.pnr'),
      dataIndex: 'pnr',
      key: 'pnr',
      width: 110,
      fixed: 'left',
      render: (v: string, r) => (
        <Link to={linkTo(PAGES.bookings.detail, { id: r.bookingId })} data-testid="remind-pnr">
          {v}
        </Link>
      ),
    },
    {
      title: t('desk.remind.columns.kind'),
      dataIndex: 'kind',
      key: 'kind',
      width: 140,
      render: (v: RemindKind, r) => (
        <Tag color={v === 'waitlist' ? 'purple' : 'gold'} title={r.waitlisted.join(', ') || undefined}>
          {t(`desk.remind.kinds.${v}`)}
        </Tag>
      ),
    },
    { title: t('desk.remind.columns.left'), dataIndex: 'minutesLeft', key: 'left', width: 130, render: left },
    { title: t('desk.remind.columns.timeLimit'), dataIndex: 'timeLimit', key: 'timeLimit', width: 150, render: (v: string | null) => (v ? formatDateTime(v) : '—') },
    { title: t('desk.remind.columns.airline'), dataIndex: 'airline', key: 'airline', width: 70 },
    { title: t('desk.remind.columns.route'), dataIndex: 'route', key: 'route', width: 130 },
    { title: t('desk.remind.columns.flightNo'), dataIndex: 'flightNo', key: 'flightNo', width: 110 },
    { title: t('desk.remind.columns.departDate'), dataIndex: 'departDate', key: 'departDate', width: 110 },
    { title: t('desk.remind.columns.customerName'), dataIndex: 'customerName', key: 'customerName', width: 170 },
    { title: t('desk.remind.columns.agentName'), dataIndex: 'agentName', key: 'agentName', width: 150 },
    { title: t('desk.remind.columns.agencyCode'), dataIndex: 'agencyCode', key: 'agencyCode', width: 110 },
    {
      title: t('desk.remind.columns.remindedAt'),
      dataIndex: 'remindedAt',
      key: 'remindedAt',
      width: 150,
      render: (v: string | null) => (v ? formatDateTime(v) : <Typography.Text type="secondary">{t('desk.remind.notReminded')}</Typography.Text>),
    },
  ];

  return (
    <List
      resource={RESOURCES.remind}
      {...listFrame(
        t('desk.remind.title'),
        'desk-page',
        <Button icon={<FileExcelOutlined />} onClick={() => void exportXlsx()} loading={xlsx.isFetching} disabled={tableQuery.isLoading} data-testid="remind-export">
          {t('desk.remind.export')}
        </Button>,
      )}
    >
      <Typography.Paragraph type="secondary" className="desk-intro">
        {t('desk.remind.intro')}
      </Typography.Paragraph>
      <div className="desk-filters">
        <Select<RemindKind>
          allowClear
          className="desk-filter-select"
          placeholder={`${t('desk.remind.filters.kind')}: ${t('desk.remind.filters.all')}`}
          aria-label={t('desk.remind.filters.kind')}
          value={filters.kind}
          onChange={(v) => apply({ kind: v })}
          options={REMIND_KINDS.map((k) => ({ value: k, label: t(`desk.remind.kinds.${k}`) }))}
        />
        <Select<number>
          className="desk-filter-select"
          aria-label={t('desk.remind.filters.within')}
          value={filters.withinHours}
          onChange={(v) => apply({ withinHours: v })}
          options={WINDOWS.map((h) => ({ value: h, label: `${t('desk.remind.filters.within')} ${t('desk.remind.withinHours', { count: h })}` }))}
          data-testid="remind-within"
        />
        <Input
          allowClear
          className="desk-filter-airline"
          placeholder={t('desk.remind.filters.airline')}
          aria-label={t('desk.remind.filters.airline')}
          maxLength={2}
          onChange={(e) => {
            const v = e.target.value.trim().toUpperCase();
            if (v.length === 0 || v.length === 2) apply({ airline: v || undefined });
          }}
        />
        <Input.Search
          allowClear
          className="desk-filter-q"
          defaultValue={filters.q}
          placeholder={t('desk.remind.filters.q')}
          aria-label={t('desk.remind.filters.q')}
          onSearch={(v) => apply({ q: v.trim() || undefined })}
          data-testid="remind-q"
        />
      </div>
      {tableQuery.isError ? <LoadError onRetry={() => void tableQuery.refetch()} /> : null}
      {xlsx.isError && !xlsx.isFetching && <Alert type="error" showIcon role="alert" className="desk-alert" message={t('desk.remind.exportError', { message: xlsx.error?.message ?? '' })} />}
      <Table<RemindRow>
        {...tableProps}
        rowKey="pnrId"
        size="middle"
        columns={columns}
        scroll={{ x: 1500 }}
        locale={{ emptyText: tableQuery.isError ? <EmptyRows /> : t('desk.remind.empty') }}
        data-testid="remind-list"
      />
    </List>
  );
}
