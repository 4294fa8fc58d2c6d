/** /change-password (no guard): user name, old password, new password with the password rule, the captcha. */
import { useCallback, useRef, useState } from 'react';
import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PublicLayout } from '../../ui/layout/PublicLayout';
import { Captcha, type CaptchaHandle } from '../components/Captcha';
import { postChangePassword } from '../auth-api';
import { loginFailure } from '../login-errors';
import { confirmPasswordRules, newPasswordRules } from '../password-rules';
import { getMemberInfo, isLoggedIn } from '../storage';
import { logout } from '../session';
import type { PublicPageState } from './LoginPage';

interface ChangeValues {
  username: string;
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
  captcha?: string;
}

export default function ChangePasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const state = (useLocation().state ?? {}) as PublicPageState;
  const [form] = Form.useForm<ChangeValues>();
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const captchaRef = useRef<CaptchaHandle>(null);
  const [captchaId, setCaptchaId] = useState('');
  const [captchaOn, setCaptchaOn] = useState(true);
  const onCaptchaId = useCallback((id: string, enabled: boolean) => {
    setCaptchaId(id);
    setCaptchaOn(enabled);
  }, []);
  const username = state.username ?? getMemberInfo()?.username ?? '';

  const onFinish = async (values: ChangeValues) => {
    setSubmitting(true);
    setError(null);
    try {
      await postChangePassword({
        username: values.username.trim(),
        oldPassword: values.oldPassword,
        newPassword: values.newPassword,
        captchaId,
        captcha: (values.captcha ?? '').trim(),
      });
      // the gateway ends the old sessions: sign in again with the new password
      if (isLoggedIn()) await logout();
      navigate('/login', { replace: true, state: { username: values.username.trim(), notice: t('auth.change.success') } satisfies PublicPageState });
    } catch (e) {
      setError(loginFailure(e, t).message);
      // each captcha is used once, right or wrong
      captchaRef.current?.refresh();
      setSubmitting(false);
    }
  };

  return (
    <PublicLayout>
      <Card className="public-card" variant="borderless">
        <Typography.Title level={1} className="public-title">
          {t('auth.change.title')}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{t('auth.change.description')}</Typography.Paragraph>
        {state.notice && !error && <Alert type="warning" showIcon message={state.notice} className="form-alert" />}
        {error && <Alert type="error" showIcon message={error} className="form-alert" role="alert" />}
        <Form<ChangeValues> form={form} layout="vertical" requiredMark={false} onFinish={onFinish} disabled={submitting} initialValues={{ username }}>
          <Form.Item name="username" label={t('auth.login.username')} rules={[{ required: true, whitespace: true, message: t('auth.login.usernameRequired') }]}>
            <Input size="large" prefix={<UserOutlined />} autoComplete="username" autoFocus={!username} />
          </Form.Item>
          <Form.Item name="oldPassword" label={t('auth.change.oldPassword')} rules={[{ required: true, message: t('auth.login.passwordRequired') }]}>
            <Input.Password size="large" prefix={<LockOutlined />} autoComplete="current-password" autoFocus={!!username} />
          </Form.Item>
          <Form.Item name="newPassword" label={t('auth.password.new')} rules={newPasswordRules(t)} extra={t('auth.password.hint')}>
            <Input.Password size="large" prefix={<LockOutlined />} autoComplete="new-password" />
          </Form.Item>
          <Form.Item name="confirmPassword" label={t('auth.password.confirm')} dependencies={['newPassword']} rules={confirmPasswordRules(t)}>
            <Input.Password size="large" prefix={<LockOutlined />} autoComplete="new-password" />
          </Form.Item>
          <Form.Item
            name="captcha"
            label={t('auth.login.captcha')}
            hidden={!captchaOn}
            rules={captchaOn ? [{ required: true, whitespace: true, message: t('auth.login.captchaRequired') }] : []}
          >
            <Captcha ref={captchaRef} onCaptchaId={onCaptchaId} onPressEnter={() => form.submit()} />
          </Form.Item>
          <Button type="primary" htmlType="submit" size="large" block loading={submitting}>
            {t('auth.change.submit')}
          </Button>
        </Form>
        <div className="public-links">
          <Link to={isLoggedIn() ? '/' : '/login'}>{isLoggedIn() ? t('shell.notAllow.home') : t('auth.forgot.back')}</Link>
        </div>
      </Card>
    </PublicLayout>
  );
}
