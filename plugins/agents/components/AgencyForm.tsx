/**
 * Create or edit a sub-agency (/agent/change-subAgent) or a child agency (/agent/change-child); `?id=` edits.
 * Name, code, contact, credit limit in VND, products it may sell; suspend / activate after a confirmation.
 */
import { useState } from 'react';
import { App, Button, Checkbox, Col, Form, Input, Row, Select, Skeleton, Space, Tag } from 'antd';
import type { FormRule } from 'antd';
import { useForm } from '@refinedev/antd';
import type { HttpError } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { PRODUCTS, type SubAgency } from '../../../contract/agents';
import { ACCOUNT_TYPES } from '../../../contract/auth';
import { isValidEmail, isValidPhone } from '../../../contract/validators';
import { agencyPaths, setAgencyStatus, type AgencyKind } from '../api';
import { editId } from '../model/grants';
import { AdminPage, LoadError } from './AdminPage';
import { VndInput } from '../../../src/sdk';

interface AgencyValues {
  code?: string;
  name: string;
  accountType: string;
  phone?: string | null;
  hotline?: string | null;
  email?: string | null;
  address?: string | null;
  creditLimit: number;
  products: string[];
}

const CODE_RE = /^[A-Z0-9][A-Z0-9-]{1,31}$/;
const blankToNull = (v: string | null | undefined): string | null => (v && v.trim() ? v.trim() : null);

export interface AgencyFormProps {
  kind: AgencyKind;
  resource: string;
  listPath: string;
}

export function AgencyForm({ kind, resource, listPath }: AgencyFormProps) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const id = editId(useLocation().search);
  const [statusNow, setStatusNow] = useState<string | null>(null);
  const { formProps, query, formLoading } = useForm<SubAgency, HttpError, AgencyValues>({
    resource,
    action: id ? 'edit' : 'create',
    id: id ?? undefined,
    meta: agencyPaths(kind).meta,
    redirect: false,
    successNotification: false,
    onMutationSuccess: () => {
      message.success(t(id ? 'agents.common.saved' : 'agents.agencies.created'));
      navigate(listPath);
    },
  });
  const record = id ? query?.data?.data : undefined;
  const status = statusNow ?? record?.status ?? 'active';
  const phoneRule = (msg: string): FormRule => ({ validator: (_r, v?: string | null) => (!v || !v.trim() || isValidPhone(v.trim()) ? Promise.resolve() : Promise.reject(new Error(msg))) });

  const onFinish = (values: AgencyValues) => {
    const body = {
      name: values.name.trim(),
      accountType: values.accountType,
      phone: blankToNull(values.phone),
      hotline: blankToNull(values.hotline),
      email: blankToNull(values.email),
      address: blankToNull(values.address),
      creditLimit: values.creditLimit ?? 0,
      products: values.products ?? [],
      ...(id ? {} : { code: values.code?.trim().toUpperCase() }),
    };
    return formProps.onFinish?.(body as AgencyValues);
  };

  const toggleStatus = () => {
    if (!id || !record) return;
    const suspending = status === 'active';
    modal.confirm({
      title: t(suspending ? 'agents.agencies.suspendTitle' : 'agents.agencies.activateTitle', { name: record.name }),
      content: t(suspending ? 'agents.agencies.suspendText' : 'agents.agencies.activateText'),
      okText: t(suspending ? 'agents.agencies.suspend' : 'agents.agencies.activate'),
      okButtonProps: { danger: suspending },
      cancelText: t('agents.common.cancel'),
      onOk: async () => {
        try {
          const next = await setAgencyStatus(kind, id, suspending ? 'suspended' : 'active');
          setStatusNow(next.status);
          message.success(t(suspending ? 'agents.agencies.suspended' : 'agents.agencies.activated'));
        } catch (e) {
          message.error(e instanceof Error && e.message ? e.message : t('agents.common.saveError'));
        }
      },
    });
  };

  const title = t(id ? 'agents.agencies.editTitle' : 'agents.agencies.createTitle');
  if (id && query?.isError) {
    return (
      <AdminPage title={title}>
        <LoadError onRetry={() => void query.refetch()} />
      </AdminPage>
    );
  }
  if (id && !record) {
    return (
      <AdminPage title={title}>
        <Skeleton active paragraph={{ rows: 8 }} />
      </AdminPage>
    );
  }

  return (
    <AdminPage title={title}>
      <Form<AgencyValues>
        {...formProps}
        layout="vertical"
        className="admin-form"
        onFinish={onFinish}
        initialValues={
          record
            ? { ...record, phone: record.phone ?? '', hotline: record.hotline ?? '', email: record.email ?? '', address: record.address ?? '' }
            : { accountType: 'SUB', creditLimit: 0, products: ['flights'] }
        }
      >
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item
              name="code"
              label={t('agents.agencies.code')}
              normalize={(v?: string) => v?.toUpperCase()}
              rules={id ? [] : [{ required: true, message: t('agents.validation.required') }, { pattern: CODE_RE, message: t('agents.validation.code') }]}
            >
              <Input disabled={!!id} autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="name" label={t('agents.agencies.name')} rules={[{ required: true, whitespace: true, message: t('agents.validation.required') }, { max: 200 }]}>
              <Input autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="accountType" label={t('agents.users.accountType')}>
              <Select options={ACCOUNT_TYPES.map((a) => ({ value: a, label: t(`agents.accountTypes.${a}`) }))} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="email" label={t('agents.users.email')} rules={[{ validator: (_r, v?: string | null) => (!v || !v.trim() || isValidEmail(v.trim()) ? Promise.resolve() : Promise.reject(new Error(t('agents.validation.email')))) }]}>
              <Input type="email" autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="phone" label={t('agents.agencies.phone')} rules={[phoneRule(t('agents.validation.phone'))]}>
              <Input inputMode="tel" autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="hotline" label={t('agents.agencies.hotline')} rules={[phoneRule(t('agents.validation.phone'))]}>
              <Input inputMode="tel" autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item name="address" label={t('agents.agencies.address')} rules={[{ max: 300 }]}>
              <Input autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="creditLimit" label={t('agents.agencies.creditLimit')} extra={t('agents.agencies.creditHint')}>
              <VndInput aria-label={t('agents.agencies.creditLimit')} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            {id && (
              <Form.Item label={t('agents.agencies.status')}>
                <Space wrap>
                  <Tag color={status === 'active' ? 'green' : 'orange'} data-testid="agency-status">
                    {t(`agents.status.${status}`)}
                  </Tag>
                  <Button size="small" danger={status === 'active'} onClick={toggleStatus}>
                    {t(status === 'active' ? 'agents.agencies.suspend' : 'agents.agencies.activate')}
                  </Button>
                </Space>
              </Form.Item>
            )}
          </Col>
        </Row>
        <Form.Item name="products" label={t('agents.agencies.products')} rules={[{ required: true, type: 'array', min: 1, message: t('agents.agencies.productsRequired') }]}>
          <Checkbox.Group options={PRODUCTS.map((p) => ({ value: p, label: t(`agents.products.${p}`) }))} />
        </Form.Item>
        <Space wrap>
          <Button type="primary" htmlType="submit" loading={formLoading}>
            {t('agents.common.save')}
          </Button>
          <Button onClick={() => navigate(listPath)}>{t('agents.common.back')}</Button>
        </Space>
      </Form>
    </AdminPage>
  );
}
