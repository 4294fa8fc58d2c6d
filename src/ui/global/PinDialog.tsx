/**
 * The PIN-code dialog of spec point 8 (403 code 120): other dialogs close, the user types the PIN, and the
 * api client repeats the request with the PIN in X-Pin (encryptWithSecret(pin, salt)).
 */
import { useEffect, useRef, useState } from 'react';
import type { InputRef } from 'antd';
import { Alert, Input, Modal, Typography } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PIN_MAX_LENGTH, PIN_RE } from '../../../contract/validators';
import type { PinRequest } from '../../api/bus';

export { PIN_RE };

export default function PinDialog({ request, onDone }: { request: PinRequest; onDone: (pin: string | null) => void }) {
  const { t } = useTranslation();
  const [pin, setPin] = useState('');
  const [touched, setTouched] = useState(false);
  const input = useRef<InputRef>(null);

  useEffect(() => {
    // close whatever dialog asked for the protected operation
    Modal.destroyAll();
    // the PIN field takes the focus at once (the modal's own focus would otherwise land on its frame)
    const frame = requestAnimationFrame(() => input.current?.focus());
    return () => cancelAnimationFrame(frame);
  }, []);

  const valid = PIN_RE.test(pin);
  const submit = () => {
    setTouched(true);
    if (valid) onDone(pin);
  };

  return (
    <Modal
      open
      title={
        <span>
          <LockOutlined /> {t('shell.pin.title')}
        </span>
      }
      okText={t('shell.pin.submit')}
      cancelText={t('shell.pin.cancel')}
      onOk={submit}
      onCancel={() => onDone(null)}
      okButtonProps={{ disabled: !pin }}
      destroyOnHidden
      afterOpenChange={(open) => open && input.current?.focus()}
      width={400}
    >
      <Typography.Paragraph>{t('shell.pin.description')}</Typography.Paragraph>
      {request.invalid && <Alert type="error" showIcon message={t('shell.pin.invalid')} style={{ marginBottom: 12 }} />}
      <Input.Password
        ref={input}
        autoFocus
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={PIN_MAX_LENGTH}
        aria-label={t('shell.pin.label')}
        placeholder={t('shell.pin.placeholder')}
        value={pin}
        onChange={(e) => setPin(e.target.value.replace(/\D/g, ''))}
        onPressEnter={submit}
        status={touched && !valid ? 'error' : undefined}
      />
      {touched && !valid && <Typography.Text type="danger">{t('shell.pin.rule')}</Typography.Text>}
    </Modal>
  );
}
