/** /agent/change-account-info (open): the signed-in user's own full name, e-mail and phone. */
import { Button, Descriptions, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { ADMIN_API } from '../../../contract/admin-paths';
import type { AccountInfo } from '../../../contract/agents';
import { isValidEmail, isValidName, isValidPhone } from '../../../contract/validators';
import { useSingleton } from '../api';
import { SettingsFrame, blankToNull, check } from '../components/AdminForm';

interface ProfileValues {
  fullName: string;
  email?: string;
  phone?: string;
}

export default function AccountInfoPage() {
  const { t } = useTranslation();
  const { record: info, query, save, saving } = useSingleton<AccountInfo>(ADMIN_API.accountInfo);

  const onFinish = (v: ProfileValues) => save({ fullName: v.fullName.trim(), email: blankToNull(v.email), phone: blankToNull(v.phone) }).catch(() => undefined);

  return (
    <SettingsFrame title={t('agents.account.title')} query={query} loaded={!!info}>
      {info && (
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
            <Form.Item name="fullName" label={t('agents.users.fullName')} rules={check(isValidName, t('agents.validation.name'), true)}>
              <Input autoComplete="name" />
            </Form.Item>
            <Form.Item name="email" label={t('agents.users.email')} rules={check(isValidEmail, t('agents.validation.email'))}>
              <Input type="email" autoComplete="email" />
            </Form.Item>
            <Form.Item name="phone" label={t('agents.users.phone')} rules={check(isValidPhone, t('agents.validation.phone'))}>
              <Input inputMode="tel" autoComplete="tel" />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={saving}>
              {t('agents.common.save')}
            </Button>
          </Form>
        </div>
      )}
    </SettingsFrame>
  );
}
