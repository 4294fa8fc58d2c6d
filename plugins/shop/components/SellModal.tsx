/** Selling seats of an allotment: the seats, the customer and one name per seat; confirmed before it is sent. */
import { useEffect, useState } from 'react';
import { Alert, Form, Input, InputNumber, Modal, Typography } from 'antd';
import { useCustomMutation, useInvalidate } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { MAX_SALE_SEATS, type ReserveRow } from '../../../contract/shop';
import { formatVnd } from '../../../src/sdk';
import { RESOURCES, shopUrl } from '../api';
import { passengerSlots, type PassengerName } from '../model/shop';
import { shopError } from './errors';

interface Values {
  quantity: number;
  customerName: string;
  customerPhone: string;
  passengers: PassengerName[];
}

const NAME = /^[\p{L} ]+$/u;
const PHONE = /^(0[35789]\d{8}|84[1-9]\d{8})$/;

export function SellModal({ reserve, onClose }: { reserve: ReserveRow; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<Values | null>(null);
  const { mutate, mutation } = useCustomMutation<{ remaining: number; amount: number }>();
  const invalidate = useInvalidate();
  const quantity = Form.useWatch('quantity', form) ?? 1;
  const max = Math.min(MAX_SALE_SEATS, reserve.remaining);

  useEffect(() => {
    form.setFieldValue('passengers', passengerSlots(quantity, form.getFieldValue('passengers') ?? []));
  }, [quantity, form]);

  const send = (v: Values) => {
    setError(null);
    mutate(
      {
        url: shopUrl.sales(reserve.id),
        method: 'post',
        values: { quantity: v.quantity, customerName: v.customerName.trim(), customerPhone: v.customerPhone.trim(), passengers: v.passengers.map((p) => ({ firstName: p.firstName.trim(), lastName: p.lastName.trim() })) },
        meta: { silent: true },
        successNotification: (res) => ({ type: 'success', message: t('shop.sell.done', { count: v.quantity, remaining: res?.data.remaining ?? 0 }) }),
        errorNotification: false,
      },
      {
        onSuccess: () => {
          void invalidate({ resource: RESOURCES.reserves, invalidates: ['list', 'detail'] });
          onClose();
        },
        onError: (e) => {
          setConfirming(null);
          setError(shopError(t, e));
          void invalidate({ resource: RESOURCES.reserves, invalidates: ['list'] });
        },
      },
    );
  };

  return (
    <Modal
      open
      title={t('shop.sell.title', { flightNo: reserve.flightNo, route: `${reserve.from}-${reserve.to}` })}
      okText={confirming ? t('shop.sell.submit') : t('shop.sell.action')}
      cancelText={t('shop.cancel')}
      onOk={() => (confirming ? send(confirming) : form.submit())}
      okButtonProps={{ loading: mutation.isPending, danger: Boolean(confirming), ...({ 'data-testid': 'sell-ok' } as Record<string, string>) }}
      onCancel={() => (confirming ? setConfirming(null) : onClose())}
      destroyOnHidden
    >
      {confirming ? (
        <Alert
          type="warning"
          showIcon
          role="alert"
          data-testid="sell-confirm"
          message={t('shop.sell.confirm', { count: confirming.quantity, amount: formatVnd(confirming.quantity * reserve.sellPrice) })}
        />
      ) : (
        <Form<Values>
          form={form}
          layout="vertical"
          onFinish={(v) => setConfirming(v)}
          initialValues={{ quantity: 1, customerName: '', customerPhone: '', passengers: passengerSlots(1, []) }}
          scrollToFirstError
        >
          <Form.Item name="quantity" label={t('shop.sell.quantity')} rules={[{ required: true, type: 'integer', min: 1, max, message: t('shop.management.rules.quantity', { max }) }]}>
            <InputNumber min={1} max={max} precision={0} autoFocus data-testid="sell-quantity" />
          </Form.Item>
          <Form.Item name="customerName" label={t('shop.sell.customerName')} rules={[{ required: true, whitespace: true, max: 100, message: t('shop.management.rules.required') }]}>
            <Input maxLength={100} data-testid="sell-customer" />
          </Form.Item>
          <Form.Item name="customerPhone" label={t('shop.sell.customerPhone')} rules={[{ required: true, pattern: PHONE, message: t('shop.sell.rules.phone') }]}>
            <Input inputMode="tel" maxLength={11} data-testid="sell-phone" />
          </Form.Item>
          <Form.List name="passengers">
            {(fields) =>
              fields.map((f, i) => (
                <fieldset key={f.key} className="shop-passenger">
                  <Typography.Text strong>{t('shop.sell.passenger', { n: i + 1 })}</Typography.Text>
                  <div className="shop-passenger-names">
                    <Form.Item name={[f.name, 'lastName']} label={t('shop.sell.lastName')} rules={[{ required: true, pattern: NAME, max: 40, message: t('shop.sell.rules.name') }]}>
                      <Input maxLength={40} style={{ textTransform: 'uppercase' }} data-testid={`sell-last-${i}`} />
                    </Form.Item>
                    <Form.Item name={[f.name, 'firstName']} label={t('shop.sell.firstName')} rules={[{ required: true, pattern: NAME, max: 40, message: t('shop.sell.rules.name') }]}>
                      <Input maxLength={40} style={{ textTransform: 'uppercase' }} data-testid={`sell-first-${i}`} />
                    </Form.Item>
                  </div>
                </fieldset>
              ))
            }
          </Form.List>
          <Typography.Text type="secondary">{`${t('shop.columns.sellPrice')}: ${formatVnd(quantity * reserve.sellPrice)}`}</Typography.Text>
        </Form>
      )}
      {error && <Alert type="error" showIcon role="alert" message={error} className="shop-alert" data-testid="sell-error" />}
    </Modal>
  );
}
