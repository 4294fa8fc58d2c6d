/**
 * The booking detail's "History" tab: every PNR edit, newest first — who, when, what, the amount paid, and the
 * elements before and after.
 */
import { useState } from 'react';
import { Empty, Grid, List, Skeleton, Table } from 'antd';
import { useCustom } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import type { HistoryEntry } from '../../../contract/aftersale';
import type { BookingDetailPanelProps } from '../../../contract/slots';
import { formatDateTime, formatVnd, LoadError } from '../../../src/sdk';
import { afterSaleUrl, QUIET } from '../api';
import '../booking-edit.css';

/** A short text of a list of elements (bags, seats) as the history keeps them. */
export function elementsText(v: unknown): string {
  if (!Array.isArray(v) || v.length === 0) return '—';
  return v
    .map((e: Record<string, unknown>) => {
      if (typeof e === 'string') return e; // pnr-elements: element lines
      const who = e.paxId !== undefined ? `P${String(e.paxId)}` : '';
      if (typeof e.seat === 'string') return `${who} S${String(e.segId)} ${e.seat}`;
      if (e.value !== undefined) return `${who} ${String(e.value)}${String(e.unit ?? '')}`;
      return JSON.stringify(e);
    })
    .join(', ');
}

export default function HistoryPanel({ bookingId }: BookingDetailPanelProps) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const { query } = useCustom<{ data: HistoryEntry[]; total: number }>({
    url: afterSaleUrl.history(bookingId),
    method: 'get',
    config: { query: { page, pageSize: 10 } },
    meta: QUIET,
    errorNotification: false,
  });
  const list = query.data?.data;
  const phone = Grid.useBreakpoint().md === false;
  if (query.isError) return <LoadError onRetry={() => void query.refetch()} />;
  if (!list) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (list.total === 0) return <Empty description={t('aftersale.history.empty')} />;
  if (phone) {
    return (
      <List<HistoryEntry>
        size="small"
        data-testid="history-table"
        dataSource={list.data}
        pagination={list.total > 10 ? { current: page, pageSize: 10, total: list.total, onChange: setPage, size: 'small' } : false}
        renderItem={(e) => (
          <List.Item key={e.id}>
            <div className="bke-history-card" data-testid="history-row">
              <strong>{t(`aftersale.actions.${e.kind}`, { defaultValue: e.kind })}</strong> · PNR {e.pnr} · {formatVnd(e.amount)}
              <div className="muted">
                {formatDateTime(e.createdAt)} · {e.userName ?? '—'}
              </div>
              <div className="muted">{e.summary}</div>
              <div className="bke-change">
                {t('aftersale.history.before')}: {elementsText(e.before)} → {t('aftersale.history.after')}: {elementsText(e.after)}
              </div>
            </div>
          </List.Item>
        )}
      />
    );
  }
  return (
    <Table<HistoryEntry>
      size="small"
      rowKey="id"
      data-testid="history-table"
      dataSource={list.data}
      scroll={{ x: 720 }}
      pagination={{ current: page, pageSize: 10, total: list.total, onChange: setPage, hideOnSinglePage: true }}
      columns={[
        { title: t('aftersale.history.when'), key: 'when', width: 150, render: (_, e) => formatDateTime(e.createdAt) },
        { title: t('aftersale.history.who'), dataIndex: 'userName', key: 'who', width: 140, render: (v: string | null) => v ?? '—' },
        {
          title: t('aftersale.history.what'),
          key: 'what',
          render: (_, e) => (
            <span data-testid="history-row">
              <strong>{t(`aftersale.actions.${e.kind}`, { defaultValue: e.kind })}</strong> · PNR {e.pnr}
              <div className="muted">{e.summary}</div>
            </span>
          ),
        },
        {
          title: t('aftersale.history.change'),
          key: 'change',
          render: (_, e) => (
            <span className="bke-change">
              <span className="muted">{t('aftersale.history.before')}:</span> {elementsText(e.before)}
              <br />
              <span className="muted">{t('aftersale.history.after')}:</span> {elementsText(e.after)}
            </span>
          ),
        },
        { title: t('aftersale.history.amount'), key: 'amount', align: 'right', width: 120, render: (_, e) => formatVnd(e.amount) },
      ]}
    />
  );
}
