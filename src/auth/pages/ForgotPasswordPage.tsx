/** /forgot-password: user name + captcha; the gateway e-mails a code; the verification dialog resets. */
import { useCallback, useRef, useState } from 'react';
import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ForgotPasswordResult } from '../../../contract/auth';
import { PublicLayout } from '../../ui/layout/PublicLayout';
import { postForgotPassword } from '../auth-api';
import { Captcha, type CaptchaHandle } from '../components/Captcha';
import { loginFailure } from '../login-errors';
import { VerifyResetDialog } from './VerifyResetDialog';
import type { PublicPageState } from './LoginPage';

interface ForgotValues {
  username: string;
  captcha?: string;
}

export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<ForgotValues>();
  const captchaRef = useRef<CaptchaHandle>(null);
  const [captchaId, setCaptchaId] = useState('');
  const [captchaOn, setCaptchaOn] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [sent, setSent] = useState<ForgotPasswordResult | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [username, setUsername] = useState('');
  const onCaptchaId = useCallback((id: string, enabled: boolean) => {
    setCaptchaId(id);
    setCaptchaOn(enabled);
  }, []);

  const onFinish = async (values: ForgotValues) => {
    setSubmitting(true);
    setError(null);
    const name = values.username.trim();
    try {
      const result = await postForgotPassword({ username: name, captchaId, captcha: (values.captcha ?? '').trim() });
      setUsername(name);
      setSent(result);
      setDialogOpen(true);
    } catch (e) {
      setError(loginFailure(e, t).message);
    } finally {
      setSubmitting(false);
      captchaRef.current?.refresh();
    }
  };

  return (
    <PublicLayout>
      <Card className="public-card" variant="borderless">
        <Typography.Title level={1} className="public-title">
          {t('auth.forgot.title')}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{t('auth.forgot.description')}</Typography.Paragraph>
        {error && <Alert type="error" showIcon message={error} className="form-alert" role="alert" />}
        {sent && !dialogOpen && (
          <Alert
            type="info"
            showIcon
            className="form-alert"
            message={t('auth.forgot.sent', { email: sent.maskedEmail })}
            action={
              <Button size="small" onClick={() => setDialogOpen(true)}>
                {t('auth.forgot.enterCode')}
              </Button>
            }
          />
        )}
        <Form<ForgotValues> form={form} layout="vertical" requiredMark={false} onFinish={onFinish} disabled={submitting}>
          <Form.Item name="username" label={t('auth.login.username')} rules={[{ required: true, whitespace: true, message: t('auth.login.usernameRequired') }]}>
            <Input size="large" prefix={<UserOutlined />} autoComplete="username" autoFocus />
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
            {t('auth.forgot.submit')}
          </Button>
        </Form>
        <div className="public-links">
          <Link to="/login">{t('auth.forgot.back')}</Link>
        </div>
      </Card>
      <VerifyResetDialog
        open={dialogOpen}
        username={username}
        sent={sent}
        onClose={() => setDialogOpen(false)}
        onResend={() => {
          setDialogOpen(false);
          form.setFieldValue('username', username);
        }}
        onDone={() => navigate('/login', { replace: true, state: { username, notice: t('auth.verify.success') } satisfies PublicPageState })}
      />
    </PublicLayout>
  );
}
