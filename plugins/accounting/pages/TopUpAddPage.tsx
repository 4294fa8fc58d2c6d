/**
 * accounting/deposit-topup/add: ask for a top-up of the own agency's deposit — amount (integer VND typed
 * with thousands separators), the bank transfer's reference and the transfer receipt (image or PDF, 5 MB,
 * checked here and by content on the gateway).
 */
import { useRef, useState } from 'react';
import { Alert, Button, Form, Input, InputNumber, Space, Typography } from 'antd';
import { FileDoneOutlined, LoadingOutlined, UploadOutlined } from '@ant-design/icons';
import { useForm } from '@refinedev/antd';
import type { HttpError } from '@refinedev/core';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { TOPUP_MAX_VND, type TopUpCreate, type TopUpRequest } from '../../../contract/accounting';
import type { UploadResult } from '../../../contract/content';
import { formatVnd, PageFrame, UploadError, useUpload } from '../../../src/sdk';
import { RESOURCES, TOPUPS_META, useErrorText } from '../api';
import { checkReceiptFile, checkTopUpAmount, formatVndInput, parseVndInput, RECEIPT_ACCEPT } from '../model/amount';
import '../accounting.css';

interface Values {
  amount: number | null;
  bankReference: string;
  note?: string;
}

export default function TopUpAddPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const input = useRef<HTMLInputElement>(null);
  const [receipt, setReceipt] = useState<UploadResult | null>(null);
  const [receiptError, setReceiptError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { upload, uploading } = useUpload();
  const { formProps, saveButtonProps } = useForm<TopUpRequest, HttpError, Values>({
    resource: RESOURCES.topUps,
    action: 'create',
    meta: { ...TOPUPS_META, silent: true },
    redirect: false,
    successNotification: (data) => ({ type: 'success', message: t('accounting.add.sent', { amount: formatVnd(data?.data.amount ?? 0) }) }),
    // refusals are shown above the form, in words where the reason is known
    errorNotification: false,
    onMutationError: (e) => setError(errorText(e, ['duplicateReference', 'receiptUsed'], 'accounting.add.errors')),
    onMutationSuccess: () => navigate('/accounting/deposit-topup'),
  });

  const pick = async (file: File | undefined) => {
    if (!file) return;
    setReceiptError(null);
    try {
      setReceipt(await upload(file, 'file', checkReceiptFile));
    } catch (e) {
      const reason = e instanceof UploadError ? e.reason : 'failed';
      setReceipt(null);
      setReceiptError(t(`accounting.add.receiptErrors.${reason}`, { name: file.name }));
    } finally {
      if (input.current) input.current.value = '';
    }
  };

  const submit = (values: Values) => {
    if (!receipt) {
      setReceiptError(t('accounting.add.receiptRequired'));
      return;
    }
    setError(null);
    const body: TopUpCreate = { amount: values.amount ?? 0, bankReference: values.bankReference.trim(), receiptUploadId: receipt.id, note: values.note?.trim() || undefined };
    return formProps.onFinish?.(body as unknown as Values);
  };

  return (
    <PageFrame title={t('accounting.add.title')} className="accounting-page">
      <Typography.Paragraph type="secondary">{t('accounting.add.intro')}</Typography.Paragraph>
      {error && <Alert type="error" showIcon role="alert" className="accounting-alert" message={error} />}
      <Form<Values> form={formProps.form} layout="vertical" className="accounting-form" onFinish={(v) => void submit(v)} requiredMark initialValues={{ amount: null, bankReference: '' }}>
        <Form.Item
          name="amount"
          label={t('accounting.add.amount')}
          required
          rules={[
            {
              validator: (_, value: number | null) => {
                const problem = checkTopUpAmount(value);
                return problem ? Promise.reject(new Error(t(`accounting.add.amountErrors.${problem}`, { max: formatVnd(TOPUP_MAX_VND) }))) : Promise.resolve();
              },
            },
          ]}
        >
          <InputNumber<number>
            style={{ width: '100%' }}
            inputMode="numeric"
            addonAfter="₫"
            min={0}
            formatter={(v) => formatVndInput(v)}
            parser={(v) => parseVndInput(v) ?? 0}
            placeholder="10.000.000"
            data-testid="topup-amount"
          />
        </Form.Item>
        <Form.Item
          name="bankReference"
          label={t('accounting.add.bankReference')}
          extra={t('accounting.add.bankReferenceHint')}
          rules={[{ required: true, whitespace: true, message: t('accounting.add.bankReferenceRequired') }, { max: 64 }]}
        >
          <Input maxLength={64} autoComplete="off" />
        </Form.Item>
        <Form.Item label={t('accounting.add.receipt')} required extra={t('accounting.add.receiptHint')}>
          <Space direction="vertical" style={{ width: '100%' }}>
            <Space wrap>
              <Button icon={uploading ? <LoadingOutlined /> : <UploadOutlined />} onClick={() => input.current?.click()} disabled={uploading}>
                {receipt ? t('accounting.add.receiptReplace') : t('accounting.add.receiptChoose')}
              </Button>
              {receipt && (
                <span className="receipt-name">
                  <FileDoneOutlined /> {receipt.fileName}
                </span>
              )}
            </Space>
            <input ref={input} type="file" accept={RECEIPT_ACCEPT} hidden data-testid="receipt-input" onChange={(e) => void pick(e.target.files?.[0])} />
            {receiptError && <Alert type="error" showIcon role="alert" message={receiptError} />}
          </Space>
        </Form.Item>
        <Form.Item name="note" label={t('accounting.add.note')}>
          <Input.TextArea maxLength={500} autoSize={{ minRows: 2, maxRows: 5 }} />
        </Form.Item>
        <Space wrap>
          <Button type="primary" htmlType="submit" loading={saveButtonProps.loading} disabled={uploading}>
            {t('accounting.add.submit')}
          </Button>
          <Button onClick={() => navigate('/accounting/deposit-topup')}>{t('accounting.common.cancel')}</Button>
        </Space>
      </Form>
    </PageFrame>
  );
}
