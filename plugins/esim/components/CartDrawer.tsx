/**
 * The eSIM cart (spec point 6): a drawer opened from the cart button of every eSIM page. Quantities go up and
 * down (reaching 0 removes the line), the total is in VND. Checkout asks the customer's name, e-mail and phone
 * (spec point 5 rules), confirms the total and the deposit after it, then pays from the deposit in one call
 * (a fresh idempotency key per cart, kept for the retries of that cart; the PIN dialog is the api client's).
 * After the payment the header balance is read again and the order opens. Loaded when the cart is first opened
 * (CartButton.tsx).
 */
import { useRef, useState } from 'react';
import { Alert, App, Button, Drawer, Empty, Form, Input, InputNumber, Space, Typography } from 'antd';
import { DeleteOutlined, MinusOutlined, PlusOutlined } from '@ant-design/icons';
import { useCan, useCustom, useCustomMutation, useInvalidate, type HttpError } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DEPOSIT_BALANCE_RESOURCE, type Balance } from '../../../contract/accounting';
import { ESIM_API, ESIM_MAX_QUANTITY, type CheckoutRequest, type CheckoutResult } from '../../../contract/esim';
import { isValidEmail, isValidName, isValidPhone } from '../../../contract/validators';
import { formatVnd, linkTo, messageOf, PAGES } from '../../../src/sdk';
import { BALANCE_URL, COMMAND, newIdempotencyKey, QUIET, RESOURCES } from '../api';
import { cartTotals, checkoutKeyFor, decrement, increment, orderItems, removeItem, setQuantity, type Cart } from '../model/cart';
import { formatMb } from '../model/usage';
import { useCart } from './cart-store';

interface CustomerForm {
  name: string;
  email: string;
  phone: string;
}

function CartLines({ cart, update }: { cart: Cart; update: (change: (c: Cart) => Cart) => void }) {
  const { t } = useTranslation();
  return (
    <ul className="esim-cart-lines" data-testid="esim-cart-lines">
      {cart.map((i) => (
        <li key={i.id} className="esim-cart-line" data-testid="esim-cart-line" data-id={i.id} data-quantity={i.quantityCart}>
          <div className="esim-cart-line-head">
            <Typography.Text strong>{i.name}</Typography.Text>
            <Button type="text" size="small" danger icon={<DeleteOutlined />} aria-label={t('esim.cart.remove', { name: i.name })} onClick={() => update((c) => removeItem(c, i.id))} />
          </div>
          <Typography.Text type="secondary">
            {formatMb(i.dataMb) ?? t('esim.common.unlimited')} · {t('esim.common.days', { count: i.validityDays })} · {formatVnd(i.price)}
          </Typography.Text>
          <div className="esim-cart-line-qty">
            <Space.Compact>
              <Button icon={<MinusOutlined />} aria-label={t('esim.cart.decrease', { name: i.name })} data-testid="esim-cart-dec" onClick={() => update((c) => decrement(c, i.id))} />
              <InputNumber
                min={0}
                max={ESIM_MAX_QUANTITY}
                value={i.quantityCart}
                aria-label={t('esim.cart.quantity', { name: i.name })}
                style={{ width: 64 }}
                onChange={(v) => update((c) => setQuantity(c, i.id, typeof v === 'number' ? v : 0))}
              />
              <Button
                icon={<PlusOutlined />}
                aria-label={t('esim.cart.increase', { name: i.name })}
                data-testid="esim-cart-inc"
                disabled={i.quantityCart >= ESIM_MAX_QUANTITY}
                onClick={() => update((c) => increment(c, i.id))}
              />
            </Space.Compact>
            <Typography.Text strong className="money" data-testid="esim-cart-line-total">
              {formatVnd(i.totalPrice)}
            </Typography.Text>
          </div>
        </li>
      ))}
    </ul>
  );
}

export function CartDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const invalidate = useInvalidate();
  const [cart, update] = useCart();
  const [form] = Form.useForm<CustomerForm>();
  const [error, setError] = useState<string | null>(null);
  const attempt = useRef<{ key: string; signature: string } | null>(null);
  const sending = useRef(false);
  const canCheckout = useCan({ resource: 'esim', action: 'checkout' }).data?.can ?? false;
  const totals = cartTotals(cart);
  const balance = useCustom<Balance>({ url: BALANCE_URL, method: 'get', meta: QUIET, queryOptions: { enabled: open, staleTime: 0 }, errorNotification: false }).query.data?.data;
  const { mutateAsync, mutation } = useCustomMutation<CheckoutResult, HttpError, CheckoutRequest>();

  const pay = async (customer: CustomerForm) => {
    if (sending.current) return;
    sending.current = true;
    setError(null);
    attempt.current = checkoutKeyFor(attempt.current, cart, newIdempotencyKey);
    try {
      const { data } = await mutateAsync({
        url: ESIM_API.orders,
        method: 'post',
        values: { idempotencyKey: attempt.current.key, items: orderItems(cart), customer, expectedTotal: totals.totalPrice },
        meta: COMMAND,
        successNotification: false,
        errorNotification: false,
      });
      attempt.current = null;
      update(() => []);
      form.resetFields();
      void message.success(t('esim.cart.paid', { code: data.order.code, amount: formatVnd(data.amount), balance: formatVnd(data.balanceAfter) }));
      onClose();
      navigate(linkTo(PAGES.esim.order, { id: data.order.id }));
    } catch (e) {
      setError(messageOf(e, t('esim.cart.payFailed')));
    } finally {
      sending.current = false;
      await invalidate({ resource: DEPOSIT_BALANCE_RESOURCE, invalidates: ['resourceAll'] });
      await invalidate({ resource: RESOURCES.orders, invalidates: ['list'] });
    }
  };

  const confirm = async () => {
    let customer: CustomerForm;
    try {
      customer = await form.validateFields();
    } catch {
      return;
    }
    const after = balance ? balance.balance - totals.totalPrice : null;
    const short = balance ? totals.totalPrice > balance.available : false;
    modal.confirm({
      title: t('esim.cart.confirmTitle'),
      content: (
        <div className="esim-confirm" data-testid="esim-confirm">
          <div>{t('esim.cart.confirmText', { count: totals.quantity })}</div>
          <div>
            {t('esim.cart.total')}: <strong data-testid="esim-confirm-amount" data-amount={totals.totalPrice}>{formatVnd(totals.totalPrice)}</strong>
          </div>
          {balance && after !== null ? (
            <div>
              {t('esim.cart.balanceNow')}: {formatVnd(balance.balance)} → {t('esim.cart.balanceAfter')}: <strong>{formatVnd(after)}</strong>
            </div>
          ) : null}
          {short ? <Alert type="error" showIcon message={t('esim.cart.insufficient', { amount: formatVnd(balance?.available ?? 0) })} /> : null}
        </div>
      ),
      okText: t('esim.cart.pay'),
      cancelText: t('esim.common.back'),
      okButtonProps: { disabled: short, 'data-testid': 'esim-confirm-ok' } as never,
      onOk: () => pay({ name: customer.name.trim(), email: customer.email.trim(), phone: customer.phone.trim() }),
    });
  };

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t('esim.cart.title')}
      width="min(480px, 100vw)"
      className="esim-cart"
      data-testid="esim-cart"
      footer={
        cart.length > 0 ? (
          <div className="esim-cart-footer">
            <div className="esim-cart-total">
              <span>{t('esim.cart.totalFor', { count: totals.quantity })}</span>
              <strong className="money" data-testid="esim-cart-total" data-amount={totals.totalPrice}>
                {formatVnd(totals.totalPrice)}
              </strong>
            </div>
            {canCheckout ? (
              <Button type="primary" block size="large" loading={mutation.isPending} onClick={() => void confirm()} data-testid="esim-checkout">
                {t('esim.cart.checkout')}
              </Button>
            ) : null}
          </div>
        ) : null
      }
    >
      {cart.length === 0 ? (
        <Empty description={t('esim.cart.empty')} image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : (
        <>
          <CartLines cart={cart} update={update} />
          <Typography.Title level={5} className="esim-cart-customer-title">
            {t('esim.cart.customer')}
          </Typography.Title>
          <Form<CustomerForm> form={form} layout="vertical" requiredMark="optional" onFinish={() => void confirm()}>
            <Form.Item
              name="name"
              label={t('esim.cart.customerName')}
              rules={[{ required: true, message: t('esim.cart.nameRequired') }, { validator: (_, v: string) => (!v || isValidName(v.trim()) ? Promise.resolve() : Promise.reject(new Error(t('esim.cart.nameRule')))) }]}
            >
              <Input autoComplete="name" maxLength={80} data-testid="esim-customer-name" />
            </Form.Item>
            <Form.Item
              name="email"
              label={t('esim.cart.customerEmail')}
              rules={[{ required: true, message: t('esim.cart.emailRequired') }, { validator: (_, v: string) => (!v || isValidEmail(v.trim()) ? Promise.resolve() : Promise.reject(new Error(t('esim.cart.emailRule')))) }]}
            >
              <Input type="email" autoComplete="email" maxLength={120} data-testid="esim-customer-email" />
            </Form.Item>
            <Form.Item
              name="phone"
              label={t('esim.cart.customerPhone')}
              rules={[{ required: true, message: t('esim.cart.phoneRequired') }, { validator: (_, v: string) => (!v || isValidPhone(v.trim()) ? Promise.resolve() : Promise.reject(new Error(t('esim.cart.phoneRule')))) }]}
            >
              <Input inputMode="tel" autoComplete="tel" maxLength={12} data-testid="esim-customer-phone" />
            </Form.Item>
            <button type="submit" hidden aria-hidden tabIndex={-1} />
          </Form>
          {error ? <Alert type="error" showIcon role="alert" message={error} data-testid="esim-cart-error" /> : null}
        </>
      )}
    </Drawer>
  );
}
