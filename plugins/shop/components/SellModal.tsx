/**
 * Selling seats of an allotment: the seats, the customer and one passenger per seat; confirmed (with the amount
 * the deposit is charged) before it is sent. A sale is a booking issued at once: the answer names its PNR and
 * links to the booking; a failed issue says the seats stay held in that booking.
 */
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Alert, Button, Form, Input, InputNumber, Modal, Result, Select, Typography } from 'antd';
import { useCustomMutation, useInvalidate } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { ADULT_TITLES } from '../../../contract/bookings-rules';
import { MAX_SALE_SEATS, type ReserveRow, type SaleDone } from '../../../contract/shop';
import { formatVnd, linkTo, PAGES } from '../../../src/sdk';
import { shopUrl } from '../api';
import { passengerSlots, saleAttempt, type PassengerName, type SaleAttempt } from '../model/shop';
import { shopError } from './errors';

interface Values {
  quantity: number;
  customerName: string;
  customerPhone: string;
  passengers: PassengerName[];
}

const NAME = /^[\p{L} ]+$/u;
const PHONE = /^(0[35789]\d{8}|84[1-9]\d{8})$/;
const BIRTHDAY = /^\d{2}\/\d{2}\/\d{4}$/;

const bodyOf = (v: Values) => ({
  quantity: v.quantity,
  customerName: v.customerName.trim(),
  customerPhone: v.customerPhone.trim(),
  passengers: v.passengers.map((p) => ({ title: p.title, firstName: p.firstName.trim(), lastName: p.lastName.trim(), birthday: p.birthday.trim() })),
});

export function SellModal({ reserve, onClose }: { reserve: ReserveRow; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [error, setError] = useState<{ text: string; bookingId?: number } | null>(null);
  const [confirming, setConfirming] = useState<Values | null>(null);
  const [done, setDone] = useState<SaleDone | null>(null);
  const attempt = useRef<SaleAttempt | null>(null);
  const { mutate, mutation } = useCustomMutation<SaleDone>();
  const invalidate = useInvalidate();
  const quantity = Form.useWatch('quantity', form) ?? 1;
  const max = Math.min(MAX_SALE_SEATS, reserve.remaining);

  useEffect(() => {
    form.setFieldValue('passengers', passengerSlots(quantity, form.getFieldValue('passengers') ?? []));
  }, [quantity, form]);

  const send = (v: Values) => {
    setError(null);
    const body = bodyOf(v);
    // the same sale sent again keeps its key: sold and charged once
    attempt.current = saleAttempt(attempt.current, JSON.stringify([reserve.id, body]), () => crypto.randomUUID());
    mutate(
      {
        url: shopUrl.sales(reserve.id),
        method: 'post',
        values: { ...body, idempotencyKey: attempt.current.key },
        meta: { silent: true },
        successNotification: false,
        errorNotification: false,
      },
      {
        onSuccess: (res) => {
          setDone(res.data);
          // the allotments, the bookings and the header's balance
          void invalidate({ invalidates: ['all'] });
        },
        onError: (e) => {
          setConfirming(null);
          // a failed issue: the gateway's words say the charge was reversed and the seats stay held in the booking
          const failed = e as { data?: { bookingId?: unknown }; message?: unknown };
          const bookingId = typeof failed.data?.bookingId === 'number' ? failed.data.bookingId : undefined;
          setError({ text: bookingId !== undefined && typeof failed.message === 'string' && failed.message ? failed.message : shopError(t, e), bookingId });
          void invalidate({ invalidates: ['all'] });
        },
      },
    );
  };

  const bookingLink = (id: number, testId: string) => (
    <Link to={linkTo(PAGES.bookings.detail, { id: String(id) })} data-testid={testId}>
      {t('shop.sell.openBooking')}
    </Link>
  );

  if (done) {
    return (
      <Modal open title={t('shop.sell.title', { flightNo: reserve.flightNo, route: `${reserve.from}-${reserve.to}` })} onCancel={onClose} footer={<Button onClick={onClose} data-testid="sell-close">{t('shop.sell.close')}</Button>} destroyOnHidden>
        <div data-testid="sell-done" role="status">
          <Result
            status="success"
            className="shop-sold"
            title={t('shop.sell.doneTitle', { pnr: done.pnr })}
            subTitle={t('shop.sell.doneText', { amount: formatVnd(done.amount), balance: formatVnd(done.balanceAfter), remaining: done.remaining })}
            extra={bookingLink(done.bookingId, 'sell-booking-link')}
          />
        </div>
      </Modal>
    );
  }

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
          description={t('shop.sell.confirmIssue')}
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
                    <Form.Item name={[f.name, 'title']} label={t('shop.sell.paxTitle')} rules={[{ required: true, message: t('shop.management.rules.required') }]}>
                      <Select options={ADULT_TITLES.map((x) => ({ value: x, label: t(`shop.sell.titles.${x}`) }))} data-testid={`sell-title-${i}`} />
                    </Form.Item>
                    <Form.Item name={[f.name, 'lastName']} label={t('shop.sell.lastName')} rules={[{ required: true, pattern: NAME, max: 40, message: t('shop.sell.rules.name') }]}>
                      <Input maxLength={40} style={{ textTransform: 'uppercase' }} data-testid={`sell-last-${i}`} />
                    </Form.Item>
                    <Form.Item name={[f.name, 'firstName']} label={t('shop.sell.firstName')} rules={[{ required: true, pattern: NAME, max: 40, message: t('shop.sell.rules.name') }]}>
                      <Input maxLength={40} style={{ textTransform: 'uppercase' }} data-testid={`sell-first-${i}`} />
                    </Form.Item>
                    <Form.Item name={[f.name, 'birthday']} label={t('shop.sell.birthday')} rules={[{ required: true, pattern: BIRTHDAY, message: t('shop.sell.rules.birthday') }]}>
                      <Input maxLength={10} placeholder="dd/mm/yyyy" inputMode="numeric" data-testid={`sell-birthday-${i}`} />
                    </Form.Item>
                  </div>
                </fieldset>
              ))
            }
          </Form.List>
          <Typography.Text type="secondary">{`${t('shop.sell.charged')}: ${formatVnd(quantity * reserve.sellPrice)}`}</Typography.Text>
        </Form>
      )}
      {error && (
        <Alert
          type="error"
          showIcon
          role="alert"
          message={error.text}
          action={error.bookingId !== undefined ? bookingLink(error.bookingId, 'sell-error-booking') : undefined}
          className="shop-alert"
          data-testid="sell-error"
        />
      )}
    </Modal>
  );
}
