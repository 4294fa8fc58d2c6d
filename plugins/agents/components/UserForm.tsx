/**
 * Create or edit a user (/agent/change-ticketing, /agent/change-child-ticketing; `?id=` edits): user name
 * and password (create), contact with the shared validators, role fitting the agency's level, account type,
 * agency in scope, permission group and extra permissions (only grantable ones can be added).
 */
import { useMemo, useState } from 'react';
import { Col, Form, Input, Row, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AdminUser, UserCreated } from '../../../contract/agents';
import { isValidName, isValidPassword } from '../../../contract/validators';
import { useAccount } from '../../../src/sdk';
import { USERS_META, useAgentOptions, useStateChange } from '../api';
import { agenciesFor, groupsFor, rolesForLevel } from '../model/grants';
import { AdminForm, ContactFields, HalfField, StateToggle, blankToNull, check, useAdminForm } from './AdminForm';
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

/** The temporary password the gateway made, shown once. */
export function TempPassword({ password }: { password: string }) {
  const { t } = useTranslation();
  return (
    <>
      <p>{t('agents.users.tempPassword')}</p>
      <Typography.Text className="admin-secret" copyable data-testid="temp-password">
        {password}
      </Typography.Text>
    </>
  );
}

export function UserForm({ resource, listPath, scope }: UserFormProps) {
  const { t } = useTranslation();
  const { agentInfo } = useAccount();
  const { options, query: optionsQuery } = useAgentOptions();
  const [lockedNow, setLockedNow] = useState<boolean | null>(null);
  const change = useStateChange(resource);

  const { formProps, query, formLoading, form, id, record, back } = useAdminForm<AdminUser | UserCreated, UserFormValues>({
    resource,
    meta: USERS_META,
    listPath,
    createdKey: 'agents.users.created',
    createdAnswer: (data) => {
      const password = (data as Partial<UserCreated>).generatedPassword;
      return password ? (
        <div>
          <TempPassword password={password} />
          <p>{t('agents.users.mustChange')}</p>
        </div>
      ) : null;
    },
  });

  const user = record as AdminUser | undefined;
  const initialExtras = useMemo(() => user?.extraPermissions ?? [], [user]);
  const agencies = useMemo(() => agenciesFor(options?.agencies ?? [], agentInfo?.id, scope), [options, agentInfo?.id, scope]);
  const agencyId = Form.useWatch('agencyId', form) as number | undefined;
  const level = agencies.find((a) => a.id === agencyId)?.level;
  const roles = options ? rolesForLevel(options.rolesByLevel, level) : [];
  const groups = options ? groupsFor(options.groups, options.agencies, agencyId) : [];
  const locked = lockedNow ?? user?.locked ?? false;

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

  return (
    <AdminForm<UserFormValues>
      title={t(id ? 'agents.users.editTitle' : 'agents.users.createTitle')}
      loading={(!!id && !user) || !options}
      failed={(!!id && !!query?.isError) || optionsQuery.isError}
      onRetry={() => void (optionsQuery.isError ? optionsQuery.refetch() : query?.refetch())}
      formProps={{
        ...formProps,
        onFinish,
        initialValues: user
          ? { ...user, email: user.email ?? '', phone: user.phone ?? '' }
          : { accountType: 'AGT', extraPermissions: [], agencyId: agentInfo && agencies.some((a) => a.id === agentInfo.id) ? agentInfo.id : agencies[0]?.id },
        onValuesChange: (changed: Partial<UserFormValues>) => {
          if ('agencyId' in changed) form.setFieldsValue({ role: undefined, groupId: null });
        },
      }}
      saving={formLoading}
      onBack={back}
    >
      <Row gutter={16}>
        <HalfField name="username" label={t('agents.users.username')} rules={id ? [] : check((v) => USERNAME_RE.test(v), t('agents.users.usernameRule'), true)} input={{ disabled: !!id }} />
        <Col xs={24} md={12}>
          {!id && (
            <Form.Item name="password" label={t('agents.users.password')} rules={check(isValidPassword, t('auth.password.rule'))} extra={t('agents.users.passwordHint')}>
              <Input.Password autoComplete="new-password" />
            </Form.Item>
          )}
          {id && user && (
            <StateToggle
              label={t('agents.users.status')}
              tag={t(locked ? 'agents.status.locked' : 'agents.status.active')}
              color={locked ? 'red' : 'green'}
              action={t(locked ? 'agents.users.unlock' : 'agents.users.lock')}
              danger={!locked}
              onClick={() => change<AdminUser>(locked ? 'unlock' : 'lock', { id, name: user.username }, (next) => setLockedNow(next.locked))}
            />
          )}
        </Col>
        <HalfField name="fullName" label={t('agents.users.fullName')} rules={check(isValidName, t('agents.validation.name'), true)} />
        <ContactFields phoneLabel={t('agents.users.phone')} />
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
            <Select options={(options?.accountTypes ?? []).map((a) => ({ value: a, label: t(`agents.accountTypes.${a}`) }))} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="groupId" label={t('agents.users.group')}>
            <Select allowClear placeholder={t('agents.users.noGroup')} options={groups.map((g) => ({ value: g.id, label: g.name }))} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="extraPermissions" label={t('agents.users.extraPermissions')} extra={t('agents.users.extraHint')}>
        <PermissionChecklist options={options?.permissions ?? []} initial={initialExtras} />
      </Form.Item>
    </AdminForm>
  );
}
