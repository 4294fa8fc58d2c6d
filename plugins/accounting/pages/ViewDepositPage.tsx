/**
 * accounting/view-deposit: the agency's balance (with credit limit and what is available) and its ledger
 * entries, newest first with the running balance; filters by type, date range and reference (also PNR).
 */
import { useState } from 'react';
import { Card, Input, Select, Statistic, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { List, useTable } from '@refinedev/antd';
import { useCustom } from '@refinedev/core';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { ACCOUNTING_API, ENTRY_TYPES, type Balance, type EntryType, type LedgerEntry } from '../../../contract/accounting';
import { currentLanguage, DATE_FORMAT, EmptyRows, formatDateTime, formatVnd, LazyRangePicker, listFrame, LoadError, useIsSmall } from '../../../src/sdk';
import { ENTRIES_META, RESOURCES } from '../api';
import { AgencyFilter } from '../components/AgencyFilter';
import { EntryTypeTag } from '../components/tags';
import { dayRangeQuery } from '../model/amount';
import { entryDescription } from '../model/reference';
import '../accounting.css';

export default function ViewDepositPage() {
  const { t } = useTranslation();
  const { query: balance, result: balanceResult } = useCustom<Balance>({ url: ACCOUNTING_API.balance, method: 'get', meta: { silent: true }, queryOptions: { staleTime: 0 } });
  const [type, setType] = useState<EntryType | undefined>();
  const [range, setRange] = useState<[string, string] | null>(null);
  const [reference, setReference] = useState('');
  const [agencyId, setAgencyId] = useState<number | undefined>();
  const { tableProps, tableQuery, setFilters } = useTable<LedgerEntry>({
    resource: RESOURCES.entries,
    meta: ENTRIES_META,
    syncWithLocation: false,
    pagination: { pageSize: 20 },
    sorters: { mode: 'off' },
  });

  const apply = (next: { type?: EntryType; range?: [string, string] | null; reference?: string; agencyId?: number }) => {
    const n = { type, range, reference, agencyId, ...next };
    setType(n.type);
    setRange(n.range ?? null);
    setReference(n.reference ?? '');
    setAgencyId(n.agencyId);
    const days = dayRangeQuery(n.range);
    setFilters(
      [
        { field: 'type', operator: 'eq', value: n.type },
        { field: 'from', operator: 'eq', value: days.from },
        { field: 'to', operator: 'eq', value: days.to },
        { field: 'reference', operator: 'eq', value: n.reference?.trim() },
        { field: 'agencyId', operator: 'eq', value: n.agencyId },
      ],
      'replace',
    );
  };

  const money = (v: number, signed = false) => (
    <span className={`money${signed ? (v < 0 ? ' money-debit' : ' money-credit') : ''}`}>{signed && v > 0 ? `+${formatVnd(v)}` : formatVnd(v)}</span>
  );

  // on a phone the table scrolls sideways: the amount stays pinned at the right edge, in sight on every row
  const narrow = useIsSmall();
  const columns: ColumnsType<LedgerEntry> = [
    { title: t('accounting.entries.createdAt'), dataIndex: 'createdAt', key: 'createdAt', width: 140, render: (v: string) => formatDateTime(v) },
    { title: t('accounting.entries.type'), dataIndex: 'type', key: 'type', width: 130, render: (v: EntryType) => <EntryTypeTag type={v} /> },
    { title: t('accounting.entries.amount'), dataIndex: 'signedAmount', key: 'amount', width: narrow ? 124 : 150, fixed: narrow ? 'right' : undefined, align: 'right', render: (v: number) => money(v, true) },
    { title: t('accounting.entries.balanceAfter'), dataIndex: 'balanceAfter', key: 'balanceAfter', width: 150, align: 'right', render: (v: number) => money(v) },
    { title: t('accounting.entries.reference'), dataIndex: 'reference', key: 'reference', width: 220, render: (v: string) => entryDescription(v, currentLanguage()) },
    { title: t('accounting.entries.pnr'), dataIndex: 'pnr', key: 'pnr', width: 90, render: (v: string | null) => v ?? '—' },
    { title: t('accounting.entries.createdBy'), dataIndex: 'createdBy', key: 'createdBy', width: 110, render: (v: string | null) => v ?? '—' },
  ];

  const b = balance.data ? (balanceResult.data as Balance) : undefined;
  return (
    <List resource={RESOURCES.entries} canCreate={false} {...listFrame(t('accounting.view.title'), 'accounting-page')}>
      {balance.isError && <LoadError className="accounting-alert" onRetry={() => void balance.refetch()} />}
      {/* the balance cards are the caller's own deposit: shown while no other agency is chosen */}
      {agencyId === undefined && (
        <div className="accounting-stats">
          <Card size="small">
            <Statistic title={t('accounting.balance.label')} value={b ? formatVnd(b.balance) : '—'} loading={balance.isLoading} />
          </Card>
          <Card size="small">
            <Statistic title={t('accounting.view.creditLimit')} value={b ? formatVnd(b.creditLimit) : '—'} loading={balance.isLoading} />
          </Card>
          <Card size="small">
            <Statistic title={t('accounting.view.available')} value={b ? formatVnd(b.available) : '—'} loading={balance.isLoading} />
          </Card>
        </div>
      )}
      <div className="accounting-filters">
        <Select<EntryType>
          allowClear
          style={{ width: 180 }}
          placeholder={t('accounting.entries.allTypes')}
          aria-label={t('accounting.entries.type')}
          value={type}
          onChange={(v) => apply({ type: v })}
          options={ENTRY_TYPES.map((x) => ({ value: x, label: `${x} · ${t(`accounting.types.${x}`)}` }))}
        />
        <LazyRangePicker
          className="date-range-field"
          format={DATE_FORMAT}
          aria-label={t('accounting.entries.dates')}
          onChange={(v: [Dayjs | null, Dayjs | null] | null) =>
            apply({ range: v && v[0] && v[1] ? [v[0].format('YYYY-MM-DD'), v[1].format('YYYY-MM-DD')] : null })
          }
        />
        <Input.Search
          allowClear
          style={{ width: 240 }}
          placeholder={t('accounting.entries.referencePlaceholder')}
          aria-label={t('accounting.entries.reference')}
          defaultValue={reference}
          onSearch={(v) => apply({ reference: v })}
        />
        <AgencyFilter value={agencyId} onChange={(id) => apply({ agencyId: id })} />
      </div>
      {tableQuery.isError && <LoadError className="accounting-alert" onRetry={() => void tableQuery.refetch()} />}
      <Table<LedgerEntry>
        {...tableProps}
        rowKey="id"
        size="middle"
        columns={columns}
        scroll={{ x: 1000 }}
        locale={{ emptyText: <EmptyRows /> }}
        pagination={{ ...tableProps.pagination, showTotal: (total) => t('accounting.common.total', { count: total }) }}
      />
    </List>
  );
}
