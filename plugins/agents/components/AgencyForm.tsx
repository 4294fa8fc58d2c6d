/**
 * Create or edit a sub-agency (/agent/change-subAgent) or a child agency (/agent/change-child); `?id=` edits.
 * Name, code, contact, credit limit in VND, products it may sell; suspend / activate after a confirmation.
 */
import { useState } from 'react';
import { Checkbox, Col, Form, Input, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { PRODUCTS, type SubAgency } from '../../../contract/agents';
import { ACCOUNT_TYPES } from '../../../contract/auth';
import { isValidPhone } from '../../../contract/validators';
import { VndInput } from '../../../src/sdk';
import { agencyPaths, useStateChange, type AgencyKind } from '../api';
import { AdminForm, ContactFields, HalfField, StateToggle, blankToNull, check, useAdminForm } from './AdminForm';

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

export interface AgencyFormProps {
  kind: AgencyKind;
  resource: string;
  listPath: string;
}

export function AgencyForm({ kind, resource, listPath }: AgencyFormProps) {
  const { t } = useTranslation();
  const [statusNow, setStatusNow] = useState<string | null>(null);
  const { formProps, query, formLoading, id, record, back } = useAdminForm<SubAgency, AgencyValues>({ resource, meta: agencyPaths(kind).meta, listPath, createdKey: 'agents.agencies.created' });
  const change = useStateChange(resource, kind);
  const status = statusNow ?? record?.status ?? 'active';

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

  return (
    <AdminForm<AgencyValues>
      title={t(id ? 'agents.agencies.editTitle' : 'agents.agencies.createTitle')}
      loading={!!id && !record}
      failed={!!id && !!query?.isError}
      onRetry={() => void query?.refetch()}
      formProps={{
        ...formProps,
        onFinish,
        initialValues: record
          ? { ...record, phone: record.phone ?? '', hotline: record.hotline ?? '', email: record.email ?? '', address: record.address ?? '' }
          : { accountType: 'SUB', creditLimit: 0, products: ['flights'] },
      }}
      saving={formLoading}
      onBack={back}
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
        <HalfField name="name" label={t('agents.agencies.name')} rules={[{ required: true, whitespace: true, message: t('agents.validation.required') }, { max: 200 }]} />
        <Col xs={24} md={12}>
          <Form.Item name="accountType" label={t('agents.users.accountType')}>
            <Select options={ACCOUNT_TYPES.map((a) => ({ value: a, label: t(`agents.accountTypes.${a}`) }))} />
          </Form.Item>
        </Col>
        <ContactFields phoneLabel={t('agents.agencies.phone')} />
        <HalfField name="hotline" label={t('agents.agencies.hotline')} rules={check(isValidPhone, t('agents.validation.phone'))} input={{ inputMode: 'tel' }} />
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
          {id && record && (
            <StateToggle
              label={t('agents.agencies.status')}
              tag={t(`agents.status.${status}`)}
              color={status === 'active' ? 'green' : 'orange'}
              testId="agency-status"
              action={t(status === 'active' ? 'agents.agencies.suspend' : 'agents.agencies.activate')}
              danger={status === 'active'}
              onClick={() => change<SubAgency>(status === 'active' ? 'suspend' : 'activate', { id, name: record.name }, (next) => setStatusNow(next.status))}
            />
          )}
        </Col>
      </Row>
      <Form.Item name="products" label={t('agents.agencies.products')} rules={[{ required: true, type: 'array', min: 1, message: t('agents.agencies.productsRequired') }]}>
        <Checkbox.Group options={PRODUCTS.map((p) => ({ value: p, label: t(`agents.products.${p}`) }))} />
      </Form.Item>
    </AdminForm>
  );
}
