/**
 * /booking/schedule-changes: the schedule-change inbox. The bookings of the caller's scope whose flights the
 * airline changed (open first, by the earliest new departure), each changed segment old → new in plain words,
 * with filters (status, airline, PNR) and server paging; a row opens submit-sc.
 */
import { useState } from 'react';
import { Button, Grid, Input, Select, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { List, useTable } from '@refinedev/antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SCHED_API, SCHEDULE_CHANGE_STATUSES, type ScheduleChangeRow, type ScheduleChangeStatus } from '../../../../contract/aftersale-sched';
import { EmptyRows, formatDateTime, linkTo, listFrame, LoadError, PAGES } from '../../../../src/sdk';
import { SCHED_RESOURCE } from '../../api';
import { changeWords } from '../../model/sched-words';
import '../../booking-edit.css';

const AIRLINES = ['VN', 'VJ', 'QH', 'VU'];
const STATUS_COLORS: Record<ScheduleChangeStatus, string> = { open: 'orange', accepted: 'green', rebooked: 'blue', resolved: 'default' };

export default function ScheduleInboxPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // below md the table keeps two columns: the PNR (with its status and the button) and the change in words
  const narrow = !Grid.useBreakpoint().md;
  const [filters, setLocal] = useState<{ status?: ScheduleChangeStatus; airline?: string; q?: string }>({ status: 'open' });
  const { tableProps, tableQuery, setFilters } = useTable<ScheduleChangeRow>({
    resource: SCHED_RESOURCE,
    meta: { path: SCHED_API.inbox },
    syncWithLocation: false,
    pagination: { pageSize: 20 },
    filters: { initial: [{ field: 'status', operator: 'eq', value: 'open' }] },
    sorters: { mode: 'server' },
  });
  const apply = (next: typeof filters) => {
    setLocal(next);
    setFilters(
      [
        { field: 'status', operator: 'eq', value: next.status },
        { field: 'airline', operator: 'eq', value: next.airline },
        { field: 'q', operator: 'eq', value: next.q },
      ],
      'replace',
    );
  };
  const open = (r: ScheduleChangeRow) => void navigate(linkTo(PAGES.bookingEdit.submitSc, { id: r.bookingId }));
  const sentence = (r: ScheduleChangeRow) =>
    r.segments.map((c) => {
      const w = changeWords(c);
      return t(w.key, { ...w.values, shift: t(`aftersale.sched.words.by.${String(w.values.by ?? 'm')}`, w.values) });
    });

  const openButton = (r: ScheduleChangeRow) => (
    <Button type={r.status === 'open' ? 'primary' : 'default'} size="small" onClick={() => open(r)} data-testid={`sc-open-${r.pnr}`}>
      {r.status === 'open' ? t('aftersale.scInbox.handle') : t('aftersale.scInbox.view')}
    </Button>
  );
  const statusTag = (v: ScheduleChangeStatus) => <Tag color={STATUS_COLORS[v]}>{t(`aftersale.sched.status.${v}`)}</Tag>;
  const changeColumn: ColumnsType<ScheduleChangeRow>[number] = {
    title: t('aftersale.scInbox.change'),
    key: 'change',
    render: (_, r) => (
      <ul className="bke-sc-list">
        {sentence(r).map((s, i) => (
          <li key={i}>{s}</li>
        ))}
      </ul>
    ),
  };
  const narrowColumns: ColumnsType<ScheduleChangeRow> = [
    {
      title: 'PNR',
      key: 'pnr',
      width: 104,
      render: (_, r) => (
        <div className="bke-sc-cell">
          <strong className="bke-code">{r.pnr}</strong>
          <span className="muted">{r.airline}</span>
          {statusTag(r.status)}
          {openButton(r)}
        </div>
      ),
    },
    changeColumn,
  ];

  const columns: ColumnsType<ScheduleChangeRow> = [
    { title: 'PNR', dataIndex: 'pnr', key: 'pnr', width: 100, sorter: true, render: (v: string) => <strong className="bke-code">{v}</strong> },
    { title: t('aftersale.scInbox.airline'), dataIndex: 'airline', key: 'airline', width: 80 },
    changeColumn,
    { title: t('aftersale.scInbox.firstDeparture'), dataIndex: 'firstDeparture', key: 'firstDeparture', width: 150, sorter: true, render: (v: string) => v.replace('T', ' ') },
    { title: t('aftersale.scInbox.detectedAt'), dataIndex: 'detectedAt', key: 'detectedAt', width: 150, sorter: true, render: (v: string) => formatDateTime(v) },
    { title: t('aftersale.scInbox.status'), dataIndex: 'status', key: 'status', width: 120, render: statusTag },
    { title: '', key: 'open', width: 110, render: (_, r) => openButton(r) },
  ];

  return (
    <List resource={SCHED_RESOURCE} {...listFrame(t('aftersale.scInbox.title'), 'bke-page bke-sc-inbox')}>
      <p className="muted">{t('aftersale.scInbox.help')}</p>
      <div className="bke-sc-filters">
        <Input.Search
          allowClear
          maxLength={6}
          placeholder={t('aftersale.scInbox.searchPlaceholder')}
          aria-label={t('aftersale.scInbox.search')}
          onSearch={(v) => apply({ ...filters, q: v.trim().toUpperCase() || undefined })}
          data-testid="sc-search"
        />
        <Select<ScheduleChangeStatus>
          allowClear
          placeholder={t('aftersale.scInbox.allStatuses')}
          aria-label={t('aftersale.scInbox.status')}
          value={filters.status}
          onChange={(v) => apply({ ...filters, status: v })}
          options={SCHEDULE_CHANGE_STATUSES.map((s) => ({ value: s, label: t(`aftersale.sched.status.${s}`) }))}
          data-testid="sc-status"
        />
        <Select<string>
          allowClear
          placeholder={t('aftersale.scInbox.allAirlines')}
          aria-label={t('aftersale.scInbox.airline')}
          value={filters.airline}
          onChange={(v) => apply({ ...filters, airline: v })}
          options={AIRLINES.map((a) => ({ value: a, label: a }))}
        />
      </div>
      {tableQuery.isError ? <LoadError onRetry={() => void tableQuery.refetch()} /> : null}
      <Table<ScheduleChangeRow>
        {...tableProps}
        rowKey="id"
        size="middle"
        columns={narrow ? narrowColumns : columns}
        scroll={narrow ? undefined : { x: 900 }}
        locale={{ emptyText: <EmptyRows /> }}
        onRow={(r) => ({ 'data-testid': `sc-row-${r.pnr}`, 'data-status': r.status }) as React.HTMLAttributes<HTMLElement>}
        pagination={{ ...tableProps.pagination, showTotal: (total) => t('aftersale.scInbox.total', { count: total }) }}
        data-testid="sc-inbox"
      />
    </List>
  );
}
