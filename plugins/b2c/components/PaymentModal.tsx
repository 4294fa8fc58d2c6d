/**
 * Records the customer's payment of an order (it becomes paid) or the refund of a paid order (it is cancelled).
 * One key per opening of the dialog: a retry after a lost answer replays the same call instead of paying twice.
 * The rules are contract/b2c-rules.ts paymentRefusal / refundRefusal; the gateway checks them again.
 */
import { useMemo, useState } from 'react';
import { Alert, Button, Form, Input, Modal, Popconfirm, Radio, Typography } from 'antd';
import { useCustomMutation, useInvalidate, type HttpError } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { B2C_API, b2cPath, PAYMENT_METHODS, paymentRefusal, refundRefusal, type B2cOrder, type PaymentMethod } from '../../../contract/b2c';
import { formatVnd, VndInput } from '../../../src/sdk';
import { RESOURCES } from '../api';

export type PaymentKind = 'payment' | 'refund';

interface Values {
  amount: number | null;
  method: PaymentMethod;
  reference?: string;
  note?: string;
}

export function PaymentModal({ order, kind, onClose }: { order: B2cOrder; kind: PaymentKind; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const invalidate = useInvalidate();
  const { mutateAsync, mutation } = useCustomMutation<B2cOrder, HttpError>();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const key = useMemo(() => crypto.randomUUID(), []);
  const method = Form.useWatch('method', form);
  const amount = Form.useWatch('amount', form);
  const paid = order.paidAmount ?? 0;
  const refund = kind === 'refund';

  const limitText = refund ? t('b2c.payment.refundMax', { amount: formatVnd(paid) }) : order.total !== null ? t('b2c.payment.amountOwed', { amount: formatVnd(order.total) }) : t('b2c.payment.amountQuote');

  /** The same rule as the gateway's, in the customer's words. */
  const check = (v: Values): string | null => {
    const body = { amount: v.amount ?? -1, method: v.method, reference: v.reference?.trim() || null };
    const reason = refund
      ? refundRefusal({ status: order.status, paidAmount: order.paidAmount, refunded: order.refundedAmount !== null }, body)
      : paymentRefusal({ status: order.status, total: order.total, paid: order.paidAmount !== null }, body);
    if (!reason) return null;
    if (reason === 'amount') return refund ? t('b2c.payment.errors.refundAmount', { amount: formatVnd(paid) }) : order.total !== null ? t('b2c.payment.errors.amount', { amount: formatVnd(order.total) }) : t('b2c.payment.errors.amountQuote');
    return t(`b2c.payment.errors.${reason}`);
  };

  const ask = async () => {
    setError(null);
    try {
      const v = await form.validateFields();
      const refused = check(v);
      if (refused) setError(refused);
      else setConfirming(true);
    } catch {
      // the form shows what is missing
    }
  };

  const submit = async () => {
    setConfirming(false);
    const v = form.getFieldsValue();
    try {
      await mutateAsync({
        url: b2cPath(refund ? B2C_API.orderRefund : B2C_API.orderPayment, { id: order.id }),
        method: 'post',
        values: { amount: v.amount, method: v.method, reference: v.reference?.trim() || null, note: v.note?.trim() || null, idempotencyKey: key },
        successNotification: false,
        errorNotification: false,
      });
      await invalidate({ resource: RESOURCES.orders, invalidates: ['list', 'detail'], id: order.id });
      await invalidate({ resource: RESOURCES.tours, invalidates: ['list', 'detail'] });
      onClose();
    } catch (e) {
      const err = e as HttpError & { data?: { reason?: string } };
      const reason = err.data?.reason;
      const known = ['reference', 'alreadyPaid', 'cancelled', 'notPaid', 'alreadyRefunded', 'idempotencyKeyReused'];
      setError(reason === 'amount' ? check({ ...v, amount: -1 }) : reason && known.includes(reason) ? t(`b2c.payment.errors.${reason}`) : (err.message ?? t('b2c.common.failed')));
    }
  };

  return (
    <Modal
      open
      title={refund ? t('b2c.payment.refundTitle') : t('b2c.payment.title')}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onClose}>{t('b2c.common.cancel')}</Button>,
        <Popconfirm
          key="ok"
          open={confirming}
          onOpenChange={(o) => { if (!o) setConfirming(false); }}
          title={refund ? t('b2c.payment.confirmRefund', { amount: formatVnd(amount ?? 0) }) : t('b2c.payment.confirmPay', { amount: formatVnd(amount ?? 0) })}
          okText={t('b2c.common.yes')}
          cancelText={t('b2c.common.no')}
          okButtonProps={{ danger: refund }}
          onConfirm={() => void submit()}
          overlayStyle={{ maxWidth: 320 }}
        >
          <Button type="primary" danger={refund} loading={mutation.isPending} onClick={() => void ask()} data-testid="payment-submit">
            {refund ? t('b2c.payment.refund') : t('b2c.payment.record')}
          </Button>
        </Popconfirm>,
      ]}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{ amount: refund ? paid : order.total, method: 'cash' }}
        onFinish={() => void ask()}
        data-testid="payment-form"
        requiredMark
      >
        <Form.Item name="amount" label={t('b2c.payment.amount')} extra={limitText} rules={[{ required: true, message: refund ? t('b2c.payment.errors.refundAmount', { amount: formatVnd(paid) }) : t('b2c.payment.errors.amountQuote') }]}>
          <VndInput autoFocus aria-label={t('b2c.payment.amount')} data-testid="payment-amount" />
        </Form.Item>
        <Form.Item name="method" label={t('b2c.payment.method')} rules={[{ required: true }]}>
          <Radio.Group optionType="button" options={PAYMENT_METHODS.map((m) => ({ value: m, label: t(`b2c.payment.methods.${m}`) }))} />
        </Form.Item>
        <Form.Item
          name="reference"
          label={t('b2c.payment.reference')}
          hidden={method !== 'transfer'}
          rules={[{ required: method === 'transfer' && !(refund && amount === 0), whitespace: true, message: t('b2c.payment.errors.reference') }]}
        >
          <Input maxLength={100} autoComplete="off" />
        </Form.Item>
        <Form.Item name="note" label={t('b2c.payment.note')}>
          <Input.TextArea maxLength={1000} rows={2} />
        </Form.Item>
        <Typography.Paragraph type="secondary" style={{ marginBottom: error ? 12 : 0 }}>{t('b2c.payment.noDeposit')}</Typography.Paragraph>
        {error && <Alert type="error" showIcon message={error} role="alert" />}
      </Form>
    </Modal>
  );
}
