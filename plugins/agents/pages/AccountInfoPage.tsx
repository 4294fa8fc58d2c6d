/** /agent/change-account-info (open): the signed-in user's own full name, e-mail and phone. */
import { useState } from 'react';
import { App, Button, Descriptions, Form, Input, Skeleton } from 'antd';
import { useCustom } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { ADMIN_API } from '../../../contract/admin-paths';
import type { AccountInfo } from '../../../contract/agents';
import { isValidEmail, isValidName, isValidPhone } from '../../../contract/validators';
import { isApiError } from '../../../src/sdk';
import { saveAccountInfo } from '../api';
import { AdminPage, LoadError } from '../components/AdminPage';

interface ProfileValues {
  fullName: string;
  email?: string;
  phone?: string;
}

const blankToNull = (v: string | null | undefined): string | null => (v && v.trim() ? v.trim() : null);

export default function AccountInfoPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [saving, setSaving] = useState(false);
  const { query, result } = useCustom<AccountInfo>({ url: ADMIN_API.accountInfo, method: 'get', queryOptions: { queryKey: ['agents', 'account-info'] } });
  const info = query.data ? (result.data as AccountInfo) : undefined;

  const rule = (test: (v: string) => boolean, key: string) => ({
    validator: (_r: unknown, v?: string | null) => (!v || !v.trim() || test(v.trim()) ? Promise.resolve() : Promise.reject(new Error(t(key)))),
  });

  const onFinish = async (v: ProfileValues) => {
    setSaving(true);
    try {
      await saveAccountInfo({ fullName: v.fullName.trim(), email: blankToNull(v.email), phone: blankToNull(v.phone) });
      message.success(t('agents.common.saved'));
      await query.refetch();
    } catch (e) {
      message.error(isApiError(e) && e.message ? e.message : t('agents.common.saveError'));
    } finally {
      setSaving(false);
    }
  };

  const title = t('agents.account.title');
  if (query.isError) {
    return (
      <AdminPage title={title}>
        <LoadError onRetry={() => void query.refetch()} />
      </AdminPage>
    );
  }
  if (!info) {
    return (
      <AdminPage title={title}>
        <Skeleton active />
      </AdminPage>
    );
  }
  return (
    <AdminPage title={title}>
      <div className="admin-form">
        <Descriptions column={{ xs: 1, sm: 2 }} size="small" style={{ marginBottom: 16 }}>
          <Descriptions.Item label={t('agents.users.username')}>{info.username}</Descriptions.Item>
          <Descriptions.Item label={t('agents.users.agency')}>{info.agencyName}</Descriptions.Item>
          <Descriptions.Item label={t('agents.users.role')}>{t(`agents.roles.${info.role}`)}</Descriptions.Item>
          <Descriptions.Item label={t('agents.users.accountType')}>{t(`agents.accountTypes.${info.accountType}`)}</Descriptions.Item>
        </Descriptions>
        <Form<ProfileValues>
          layout="vertical"
          onFinish={onFinish}
          disabled={saving}
          initialValues={{ fullName: info.fullName, email: info.email ?? '', phone: info.phone ?? '' }}
          style={{ maxWidth: 480 }}
        >
          <Form.Item name="fullName" label={t('agents.users.fullName')} rules={[{ required: true, whitespace: true, message: t('agents.validation.name') }, rule(isValidName, 'agents.validation.name')]}>
            <Input autoComplete="name" />
          </Form.Item>
          <Form.Item name="email" label={t('agents.users.email')} rules={[rule(isValidEmail, 'agents.validation.email')]}>
            <Input type="email" autoComplete="email" />
          </Form.Item>
          <Form.Item name="phone" label={t('agents.users.phone')} rules={[rule(isValidPhone, 'agents.validation.phone')]}>
            <Input inputMode="tel" autoComplete="tel" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={saving}>
            {t('agents.common.save')}
          </Button>
        </Form>
      </div>
    </AdminPage>
  );
}
