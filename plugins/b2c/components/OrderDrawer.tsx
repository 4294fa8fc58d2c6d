/**
 * One storefront order in a drawer: details, the moves the status flow allows, the customer's payment (and the
 * refund that cancels a paid order), assignment, notes and history.
 */
import { useState } from 'react';
import { Alert, Button, Descriptions, Drawer, Input, Popconfirm, Select, Skeleton, Space, Timeline, Typography } from 'antd';
import { useCan, useCustom, useCustomMutation, useInvalidate, useOne, type HttpError } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { allowedTransitions, B2C_API, b2cPath, type B2cOrder, type OrderStatus } from '../../../contract/b2c';
import { formatDateTime, formatVnd, LoadError } from '../../../src/sdk';
import { ORDERS_META, RESOURCES } from '../api';
import { PaymentModal, type PaymentKind } from './PaymentModal';
import { OrderStatusTag, orderWhat, TrainB2cStatusTag } from './StatusTags';

export function OrderDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const invalidate = useInvalidate();
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [paying, setPaying] = useState<PaymentKind | null>(null);
  const { result: order, query } = useOne<B2cOrder, HttpError>({ resource: RESOURCES.orders, id: id ?? '', meta: ORDERS_META, queryOptions: { enabled: id !== null }, errorNotification: false });
  const agents = useCustom<{ id: number; name: string }[]>({ url: B2C_API.agents, method: 'get', meta: { overlay: false }, queryOptions: { enabled: id !== null, staleTime: 60_000 }, errorNotification: false }).query.data?.data ?? [];
  const { mutateAsync, mutation } = useCustomMutation<B2cOrder, HttpError>();
  const { data: canStatus } = useCan({ resource: RESOURCES.orders, action: 'status' });
  const { data: canAssign } = useCan({ resource: RESOURCES.orders, action: 'assign' });
  const { data: canPay } = useCan({ resource: RESOURCES.orders, action: 'payment' });
  const { data: canRefund } = useCan({ resource: RESOURCES.orders, action: 'refund' });

  const run = async (url: string, values: object) => {
    setError(null);
    try {
      await mutateAsync({ url, method: 'post', values, successNotification: false, errorNotification: false });
      await invalidate({ resource: RESOURCES.orders, invalidates: ['list', 'detail'], id: id! });
      await invalidate({ resource: RESOURCES.tours, invalidates: ['list', 'detail'] });
    } catch (e) {
      const err = e as HttpError & { data?: { reason?: string } };
      const reason = err.data?.reason;
      setError(
        reason === 'soldOut' ? t('b2c.orders.soldOut')
          : reason === 'transition' ? t('b2c.orders.badTransition')
            : reason === 'paymentRequired' || reason === 'refundRequired' ? t(`b2c.orders.${reason}`)
              : (err.message ?? t('b2c.common.failed')),
      );
    }
  };
  const move = (to: OrderStatus) => run(b2cPath(B2C_API.orderStatus, { id: id! }), { status: to, note: null });

  const body = () => {
    if (query.isError) return <LoadError onRetry={() => void query.refetch()} />;
    if (query.isLoading || !order) return <Skeleton active paragraph={{ rows: 8 }} />;
    // paid is reached by recording the payment, and a paid order is cancelled by recording its refund
    const next = allowedTransitions(order.status).filter((s) => s !== 'paid' && !(order.status === 'paid' && s === 'cancelled'));
    const mayPay = canPay?.can && order.status !== 'paid' && order.status !== 'cancelled';
    const mayRefund = canRefund?.can && order.status === 'paid';
    return (
      <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="order-detail" data-code={order.code}>
        <Descriptions size="small" column={1} bordered>
          <Descriptions.Item label={t('b2c.orders.status')}><OrderStatusTag status={order.status} /> <TrainB2cStatusTag status={order.trainStatus} /></Descriptions.Item>
          <Descriptions.Item label={t('b2c.orders.customer')}>{order.customerName}</Descriptions.Item>
          <Descriptions.Item label={t('b2c.orders.phone')}><a href={`tel:${order.customerPhone}`}>{order.customerPhone}</a></Descriptions.Item>
          <Descriptions.Item label={t('b2c.orders.email')}><a href={`mailto:${order.customerEmail}`}>{order.customerEmail}</a></Descriptions.Item>
          <Descriptions.Item label={t('b2c.orders.what')}>{orderWhat(order, t)}</Descriptions.Item>
          <Descriptions.Item label={t('b2c.orders.pax')}>{t('b2c.orders.paxText', order.pax)}</Descriptions.Item>
          <Descriptions.Item label={t('b2c.orders.total')}>{order.total === null ? t('b2c.orders.quote') : formatVnd(order.total)}</Descriptions.Item>
          {order.note && <Descriptions.Item label={t('b2c.orders.customerNote')}>{order.note}</Descriptions.Item>}
        </Descriptions>
        {order.payments.length > 0 && (
          <div data-testid="order-payments">
            <Typography.Title level={3}>{t('b2c.payment.section')}</Typography.Title>
            {order.payments.map((p) => (
              <Descriptions key={p.id} size="small" column={1} bordered data-testid={`order-${p.kind}`} data-amount={p.amount} style={{ marginBottom: 8 }}>
                <Descriptions.Item label={t(`b2c.payment.kinds.${p.kind}`)}><strong className="money">{formatVnd(p.amount)}</strong></Descriptions.Item>
                <Descriptions.Item label={t('b2c.payment.method')}>{t(`b2c.payment.methods.${p.method}`)}{p.reference ? ` · ${p.reference}` : ''}</Descriptions.Item>
                <Descriptions.Item label={t('b2c.payment.by')}>{p.userName ?? '—'}</Descriptions.Item>
                <Descriptions.Item label={t('b2c.payment.at')}>{formatDateTime(p.at)}</Descriptions.Item>
                {p.note && <Descriptions.Item label={t('b2c.payment.note')}>{p.note}</Descriptions.Item>}
              </Descriptions>
            ))}
          </div>
        )}
        {error && <Alert type="error" showIcon message={error} role="alert" />}
        {((canStatus?.can && next.length > 0) || mayPay || mayRefund) && (
          <Space wrap>
            {canStatus?.can && next.filter((s) => s !== 'cancelled').map((s) => (
              <Popconfirm key={s} title={t('b2c.orders.moveConfirm', { status: t(`b2c.orderStatus.${s}`) })} okText={t('b2c.common.yes')} cancelText={t('b2c.common.no')} onConfirm={() => move(s)}>
                <Button type={s === next[0] ? 'primary' : 'default'} loading={mutation.isPending} data-testid={`order-to-${s}`}>{t(`b2c.orderAction.${s}`)}</Button>
              </Popconfirm>
            ))}
            {mayPay && (
              <Button type={order.status === 'confirmed' ? 'primary' : 'default'} onClick={() => setPaying('payment')} data-testid="order-pay">{t('b2c.payment.record')}</Button>
            )}
            {canStatus?.can && next.includes('cancelled') && (
              <Popconfirm title={t('b2c.orders.cancelConfirm')} okText={t('b2c.common.yes')} cancelText={t('b2c.common.no')} okButtonProps={{ danger: true }} onConfirm={() => move('cancelled')}>
                <Button danger data-testid="order-to-cancelled">{t('b2c.orderAction.cancelled')}</Button>
              </Popconfirm>
            )}
            {mayRefund && <Button danger onClick={() => setPaying('refund')} data-testid="order-refund">{t('b2c.payment.refund')}</Button>}
          </Space>
        )}
        {paying && <PaymentModal order={order} kind={paying} onClose={() => setPaying(null)} />}
        {canAssign?.can && (
          <Select<number | null>
            style={{ width: '100%' }}
            aria-label={t('b2c.orders.assignee')}
            placeholder={t('b2c.orders.assignee')}
            value={order.assigneeId}
            allowClear
            onChange={(v) => void run(b2cPath(B2C_API.orderAssign, { id: order.id }), { userId: v ?? null })}
            options={agents.map((a) => ({ value: a.id, label: a.name }))}
          />
        )}
        <Space.Compact block>
          <Input value={note} maxLength={1000} onChange={(e) => setNote(e.target.value)} placeholder={t('b2c.orders.notePlaceholder')} aria-label={t('b2c.orders.notePlaceholder')} />
          <Button disabled={!note.trim()} onClick={() => void run(b2cPath(B2C_API.orderNotes, { id: order.id }), { note: note.trim() }).then(() => setNote(''))}>{t('b2c.orders.addNote')}</Button>
        </Space.Compact>
        <Typography.Title level={3}>{t('b2c.orders.history')}</Typography.Title>
        <Timeline
          items={order.history.map((h) => ({
            children: (
              <div>
                <div className="muted">{formatDateTime(h.at)}{h.userName ? ` · ${h.userName}` : ''}</div>
                <div>
                  {h.kind === 'created' && t('b2c.history.created')}
                  {h.kind === 'status' && t('b2c.history.status', { from: t(`b2c.orderStatus.${h.from}`), to: t(`b2c.orderStatus.${h.to}`) })}
                  {h.kind === 'assigned' && (h.note ? t('b2c.history.assigned', { name: h.note }) : t('b2c.history.unassigned'))}
                  {h.kind === 'note' && h.note}
                  {(h.kind === 'payment' || h.kind === 'refund') && h.payment && (
                    <>
                      {t(`b2c.history.${h.kind}`, { amount: formatVnd(h.payment.amount), method: `${t(`b2c.payment.methods.${h.payment.method}`)}${h.payment.reference ? ` ${h.payment.reference}` : ''}` })}
                      {h.note && <div className="muted">{h.note}</div>}
                    </>
                  )}
                </div>
              </div>
            ),
          }))}
        />
      </Space>
    );
  };

  return (
    <Drawer open={id !== null} onClose={onClose} title={order ? t('b2c.orders.drawerTitle', { code: order.code }) : t('b2c.orders.title')} width={Math.min(520, typeof window === 'undefined' ? 520 : window.innerWidth)} destroyOnHidden>
      {body()}
    </Drawer>
  );
}
