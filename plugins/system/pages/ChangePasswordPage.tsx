/**
 * /system/change-password (open): change one's password while signed in. The gateway then ends every
 * sign-in of the user, so the screen says so and sends the user to /login.
 */
import { useState } from 'react';
import { Alert, App, Button, Form, Input, Progress } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ADMIN_API } from '../../../contract/admin-paths';
import { ErrorCode } from '../../../contract/errors';
import { confirmPasswordRules, getMemberInfo, isApiError, logout, newPasswordRules, PageFrame } from '../../../src/sdk';
import { useCommand } from '../api';
import { STRENGTH_PERCENT, passwordStrength } from '../model/password-strength';
import '../system.css';

interface Values {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

const COLOURS = { none: undefined, weak: '#cf1322', fair: '#d48806', strong: '#389e0d' } as const;

export default function ChangePasswordPage() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const { run, running: saving } = useCommand();
  const [error, setError] = useState<string | null>(null);
  const strength = passwordStrength((Form.useWatch('newPassword', form) as string | undefined) ?? '');

  const onFinish = async (v: Values) => {
    setError(null);
    try {
      await run(ADMIN_API.changePassword, 'post', { oldPassword: v.oldPassword, newPassword: v.newPassword }, { toast: false });
      const username = getMemberInfo()?.username;
      modal.success({
        title: t('system.password.done'),
        content: t('system.password.signInAgain'),
        okText: t('system.password.toLogin'),
        onOk: async () => {
          await logout().catch(() => undefined);
          navigate('/login', { replace: true, state: { username, notice: t('system.password.signInAgain') } });
        },
      });
    } catch (e) {
      setError(isApiError(e) && e.code === ErrorCode.INVALID_CREDENTIALS ? t('system.password.wrongOld') : isApiError(e) && e.message ? e.message : t('system.common.saveError'));
    }
  };

  return (
    <PageFrame title={t('system.password.title')} className="admin-page">
      <div className="admin-form" style={{ maxWidth: 480 }}>
        <Alert type="info" showIcon className="form-alert" message={t('system.password.notice')} />
        {error && <Alert type="error" showIcon role="alert" className="form-alert" message={error} />}
        <Form<Values> form={form} layout="vertical" onFinish={onFinish} disabled={saving}>
          <Form.Item name="oldPassword" label={t('system.password.old')} rules={[{ required: true, message: t('system.validation.required') }]}>
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <Form.Item name="newPassword" label={t('auth.password.new')} rules={newPasswordRules(t)} extra={t('auth.password.hint')}>
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          {strength !== 'none' && (
            <div className="password-strength" aria-live="polite">
              <Progress percent={STRENGTH_PERCENT[strength]} showInfo={false} strokeColor={COLOURS[strength]} size="small" />
              <span>{t(`system.password.strength.${strength}`)}</span>
            </div>
          )}
          <Form.Item name="confirmPassword" label={t('auth.password.confirm')} dependencies={['newPassword']} rules={confirmPasswordRules(t)}>
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={saving}>
            {t('system.password.submit')}
          </Button>
        </Form>
      </div>
    </PageFrame>
  );
}
