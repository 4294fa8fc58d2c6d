/**
 * Create or edit a user (/agent/change-ticketing, /agent/change-child-ticketing; `?id=` edits): user name
 * and password (create), contact with the shared validators, role fitting the agency's level, account type,
 * agency in scope, permission group and extra permissions (only grantable ones can be added).
 */
import { useMemo, useState } from 'react';
import { App, Button, Col, Form, Input, Row, Select, Skeleton, Space, Tag, Typography } from 'antd';
import type { FormRule } from 'antd';
import { useForm } from '@refinedev/antd';
import type { HttpError } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { AdminUser, UserCreated } from '../../../contract/agents';
import { isValidEmail, isValidName, isValidPassword, isValidPhone } from '../../../contract/validators';
import { useAccount } from '../../../src/sdk';
import { USERS_META, lockUser, unlockUser, useAgentOptions } from '../api';
import { agenciesFor, editId, groupsFor, rolesForLevel } from '../model/grants';
import { AdminPage, LoadError } from './AdminPage';
import { PermissionChecklist } from './PermissionChecklist';

export interface UserFormValues {
  username?: string;
  password?: string;
  fullName: string;
  email?: string | null;
  phone?: string | null;
  role?: string;
  accountType?: string;
  agencyId?: number;
  groupId?: number | null;
  extraPermissions?: string[];
}

export interface UserFormProps {
  resource: string;
  listPath: string;
  scope: 'all' | 'children';
}

const USERNAME_RE = /^[A-Za-z0-9._-]{3,64}$/;

function check(test: (v: string) => boolean, message: string, required = false): FormRule[] {
  return [
    ...(required ? [{ required: true, whitespace: true, message }] : []),
    { validator: (_r, v: string | undefined | null) => (!v || !v.trim() || test(v.trim()) ? Promise.resolve() : Promise.reject(new Error(message))) },
  ];
}

const blankToNull = (v: string | null | undefined): string | null => (v && v.trim() ? v.trim() : null);

export function UserForm({ resource, listPath, scope }: UserFormProps) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const id = editId(useLocation().search);
  const { agentInfo } = useAccount();
  const { options, query: optionsQuery } = useAgentOptions();
  const [lockedNow, setLockedNow] = useState<boolean | null>(null);

  const { formProps, query, formLoading, form } = useForm<AdminUser | UserCreated, HttpError, UserFormValues>({
    resource,
    action: id ? 'edit' : 'create',
    id: id ?? undefined,
    meta: USERS_META,
    redirect: false,
    successNotification: false,
    onMutationSuccess: (data) => {
      const created = data.data as Partial<UserCreated>;
      const done = () => navigate(listPath);
      if (!id && created.generatedPassword) {
        modal.success({
          title: t('agents.users.created'),
          content: (
            <div>
              <p>{t('agents.users.tempPassword')}</p>
              <Typography.Text className="admin-secret" copyable data-testid="temp-password">
                {created.generatedPassword}
              </Typography.Text>
              <p>{t('agents.users.mustChange')}</p>
            </div>
          ),
          onOk: done,
        });
      } else {
        message.success(t(id ? 'agents.common.saved' : 'agents.users.created'));
        done();
      }
    },
  });

  const record = id ? (query?.data?.data as AdminUser | undefined) : undefined;
  const initialExtras = useMemo(() => record?.extraPermissions ?? [], [record]);
  const agencies = useMemo(() => agenciesFor(options?.agencies ?? [], agentInfo?.id, scope), [options, agentInfo?.id, scope]);
  const agencyId = Form.useWatch('agencyId', form) as number | undefined;
  const level = agencies.find((a) => a.id === agencyId)?.level;
  const roles = options ? rolesForLevel(options.rolesByLevel, level) : [];
  const groups = options ? groupsFor(options.groups, options.agencies, agencyId) : [];
  const locked = lockedNow ?? record?.locked ?? false;

  const onFinish = (values: UserFormValues) => {
    const common = {
      fullName: values.fullName.trim(),
      email: blankToNull(values.email),
      phone: blankToNull(values.phone),
      role: values.role,
      accountType: values.accountType,
      agencyId: values.agencyId,
      groupId: values.groupId ?? null,
      extraPermissions: values.extraPermissions ?? [],
    };
    const body = id ? common : { ...common, username: values.username?.trim(), ...(values.password ? { password: values.password } : {}) };
    return formProps.onFinish?.(body as UserFormValues);
  };

  const toggleLock = () => {
    if (!id) return;
    modal.confirm({
      title: t(locked ? 'agents.users.unlockTitle' : 'agents.users.lockTitle', { username: record?.username ?? '' }),
      content: t(locked ? 'agents.users.unlockText' : 'agents.users.lockText'),
      okText: t(locked ? 'agents.users.unlock' : 'agents.users.lock'),
      okButtonProps: { danger: !locked },
      cancelText: t('agents.common.cancel'),
      onOk: async () => {
        try {
          const user = await (locked ? unlockUser(id) : lockUser(id));
          setLockedNow(user.locked);
          message.success(t(user.locked ? 'agents.users.locked' : 'agents.users.unlocked'));
        } catch (e) {
          message.error(e instanceof Error && e.message ? e.message : t('agents.common.saveError'));
        }
      },
    });
  };

  const title = t(id ? 'agents.users.editTitle' : 'agents.users.createTitle');
  if ((id && query?.isError) || optionsQuery.isError) {
    return (
      <AdminPage title={title}>
        <LoadError onRetry={() => void (optionsQuery.isError ? optionsQuery.refetch() : query?.refetch())} />
      </AdminPage>
    );
  }
  if ((id && !record) || !options) {
    return (
      <AdminPage title={title}>
        <Skeleton active paragraph={{ rows: 8 }} />
      </AdminPage>
    );
  }

  return (
    <AdminPage title={title}>
      <Form<UserFormValues>
        {...formProps}
        layout="vertical"
        className="admin-form"
        onFinish={onFinish}
        initialValues={
          record
            ? { ...record, email: record.email ?? '', phone: record.phone ?? '' }
            : { accountType: 'AGT', extraPermissions: [], agencyId: agentInfo && agencies.some((a) => a.id === agentInfo.id) ? agentInfo.id : agencies[0]?.id }
        }
        onValuesChange={(changed: Partial<UserFormValues>) => {
          if ('agencyId' in changed) form.setFieldsValue({ role: undefined, groupId: null });
        }}
      >
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="username" label={t('agents.users.username')} rules={id ? [] : check((v) => USERNAME_RE.test(v), t('agents.users.usernameRule'), true)}>
              <Input disabled={!!id} autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            {!id && (
              <Form.Item name="password" label={t('agents.users.password')} rules={check(isValidPassword, t('auth.password.rule'))} extra={t('agents.users.passwordHint')}>
                <Input.Password autoComplete="new-password" />
              </Form.Item>
            )}
            {id && (
              <Form.Item label={t('agents.users.status')}>
                <Space wrap>
                  <Tag color={locked ? 'red' : 'green'}>{t(locked ? 'agents.status.locked' : 'agents.status.active')}</Tag>
                  <Button size="small" danger={!locked} onClick={toggleLock}>
                    {t(locked ? 'agents.users.unlock' : 'agents.users.lock')}
                  </Button>
                </Space>
              </Form.Item>
            )}
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="fullName" label={t('agents.users.fullName')} rules={check(isValidName, t('agents.validation.name'), true)}>
              <Input autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="email" label={t('agents.users.email')} rules={check(isValidEmail, t('agents.validation.email'))}>
              <Input type="email" autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="phone" label={t('agents.users.phone')} rules={check(isValidPhone, t('agents.validation.phone'))}>
              <Input inputMode="tel" autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="agencyId" label={t('agents.users.agency')} rules={[{ required: true, message: t('agents.validation.required') }]}>
              <Select showSearch optionFilterProp="label" options={agencies.map((a) => ({ value: a.id, label: `${a.code} · ${a.name}` }))} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="role" label={t('agents.users.role')} rules={[{ required: true, message: t('agents.validation.required') }]}>
              <Select options={roles.map((r) => ({ value: r, label: t(`agents.roles.${r}`) }))} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="accountType" label={t('agents.users.accountType')} rules={[{ required: true, message: t('agents.validation.required') }]}>
              <Select options={options.accountTypes.map((a) => ({ value: a, label: t(`agents.accountTypes.${a}`) }))} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="groupId" label={t('agents.users.group')}>
              <Select allowClear placeholder={t('agents.users.noGroup')} options={groups.map((g) => ({ value: g.id, label: g.name }))} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="extraPermissions" label={t('agents.users.extraPermissions')} extra={t('agents.users.extraHint')}>
          <PermissionChecklist options={options.permissions} initial={initialExtras} />
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
