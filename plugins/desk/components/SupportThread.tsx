/** One support request: its booking, status and thread, the reply form (the requester's side or the provider's answer) and closing. */
import { useState } from 'react';
import { Alert, Button, Card, Descriptions, Empty, Form, Input, Popconfirm, Skeleton, Space, Tag, Typography } from 'antd';
import { ArrowLeftOutlined, LockOutlined, PaperClipOutlined, SendOutlined } from '@ant-design/icons';
import { useCan, useCustom, useCustomMutation, useInvalidate, type HttpError } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { UploadResult } from '../../../contract/content';
import type { SupportDetail } from '../../../contract/desk';
import { assetUrl, formatDateTime, linkTo, LoadError, PAGES } from '../../../src/sdk';
import { BELL_RESOURCE, deskUrl, RESOURCES } from '../api';
import { replyMode, STATUS_COLORS } from '../model/desk';
import { AttachmentPicker } from './AttachmentPicker';
import { deskError } from './errors';

interface ReplyValues {
  body: string;
  attachments?: UploadResult[];
}

export function SupportThread({ id, onBack }: { id: number; onBack: () => void }) {
  const { t } = useTranslation();
  const invalidate = useInvalidate();
  const [form] = Form.useForm<ReplyValues>();
  const [error, setError] = useState<string | null>(null);
  const { query } = useCustom<SupportDetail, HttpError>({
    url: deskUrl.request(id),
    method: 'get',
    meta: { silent: true },
    errorNotification: false,
    // a reply of the other side shows without a reload
    queryOptions: { queryKey: ['desk-support-request', id], refetchInterval: 30_000, retry: false },
  });
  const { data: canAnswer } = useCan({ resource: RESOURCES.support, action: 'answer' });
  const send = useCustomMutation();
  const close = useCustomMutation();

  const detail = query.data?.data;
  const after = () => {
    void query.refetch();
    void invalidate({ resource: RESOURCES.support, invalidates: ['list'] });
    void invalidate({ resource: BELL_RESOURCE, invalidates: ['resourceAll'] });
  };

  const back = (
    <Button icon={<ArrowLeftOutlined />} onClick={onBack}>
      {t('desk.support.back')}
    </Button>
  );

  if (query.isLoading) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (query.isError || !detail) {
    const notFound = query.error?.statusCode === 404;
    return (
      <Space direction="vertical" className="desk-full">
        {back}
        {notFound ? <Alert type="warning" showIcon role="alert" message={t('desk.support.notFound')} /> : <LoadError onRetry={() => void query.refetch()} />}
      </Space>
    );
  }

  const mode = replyMode(detail.status, detail.callerIsProvider, canAnswer?.can === true);
  const submit = (v: ReplyValues) => {
    setError(null);
    send.mutate(
      {
        url: mode === 'provider' ? deskUrl.answer(id) : deskUrl.reply(id),
        method: 'post',
        values: { body: v.body, attachments: (v.attachments ?? []).map((a) => a.id) },
        meta: { silent: true },
        successNotification: () => ({ type: 'success', message: t('desk.support.replied') }),
        errorNotification: false,
      },
      {
        onSuccess: () => {
          form.resetFields();
          after();
        },
        onError: (e) => setError(deskError(t, e)),
      },
    );
  };
  const doClose = () => {
    setError(null);
    close.mutate(
      { url: deskUrl.close(id), method: 'post', values: {}, meta: { silent: true }, successNotification: () => ({ type: 'success', message: t('desk.support.closed') }), errorNotification: false },
      { onSuccess: after, onError: (e) => setError(deskError(t, e)) },
    );
  };

  return (
    <div className="desk-thread" data-testid="support-thread">
      <div className="desk-thread-head">
        {back}
        {detail.status !== 'closed' && (
          <Popconfirm title={t('desk.support.closeConfirm')} okText={t('desk.support.close')} cancelText={t('desk.support.cancel')} onConfirm={doClose}>
            <Button icon={<LockOutlined />} loading={close.mutation.isPending} data-testid="support-close">
              {t('desk.support.close')}
            </Button>
          </Popconfirm>
        )}
      </div>
      <Card size="small" className="desk-card">
        <Typography.Title level={2} className="desk-subject">
          {detail.subject}
        </Typography.Title>
        <Descriptions size="small" column={{ xs: 1, sm: 2, md: 3 }}>
          <Descriptions.Item label={t('desk.support.columns.pnr')}>
            <Link to={linkTo(PAGES.bookings.detail, { id: detail.bookingId })}>{detail.pnr}</Link>
          </Descriptions.Item>
          <Descriptions.Item label={t('desk.support.columns.status')}>
            <Tag color={STATUS_COLORS[detail.status]} data-testid="support-status">
              {t(`desk.support.statuses.${detail.status}`)}
            </Tag>
          </Descriptions.Item>
          <Descriptions.Item label={t('desk.support.columns.agency')}>{detail.agencyCode}</Descriptions.Item>
          <Descriptions.Item label={t('desk.support.columns.requester')}>{detail.requesterName}</Descriptions.Item>
          <Descriptions.Item label={t('desk.support.columns.lastMessageAt')}>{formatDateTime(detail.lastMessageAt)}</Descriptions.Item>
        </Descriptions>
      </Card>
      <ol className="desk-messages" aria-label={t('desk.support.title')}>
        {detail.messages.length === 0 ? (
          <Empty />
        ) : (
          detail.messages.map((m) => (
            <li key={m.id} className={`desk-message desk-message-${m.side}`} data-testid={`support-message-${m.side}`}>
              <div className="desk-message-meta">
                <Tag color={m.side === 'provider' ? 'blue' : 'default'}>{t(`desk.support.sides.${m.side}`)}</Tag>
                <Typography.Text strong>{m.authorName}</Typography.Text>
                <Typography.Text type="secondary">{formatDateTime(m.createdAt)}</Typography.Text>
              </div>
              <div className="desk-message-body">{m.body}</div>
              {m.attachments.length > 0 && (
                <Space wrap size={[6, 6]} className="desk-message-files">
                  {m.attachments.map((a) => (
                    <a key={a.id} href={assetUrl(a.url)} target="_blank" rel="noopener noreferrer" download={a.fileName}>
                      <Tag icon={<PaperClipOutlined />}>{a.fileName}</Tag>
                    </a>
                  ))}
                </Space>
              )}
            </li>
          ))
        )}
      </ol>
      {mode === 'closed' ? (
        <Alert type="info" showIcon message={t('desk.support.closedNote')} />
      ) : (
        <Card size="small" className="desk-card">
          <Form<ReplyValues> form={form} layout="vertical" onFinish={submit} initialValues={{ attachments: [] }}>
            <Form.Item name="body" label={t('desk.support.fields.reply')} rules={[{ required: true, whitespace: true, max: 4000, message: t('desk.support.rules.body') }]}>
              <Input.TextArea rows={3} maxLength={4000} placeholder={t('desk.support.placeholders.reply')} data-testid="support-reply" />
            </Form.Item>
            <Form.Item name="attachments">
              <AttachmentPicker />
            </Form.Item>
            <Button type="primary" htmlType="submit" icon={<SendOutlined />} loading={send.mutation.isPending} data-testid="support-reply-send">
              {mode === 'provider' ? t('desk.support.answer') : t('desk.support.sendReply')}
            </Button>
          </Form>
        </Card>
      )}
      {error && <Alert type="error" showIcon role="alert" message={error} className="desk-alert" />}
    </div>
  );
}
