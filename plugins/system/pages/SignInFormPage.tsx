/**
 * /system/change-signIn (ADMIN_F1; `?id=` edits): source, office / sign code, user name, password
 * (write-only: left empty on an edit it stays as stored), active, display order.
 */
import { useState } from 'react';
import { App, Button, Col, Form, Input, InputNumber, Row, Select, Skeleton, Space, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { SOURCES } from '../../../contract/flights';
import { isApiError } from '../../../src/sdk';
import { createSignIn, updateSignIn, useSignIns } from '../api';
import { LoadError, SystemPage } from '../components/SystemPage';

interface SignInValues {
  source: string;
  officeCode: string;
  username: string;
  password?: string;
  active: boolean;
  sortOrder: number;
}

export default function SignInFormPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const raw = new URLSearchParams(useLocation().search).get('id');
  const id = raw && /^\d{1,10}$/.test(raw) ? Number(raw) : null;
  const { list, query } = useSignIns();
  const [saving, setSaving] = useState(false);
  const record = id ? list?.items.find((s) => s.id === id) : undefined;
  const title = t(id ? 'system.signins.editTitle' : 'system.signins.createTitle');

  if (query.isError) {
    return (
      <SystemPage title={title}>
        <LoadError onRetry={() => void query.refetch()} />
      </SystemPage>
    );
  }
  if (!list) {
    return (
      <SystemPage title={title}>
        <Skeleton active />
      </SystemPage>
    );
  }
  if (id && (!record || list.inherited)) {
    return (
      <SystemPage title={title}>
        <LoadError />
      </SystemPage>
    );
  }

  const onFinish = async (v: SignInValues) => {
    setSaving(true);
    try {
      const common = { source: v.source as (typeof SOURCES)[number], officeCode: v.officeCode.trim(), username: v.username.trim(), active: v.active, sortOrder: v.sortOrder ?? 0 };
      if (id) await updateSignIn(id, { ...common, ...(v.password ? { password: v.password } : {}) });
      else await createSignIn({ ...common, password: v.password ?? '' });
      message.success(t(id ? 'system.common.saved' : 'system.signins.created'));
      navigate('/system/signIn-config');
    } catch (e) {
      message.error(isApiError(e) && e.message ? e.message : t('system.common.saveError'));
      setSaving(false);
    }
  };

  const nextOrder = list.inherited ? 1 : Math.max(0, ...list.items.map((s) => s.sortOrder)) + 1;

  return (
    <SystemPage title={title}>
      <Form<SignInValues>
        layout="vertical"
        className="admin-form"
        disabled={saving}
        onFinish={onFinish}
        initialValues={record ? { ...record, password: '' } : { source: 'VN', active: true, sortOrder: Math.min(nextOrder, 999) }}
      >
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="source" label={t('system.signins.source')} rules={[{ required: true }]}>
              <Select options={SOURCES.map((s) => ({ value: s, label: `${s} · ${t(`system.sources.${s}`)}` }))} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="officeCode" label={t('system.signins.officeCode')} rules={[{ required: true, whitespace: true, message: t('system.validation.required') }, { max: 40 }]}>
              <Input autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="username" label={t('system.signins.username')} rules={[{ required: true, whitespace: true, message: t('system.validation.required') }, { max: 100 }]}>
              <Input autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="password"
              label={t('system.signins.password')}
              extra={id ? t('system.signins.passwordKeep') : t('system.signins.passwordHint')}
              rules={id ? [{ max: 200 }] : [{ required: true, message: t('system.validation.required') }, { max: 200 }]}
            >
              <Input.Password autoComplete="new-password" placeholder={id ? '********' : undefined} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="active" label={t('system.signins.active')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="sortOrder" label={t('system.signins.order')}>
              <InputNumber min={0} max={999} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
        <Space wrap>
          <Button type="primary" htmlType="submit" loading={saving}>
            {t('system.common.save')}
          </Button>
          <Button onClick={() => navigate('/system/signIn-config')}>{t('system.common.back')}</Button>
        </Space>
      </Form>
    </SystemPage>
  );
}
