/**
 * accounting/deposit-topup: top-up requests in the caller's deposit scope, with a status filter and server
 * pages. Users who may confirm deposits (the `deposit-topups.confirm` action) approve (after a confirmation)
 * or reject (with a reason) pending requests; an approval refreshes the header balance.
 */
import { useState } from 'react';
import { Alert, App, Button, Input, Modal, Select, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { CheckOutlined, CloseOutlined, PlusOutlined } from '@ant-design/icons';
import { List, useTable } from '@refinedev/antd';
import { useCan, type HttpError } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { TOPUP_STATUSES, type TopUpRequest, type TopUpStatus } from '../../../contract/accounting';
import { assetUrl, EmptyRows, formatDateTime, formatVnd, listFrame, LoadError, useAccount, useIsSmall } from '../../../src/sdk';
import { RESOURCES, TOPUPS_META, useErrorText, useTopUpDecision } from '../api';
import { StatusTag } from '../components/tags';
import '../accounting.css';

export default function TopUpListPage() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const canConfirm = useCan({ resource: 'deposit-topups', action: 'confirm' }).data?.can ?? false;
  const { memberInfo, agentInfo } = useAccount();
  const { decide, deciding: busy } = useTopUpDecision();
  const errorText = useErrorText();
  const [status, setStatus] = useState<TopUpStatus | undefined>();
  const [rejecting, setRejecting] = useState<TopUpRequest | null>(null);
  const [reason, setReason] = useState('');
  const [rejectError, setRejectError] = useState<string | null>(null);
  const { tableProps, tableQuery, setFilters } = useTable<TopUpRequest>({
    resource: RESOURCES.topUps,
    meta: TOPUPS_META,
    syncWithLocation: false,
    pagination: { pageSize: 20 },
    sorters: { mode: 'off' },
  });

  const filterStatus = (next?: TopUpStatus) => {
    setStatus(next);
    setFilters([{ field: 'status', operator: 'eq', value: next }], 'replace');
  };

  const confirmApprove = (r: TopUpRequest) => {
    modal.confirm({
      title: t('accounting.list.approveTitle'),
      content: t('accounting.list.approveText', { amount: formatVnd(r.amount), agency: `${r.agencyCode} · ${r.agencyName}`, reference: r.bankReference }),
      okText: t('accounting.list.approve'),
      cancelText: t('accounting.common.cancel'),
      onOk: () => decide(r, 'approve').catch(() => undefined),
    });
  };

  const submitReject = async () => {
    if (!rejecting) return;
    if (!reason.trim()) {
      setRejectError(t('accounting.list.reasonRequired'));
      return;
    }
    try {
      await decide(rejecting, 'reject', reason.trim());
      setRejecting(null);
    } catch (e) {
      setRejectError(errorText(e as HttpError));
    }
  };

  // on a phone the table scrolls sideways: the amount stays pinned in sight beside the actions, which show their icons
  // only (their names stay their accessible names), so the sum being approved is on screen with its buttons
  const narrow = useIsSmall();
  const columns: ColumnsType<TopUpRequest> = [
    { title: t('accounting.list.createdAt'), dataIndex: 'createdAt', key: 'createdAt', width: 140, render: (v: string) => formatDateTime(v) },
    { title: t('accounting.list.agency'), key: 'agency', width: 160, render: (_, r) => `${r.agencyCode}` },
    { title: t('accounting.list.amount'), dataIndex: 'amount', key: 'amount', width: narrow ? 118 : 150, fixed: narrow ? 'right' : undefined, align: 'right', render: (v: number) => <span className="money">{formatVnd(v)}</span> },
    // the request's status right after its amount, in sight beside the menu on a laptop (the columns after it scroll
    // under the actions)
    {
      title: t('accounting.list.status'),
      key: 'status',
      width: 200,
      render: (_, r) => (
        <Space direction="vertical" size={0}>
          <StatusTag status={r.status} />
          {r.decidedBy && (
            <Typography.Text type="secondary">
              {r.decidedBy} · {formatDateTime(r.decidedAt)}
            </Typography.Text>
          )}
          {r.rejectReason && <Typography.Text type="danger">{r.rejectReason}</Typography.Text>}
        </Space>
      ),
    },
    { title: t('accounting.list.bankReference'), dataIndex: 'bankReference', key: 'bankReference', width: 150 },
    {
      title: t('accounting.list.receipt'),
      key: 'receipt',
      width: 150,
      render: (_, r) => (
        <a href={assetUrl(r.receiptUrl)} target="_blank" rel="noreferrer noopener" className="receipt-name">
          {r.receiptFileName}
        </a>
      ),
    },
    { title: t('accounting.list.requestedBy'), dataIndex: 'requestedBy', key: 'requestedBy', width: 120, render: (v: string | null) => v ?? '—' },
    ...(canConfirm
      ? [
          {
            title: t('accounting.common.actions'),
            key: 'actions',
            width: narrow ? 84 : 190,
            fixed: 'right' as const,
            render: (_: unknown, r: TopUpRequest) =>
              // a top-up is decided by the parent agency, never by the agency that receives the money
              r.status === 'pending' && r.requestedById !== memberInfo?.id && r.agencyId !== agentInfo?.id ? (
                <Space wrap size={narrow ? 4 : 8}>
                  <Button size="small" type="primary" icon={<CheckOutlined />} onClick={() => confirmApprove(r)} aria-label={t('accounting.list.approve')} title={narrow ? t('accounting.list.approve') : undefined}>
                    {narrow ? null : t('accounting.list.approve')}
                  </Button>
                  <Button
                    size="small"
                    danger
                    icon={<CloseOutlined />}
                    aria-label={t('accounting.list.reject')}
                    title={narrow ? t('accounting.list.reject') : undefined}
                    onClick={() => {
                      setReason('');
                      setRejectError(null);
                      setRejecting(r);
                    }}
                  >
                    {narrow ? null : t('accounting.list.reject')}
                  </Button>
                </Space>
              ) : null,
          },
        ]
      : []),
  ];

  return (
    <List resource={RESOURCES.topUps} {...listFrame(t('accounting.list.title'), 'accounting-page')} createButtonProps={{ icon: <PlusOutlined />, children: t('accounting.list.add') }}>
      <div className="accounting-filters">
        <Select<TopUpStatus>
          allowClear
          style={{ width: 200 }}
          placeholder={t('accounting.list.allStatuses')}
          aria-label={t('accounting.list.status')}
          value={status}
          onChange={(v) => filterStatus(v)}
          options={TOPUP_STATUSES.map((s) => ({ value: s, label: t(`accounting.status.${s}`) }))}
        />
      </div>
      {tableQuery.isError && <LoadError className="accounting-alert" onRetry={() => void tableQuery.refetch()} />}
      <Table<TopUpRequest>
        {...tableProps}
        rowKey="id"
        size="middle"
        columns={columns}
        scroll={{ x: 1100 }}
        locale={{ emptyText: <EmptyRows /> }}
        pagination={{ ...tableProps.pagination, showTotal: (total) => t('accounting.common.total', { count: total }) }}
      />
      <Modal
        open={rejecting !== null}
        title={t('accounting.list.rejectTitle')}
        okText={t('accounting.list.reject')}
        okButtonProps={{ danger: true, loading: busy }}
        cancelText={t('accounting.common.cancel')}
        onOk={() => void submitReject()}
        onCancel={() => setRejecting(null)}
        destroyOnHidden
      >
        {rejecting && (
          <Typography.Paragraph>
            {t('accounting.list.rejectText', { amount: formatVnd(rejecting.amount), agency: rejecting.agencyCode, reference: rejecting.bankReference })}
          </Typography.Paragraph>
        )}
        <Input.TextArea
          aria-label={t('accounting.list.reason')}
          placeholder={t('accounting.list.reason')}
          value={reason}
          maxLength={500}
          autoSize={{ minRows: 2, maxRows: 5 }}
          onChange={(e) => setReason(e.target.value)}
        />
        {rejectError && <Alert type="error" showIcon role="alert" message={rejectError} style={{ marginTop: 8 }} />}
      </Modal>
    </List>
  );
}
