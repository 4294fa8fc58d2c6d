/**
 * accounting/deposit-report: over a date range (this month so far in Vietnam, today included, by default), the
 * opening balance, the totals per entry type (T, C, S, V, R) and the closing balance; of the own agency or one
 * of the report scope.
 */
import { useState } from 'react';
import { Card, DatePicker, Statistic, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useCustom } from '@refinedev/core';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { ACCOUNTING_API, type DepositReport, type EntryType } from '../../../contract/accounting';
import { DATE_FORMAT, formatDate, formatVnd, LoadError, monthToDateInVietnam, PageFrame, serverNow } from '../../../src/sdk';
import { AgencyFilter } from '../components/AgencyFilter';
import { EntryTypeTag } from '../components/tags';
import { dayRangeQuery } from '../model/amount';
import '../accounting.css';

type Row = DepositReport['totals'][number];

export default function DepositReportPage() {
  const { t } = useTranslation();
  const [range, setRange] = useState<[string, string]>(() => monthToDateInVietnam(serverNow()));
  const [agencyId, setAgencyId] = useState<number | undefined>();
  const { query, result } = useCustom<DepositReport>({
    url: ACCOUNTING_API.report,
    method: 'get',
    config: { query: { ...dayRangeQuery(range), ...(agencyId ? { agencyId } : {}) } },
  });
  const r = query.data ? (result.data as DepositReport) : undefined;

  const columns: ColumnsType<Row> = [
    { title: t('accounting.entries.type'), dataIndex: 'type', key: 'type', render: (v: EntryType) => <EntryTypeTag type={v} /> },
    { title: t('accounting.report.count'), dataIndex: 'count', key: 'count', align: 'right', width: 100 },
    {
      title: t('accounting.entries.amount'),
      dataIndex: 'signedAmount',
      key: 'amount',
      align: 'right',
      width: 170,
      render: (v: number) => <span className={`money${v < 0 ? ' money-debit' : v > 0 ? ' money-credit' : ''}`}>{v > 0 ? `+${formatVnd(v)}` : formatVnd(v)}</span>,
    },
  ];

  return (
    <PageFrame title={t('accounting.report.title')} className="accounting-page">
      <div className="accounting-filters">
        <DatePicker.RangePicker
          format={DATE_FORMAT}
          allowClear={false}
          aria-label={t('accounting.entries.dates')}
          value={[dayjs(range[0]), dayjs(range[1])]}
          onChange={(v: [Dayjs | null, Dayjs | null] | null) => {
            if (v && v[0] && v[1]) setRange([v[0].format('YYYY-MM-DD'), v[1].format('YYYY-MM-DD')]);
          }}
        />
        <AgencyFilter value={agencyId} onChange={setAgencyId} />
      </div>
      {query.isError && <LoadError className="accounting-alert" onRetry={() => void query.refetch()} />}
      <div className="accounting-stats">
        <Card size="small">
          <Statistic title={t('accounting.report.opening', { date: formatDate(range[0]) })} value={r ? formatVnd(r.openingBalance) : '—'} loading={query.isLoading} />
        </Card>
        <Card size="small">
          <Statistic title={t('accounting.report.credit')} value={r ? formatVnd(r.totalCredit) : '—'} loading={query.isLoading} />
        </Card>
        <Card size="small">
          <Statistic title={t('accounting.report.debit')} value={r ? formatVnd(r.totalDebit) : '—'} loading={query.isLoading} />
        </Card>
        <Card size="small">
          <Statistic title={t('accounting.report.closing', { date: formatDate(range[1]) })} value={r ? formatVnd(r.closingBalance) : '—'} loading={query.isLoading} />
        </Card>
      </div>
      <Table<Row> rowKey="type" size="middle" columns={columns} dataSource={r?.totals ?? []} loading={query.isLoading} pagination={false} scroll={{ x: 360 }} />
    </PageFrame>
  );
}
