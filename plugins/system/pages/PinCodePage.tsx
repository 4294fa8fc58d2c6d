/** /system/pin-code (open): set a first 4–6 digit PIN, or change it with the current one. */
import { useState } from 'react';
import { Alert, Button, Form, Input, Skeleton, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { ADMIN_API } from '../../../contract/admin-paths';
import { PIN_MAX_LENGTH, PIN_RE } from '../../../contract/validators';
import { isApiError, LoadError, PageFrame } from '../../../src/sdk';
import { useCommand, usePinStatus } from '../api';

interface Values {
  oldPin?: string;
  newPin: string;
  confirmPin: string;
}


export default function PinCodePage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const { status, query } = usePinStatus();
  const { run, running: saving } = useCommand();
  const [error, setError] = useState<string | null>(null);

  const onFinish = async (v: Values) => {
    setError(null);
    try {
      // a wrong current PIN (403) is this screen's own error, not a trip to /not-allow
      const body = status?.hasPin ? { oldPin: v.oldPin, newPin: v.newPin } : { newPin: v.newPin };
      await run(ADMIN_API.pinCode, 'put', body, { done: status?.hasPin ? 'system.pin.changed' : 'system.pin.set', toast: false, meta: { skipAuthRedirect: true } });
      form.resetFields();
      await query.refetch();
    } catch (e) {
      setError(isApiError(e) && e.status === 403 ? t('system.pin.wrongOld') : isApiError(e) && e.message ? e.message : t('system.common.saveError'));
    }
  };

  const pinRule = { pattern: PIN_RE, message: t('system.pin.rule') };
  const title = t('system.pin.title');
  if (query.isError || !status) {
    return (
      <PageFrame title={title} className="admin-page">
        {query.isError ? <LoadError onRetry={() => void query.refetch()} /> : <Skeleton active />}
      </PageFrame>
    );
  }
  return (
    <PageFrame title={title} className="admin-page" extra={<Tag color={status.hasPin ? 'green' : 'default'}>{t(status.hasPin ? 'system.pin.hasPin' : 'system.pin.noPin')}</Tag>}>
      <div className="admin-form" style={{ maxWidth: 420 }}>
        <Alert type="info" showIcon className="form-alert" message={t('system.pin.explain')} />
        {error && <Alert type="error" showIcon role="alert" className="form-alert" message={error} />}
        <Form<Values> form={form} layout="vertical" onFinish={onFinish} disabled={saving}>
          {status.hasPin && (
            <Form.Item name="oldPin" label={t('system.pin.old')} rules={[{ required: true, message: t('system.validation.required') }, pinRule]}>
              <Input.Password inputMode="numeric" maxLength={PIN_MAX_LENGTH} autoComplete="off" />
            </Form.Item>
          )}
          <Form.Item name="newPin" label={t('system.pin.new')} rules={[{ required: true, message: t('system.validation.required') }, pinRule]} extra={t('system.pin.rule')}>
            <Input.Password inputMode="numeric" maxLength={PIN_MAX_LENGTH} autoComplete="off" />
          </Form.Item>
          <Form.Item
            name="confirmPin"
            label={t('system.pin.confirm')}
            dependencies={['newPin']}
            rules={[
              { required: true, message: t('system.validation.required') },
              ({ getFieldValue }) => ({
                validator: (_r, v?: string) => (!v || v === getFieldValue('newPin') ? Promise.resolve() : Promise.reject(new Error(t('system.pin.mismatch')))),
              }),
            ]}
          >
            <Input.Password inputMode="numeric" maxLength={PIN_MAX_LENGTH} autoComplete="off" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={saving}>
            {t(status.hasPin ? 'system.pin.change' : 'system.pin.setButton')}
          </Button>
        </Form>
      </div>
    </PageFrame>
  );
}
