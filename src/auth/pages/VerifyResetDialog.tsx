/**
 * The verification dialog of the forgot-password flow: the 6-digit code sent by e-mail and the new
 * password (password rule of spec point 5). It carries a message and an isError flag (spec point 8).
 */
import { useState } from 'react';
import { Alert, Button, Form, Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ForgotPasswordResult } from '../../../contract/auth';
import { postVerifyReset } from '../auth-api';
import { loginFailure } from '../login-errors';
import { confirmPasswordRules, newPasswordRules } from '../password-rules';

interface VerifyValues {
  code: string;
  newPassword: string;
  confirmPassword: string;
}

export interface VerifyResetDialogProps {
  open: boolean;
  username: string;
  sent: ForgotPasswordResult | null;
  onClose: () => void;
  onDone: () => void;
  onResend: () => void;
}

export function VerifyResetDialog({ open, username, sent, onClose, onDone, onResend }: VerifyResetDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<VerifyValues>();
  const [status, setStatus] = useState<{ message: string; isError: boolean } | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const done = status !== null && !status.isError;

  const onFinish = async (values: VerifyValues) => {
    setSubmitting(true);
    setStatus(null);
    try {
      await postVerifyReset({ username, code: values.code, newPassword: values.newPassword });
      setStatus({ message: t('auth.verify.success'), isError: false });
    } catch (e) {
      setStatus({ message: loginFailure(e, t).message, isError: true });
    } finally {
      setSubmitting(false);
    }
  };

  const minutes = sent ? Math.max(1, Math.round(sent.expiresInSeconds / 60)) : 0;

  return (
    <Modal
      open={open}
      title={t('auth.verify.title')}
      onCancel={onClose}
      destroyOnHidden
      width={440}
      footer={
        done ? (
          <Button type="primary" onClick={onDone}>
            {t('auth.verify.toLogin')}
          </Button>
        ) : (
          [
            <Button key="resend" onClick={onResend} disabled={submitting}>
              {t('auth.verify.resend')}
            </Button>,
            <Button key="submit" type="primary" loading={submitting} onClick={() => form.submit()}>
              {t('auth.verify.submit')}
            </Button>,
          ]
        )
      }
    >
      {sent && !done && (
        <Typography.Paragraph>{t('auth.verify.sentTo', { email: sent.maskedEmail, minutes })}</Typography.Paragraph>
      )}
      {status && <Alert type={status.isError ? 'error' : 'success'} showIcon message={status.message} className="form-alert" role="alert" />}
      {!done && (
        <Form<VerifyValues> form={form} layout="vertical" requiredMark={false} onFinish={onFinish} disabled={submitting}>
          <Form.Item
            name="code"
            label={t('auth.verify.code')}
            rules={[{ required: true, pattern: /^\d{6}$/, message: t('auth.verify.codeRule') }]}
          >
            <Input.OTP length={6} inputMode="numeric" formatter={(v) => v.replace(/\D/g, '')} aria-label={t('auth.verify.code')} />
          </Form.Item>
          <Form.Item name="newPassword" label={t('auth.password.new')} rules={newPasswordRules(t)} extra={t('auth.password.hint')}>
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item name="confirmPassword" label={t('auth.password.confirm')} dependencies={['newPassword']} rules={confirmPasswordRules(t)}>
            <Input.Password autoComplete="new-password" onPressEnter={() => form.submit()} />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
