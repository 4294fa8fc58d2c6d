/**
 * /system/change-signIn (ADMIN_F1; `?id=` edits): source, office / sign code, user name, password
 * (write-only: left empty on an edit it stays as stored), active, display order.
 */
import { Col, Form, Input, InputNumber, Row, Select, Switch } from 'antd';
import { useCreate, useUpdate } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { SignIn } from '../../../contract/admin-system';
import { SOURCES } from '../../../contract/flights-rules';
import { SIGNINS, useFailed, useSignIns } from '../api';
import { FormButtons, SystemForm, useEditId } from '../components/SystemForm';

interface SignInValues {
  source: string;
  officeCode: string;
  username: string;
  password?: string;
  active: boolean;
  sortOrder: number;
}

const LIST_PATH = '/system/signIn-config';

export default function SignInFormPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const failed = useFailed();
  const id = useEditId();
  const { list, query } = useSignIns();
  const { mutateAsync: create, mutation: creating } = useCreate<SignIn>();
  const { mutateAsync: update, mutation: updating } = useUpdate<SignIn>();
  const record = id ? list?.rows.find((s) => s.id === id) : undefined;

  const onFinish = async (v: SignInValues) => {
    const common = { source: v.source as (typeof SOURCES)[number], officeCode: v.officeCode.trim(), username: v.username.trim(), active: v.active, sortOrder: v.sortOrder ?? 0 };
    const successNotification = () => ({ type: 'success' as const, message: t(id ? 'system.common.saved' : 'system.signins.created') });
    const options = { ...SIGNINS, successNotification, errorNotification: failed };
    if (id) await update({ ...options, id, values: { ...common, ...(v.password ? { password: v.password } : {}) } });
    else await create({ ...options, values: { ...common, password: v.password ?? '' } });
    navigate(LIST_PATH);
  };

  const nextOrder = !list || list.inherited ? 1 : Math.max(0, ...list.rows.map((s) => s.sortOrder)) + 1;

  return (
    <SystemForm
      title={t(id ? 'system.signins.editTitle' : 'system.signins.createTitle')}
      failed={query.isError || (!!list && !!id && (!record || list.inherited))}
      loading={!list}
      onRetry={query.isError ? () => void query.refetch() : undefined}
    >
      <Form<SignInValues>
        layout="vertical"
        className="admin-form"
        disabled={creating.isPending || updating.isPending}
        onFinish={(v) => void onFinish(v).catch(() => undefined)}
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
        <FormButtons saving={creating.isPending || updating.isPending} listPath={LIST_PATH} />
      </Form>
    </SystemForm>
  );
}
