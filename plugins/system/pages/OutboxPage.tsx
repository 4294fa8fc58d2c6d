/**
 * /system/outbox (ADMIN_F1): supplier calls still owed (compensating voids), retried by the gateway until they
 * succeed. Per call: PNR, tickets, attempts, last error, next attempt; "Retry now" and "Abandon" (settled by
 * hand, with a reason) after a confirmation. The gateway checks the permission and the agency subtree.
 */
import { useState } from 'react';
import { Alert, App, Button, Empty, Input, Segmented, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { ReloadOutlined, StopOutlined } from '@ant-design/icons';
import { List, useTable } from '@refinedev/antd';
import { useCan, useInvalidate } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { OUTBOX_API, OUTBOX_STATUSES, type OutboxItem, type OutboxStatus } from '../../../contract/outbox';
import { EmptyRows, formatDateTime, linkTo, listFrame, LoadError, messageOf, PAGES } from '../../../src/sdk';
import { useCommand } from '../api';
import { OUTBOX_META } from '../meta';

const STATUS_COLOUR: Record<OutboxStatus, string> = { pending: 'orange', done: 'green', abandoned: 'default' };

export default function OutboxPage() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const [status, setStatus] = useState<OutboxStatus>('pending');
  const invalidate = useInvalidate();
  const { run, running } = useCommand();
  const { data: canAct } = useCan({ resource: 'outbox', action: 'retry' });
  const { tableProps, tableQuery } = useTable<OutboxItem>({
    resource: 'system-outbox',
    meta: OUTBOX_META,
    syncWithLocation: false,
    pagination: { mode: 'off' },
    sorters: { mode: 'off' },
    filters: { permanent: [{ field: 'status', operator: 'eq', value: status }] },
  });
  const refresh = () => invalidate({ resource: 'system-outbox', invalidates: ['list'] });

  const retry = (item: OutboxItem) =>
    modal.confirm({
      title: t('system.outbox.retryTitle', { pnr: item.pnr ?? item.key }),
      content: t('system.outbox.retryText'),
      okText: t('system.outbox.retry'),
      cancelText: t('system.common.cancel'),
      onOk: async () => {
        try {
          const res = await run(OUTBOX_API.retry.replace(':id', String(item.id)), 'post', {}, { toast: false });
          const r = res.data as unknown as { succeeded: boolean; item: OutboxItem };
          if (r.succeeded) void message.success(t('system.outbox.retried'));
          else void message.warning(t('system.outbox.retryFailed', { error: r.item.lastError ?? '' }));
        } catch (e) {
          void message.error(messageOf(e, t('system.common.saveError')));
        }
        await refresh();
      },
    });

  const abandon = (item: OutboxItem) => {
    let reason = '';
    modal.confirm({
      title: t('system.outbox.abandonTitle', { pnr: item.pnr ?? item.key }),
      content: (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Typography.Paragraph>{t('system.outbox.abandonText')}</Typography.Paragraph>
          <Input.TextArea
            aria-label={t('system.outbox.reason')}
            placeholder={t('system.outbox.reasonPlaceholder')}
            maxLength={300}
            autoSize={{ minRows: 2, maxRows: 4 }}
            onChange={(e) => (reason = e.target.value)}
            data-testid="outbox-reason"
          />
        </Space>
      ),
      okText: t('system.outbox.abandon'),
      okButtonProps: { danger: true },
      cancelText: t('system.common.cancel'),
      // onOk takes an argument (antd's close): the dialog then stays open when it answers no promise (a missing
      // reason) instead of a rejected one; the promise of the call closes it when settled
      onOk: (_close: () => void) => {
        if (reason.trim().length < 3) {
          void message.error(t('system.outbox.reasonRequired'));
          return undefined;
        }
        return (async () => {
          try {
            await run(OUTBOX_API.abandon.replace(':id', String(item.id)), 'post', { reason: reason.trim() }, { toast: false });
            void message.success(t('system.outbox.abandoned'));
          } catch (e) {
            void message.error(messageOf(e, t('system.common.saveError')));
          }
          await refresh();
        })();
      },
    });
  };

  const columns: ColumnsType<OutboxItem> = [
    {
      title: t('system.outbox.pnr'),
      key: 'pnr',
      width: 120,
      render: (_: unknown, r) => (r.bookingId && r.pnr ? <Link to={linkTo(PAGES.bookings.detail, { id: String(r.bookingId) })}>{r.pnr}</Link> : (r.pnr ?? '—')),
    },
    { title: t('system.outbox.kind'), dataIndex: 'kind', key: 'kind', width: 120, render: (v: string) => t(`system.outbox.kinds.${v}`, { defaultValue: v }) },
    { title: t('system.outbox.tickets'), dataIndex: 'ticketNumbers', key: 'tickets', width: 170, render: (v: string[]) => (v.length ? v.join(', ') : '—') },
    { title: t('system.outbox.status'), dataIndex: 'status', key: 'status', width: 110, render: (v: OutboxStatus) => <Tag color={STATUS_COLOUR[v]}>{t(`system.outbox.statuses.${v}`)}</Tag> },
    { title: t('system.outbox.attempts'), dataIndex: 'attempts', key: 'attempts', width: 90, align: 'right' },
    { title: t('system.outbox.lastError'), dataIndex: 'lastError', key: 'lastError', width: 260, render: (v: string | null) => v ?? '—' },
    {
      title: status === 'pending' ? t('system.outbox.nextAttempt') : t('system.outbox.finishedAt'),
      key: 'when',
      width: 150,
      render: (_: unknown, r) => formatDateTime(status === 'pending' ? r.nextAttemptAt : (r.doneAt ?? r.nextAttemptAt)),
    },
    { title: t('system.outbox.createdAt'), dataIndex: 'createdAt', key: 'createdAt', width: 150, render: (v: string) => formatDateTime(v) },
    ...(status === 'pending' && canAct?.can
      ? [
          {
            title: t('system.common.actions'),
            key: 'actions',
            fixed: 'right' as const,
            width: 200,
            render: (_: unknown, r: OutboxItem) => (
              <Space size="small" wrap>
                <Button size="small" icon={<ReloadOutlined />} disabled={running} onClick={() => retry(r)}>
                  {t('system.outbox.retry')}
                </Button>
                <Button size="small" danger icon={<StopOutlined />} disabled={running} onClick={() => abandon(r)}>
                  {t('system.outbox.abandon')}
                </Button>
              </Space>
            ),
          },
        ]
      : []),
  ];

  return (
    <List resource="system-outbox" {...listFrame(t('system.outbox.title'), 'admin-page')}>
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Alert type="info" showIcon message={t('system.outbox.intro')} />
        <Segmented<OutboxStatus>
          value={status}
          onChange={setStatus}
          options={OUTBOX_STATUSES.map((s) => ({ value: s, label: t(`system.outbox.statuses.${s}`) }))}
          aria-label={t('system.outbox.status')}
        />
        {tableQuery.isError && <LoadError onRetry={() => void tableQuery.refetch()} />}
        <Table<OutboxItem>
          {...tableProps}
          rowKey="id"
          size="middle"
          columns={columns}
          scroll={{ x: 1200 }}
          locale={{ emptyText: status === 'pending' ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('system.outbox.nonePending')} /> : <EmptyRows /> }}
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
        />
      </Space>
    </List>
  );
}
