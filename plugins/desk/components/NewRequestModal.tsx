/** The form of a new support request: the booking reference, a subject, the message and attachments. */
import { useState } from 'react';
import { Alert, Form, Input, Modal } from 'antd';
import { useCustomMutation, useInvalidate } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import type { UploadResult } from '../../../contract/content';
import { DESK_API } from '../../../contract/desk';
import { BELL_RESOURCE, RESOURCES } from '../api';
import { AttachmentPicker } from './AttachmentPicker';
import { deskError } from './errors';

interface Values {
  pnr: string;
  subject: string;
  body: string;
  attachments?: UploadResult[];
}

export function NewRequestModal({ open, pnr, onClose, onCreated }: { open: boolean; pnr?: string; onClose: () => void; onCreated: (id: number) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [error, setError] = useState<string | null>(null);
  const { mutate, mutation } = useCustomMutation<{ id: number }>();
  const invalidate = useInvalidate();

  const submit = (v: Values) => {
    setError(null);
    mutate(
      {
        url: DESK_API.supportRequests,
        method: 'post',
        values: { pnr: v.pnr.trim().toUpperCase(), subject: v.subject, body: v.body, attachments: (v.attachments ?? []).map((a) => a.id) },
        meta: { silent: true },
        successNotification: () => ({ type: 'success', message: t('desk.support.created') }),
        errorNotification: false,
      },
      {
        onSuccess: ({ data }) => {
          void invalidate({ resource: RESOURCES.support, invalidates: ['list'] });
          void invalidate({ resource: BELL_RESOURCE, invalidates: ['resourceAll'] });
          form.resetFields();
          onCreated(data.id);
        },
        onError: (e) => setError(deskError(t, e)),
      },
    );
  };

  return (
    <Modal
      open={open}
      title={t('desk.support.newTitle')}
      okText={t('desk.support.send')}
      cancelText={t('desk.support.cancel')}
      onOk={() => form.submit()}
      okButtonProps={{ loading: mutation.isPending }}
      onCancel={() => {
        setError(null);
        onClose();
      }}
      destroyOnHidden
    >
      <Form<Values> form={form} layout="vertical" onFinish={submit} initialValues={{ pnr: pnr ?? '', attachments: [] }} scrollToFirstError>
        <Form.Item name="pnr" label={t('desk.support.fields.pnr')} rules={[{ required: true, pattern: /^\s*[A-Za-z0-9]{6}\s*$/, message: t('desk.support.rules.pnr') }]}>
          <Input placeholder={t('desk.support.placeholders.pnr')} maxLength={6} autoFocus data-testid="support-pnr" style={{ textTransform: 'uppercase' }} />
        </Form.Item>
        <Form.Item name="subject" label={t('desk.support.fields.subject')} rules={[{ required: true, whitespace: true, max: 200, message: t('desk.support.rules.subject') }]}>
          <Input placeholder={t('desk.support.placeholders.subject')} maxLength={200} data-testid="support-subject" />
        </Form.Item>
        <Form.Item name="body" label={t('desk.support.fields.body')} rules={[{ required: true, whitespace: true, max: 4000, message: t('desk.support.rules.body') }]}>
          <Input.TextArea rows={4} maxLength={4000} showCount placeholder={t('desk.support.placeholders.body')} data-testid="support-body" />
        </Form.Item>
        <Form.Item name="attachments" label={t('desk.support.fields.attachments')}>
          <AttachmentPicker />
        </Form.Item>
      </Form>
      {error && <Alert type="error" showIcon role="alert" message={error} className="desk-alert" />}
    </Modal>
  );
}
