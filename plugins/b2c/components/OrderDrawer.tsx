/** One storefront order in a drawer: details, the moves the status flow allows, assignment, notes and history. */
import { useState } from 'react';
import { Alert, Button, Descriptions, Drawer, Input, Popconfirm, Select, Skeleton, Space, Timeline, Typography } from 'antd';
import { useCan, useCustom, useCustomMutation, useInvalidate, useOne, type HttpError } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { allowedTransitions, B2C_API, b2cPath, type B2cOrder, type OrderStatus } from '../../../contract/b2c';
import { formatDate, formatDateTime, formatVnd, LoadError } from '../../../src/sdk';
import { ORDERS_META, RESOURCES } from '../api';
import { OrderStatusTag } from './StatusTags';

export function OrderDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const invalidate = useInvalidate();
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { result: order, query } = useOne<B2cOrder, HttpError>({ resource: RESOURCES.orders, id: id ?? '', meta: ORDERS_META, queryOptions: { enabled: id !== null }, errorNotification: false });
  const agents = useCustom<{ id: number; name: string }[]>({ url: B2C_API.agents, method: 'get', meta: { overlay: false }, queryOptions: { enabled: id !== null, staleTime: 60_000 }, errorNotification: false }).query.data?.data ?? [];
  const { mutateAsync, mutation } = useCustomMutation<B2cOrder, HttpError>();
  const { data: canStatus } = useCan({ resource: RESOURCES.orders, action: 'status' });
  const { data: canAssign } = useCan({ resource: RESOURCES.orders, action: 'assign' });

  const run = async (url: string, values: object) => {
    setError(null);
    try {
      await mutateAsync({ url, method: 'post', values, successNotification: false, errorNotification: false });
      await invalidate({ resource: RESOURCES.orders, invalidates: ['list', 'detail'], id: id! });
      await invalidate({ resource: RESOURCES.tours, invalidates: ['list', 'detail'] });
    } catch (e) {
      const err = e as HttpError & { data?: { reason?: string } };
      setError(err.data?.reason === 'soldOut' ? t('b2c.orders.soldOut') : err.data?.reason === 'transition' ? t('b2c.orders.badTransition') : (err.message ?? t('b2c.common.failed')));
    }
  };
  const move = (to: OrderStatus) => run(b2cPath(B2C_API.orderStatus, { id: id! }), { status: to, note: null });

  const body = () => {
    if (query.isError) return <LoadError onRetry={() => void query.refetch()} />;
    if (query.isLoading || !order) return <Skeleton active paragraph={{ rows: 8 }} />;
    const next = allowedTransitions(order.status);
    return (
      <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="order-detail" data-code={order.code}>
        <Descriptions size="small" column={1} bordered>
          <Descriptions.Item label={t('b2c.orders.status')}><OrderStatusTag status={order.status} /></Descriptions.Item>
          <Descriptions.Item label={t('b2c.orders.customer')}>{order.customerName}</Descriptions.Item>
          <Descriptions.Item label={t('b2c.orders.phone')}><a href={`tel:${order.customerPhone}`}>{order.customerPhone}</a></Descriptions.Item>
          <Descriptions.Item label={t('b2c.orders.email')}><a href={`mailto:${order.customerEmail}`}>{order.customerEmail}</a></Descriptions.Item>
          <Descriptions.Item label={t('b2c.orders.what')}>
            {order.kind === 'tour' ? `${order.tourTitle ?? '—'} · ${order.departureDate ? formatDate(order.departureDate) : ''}` : order.flight ? `${order.flight.from} → ${order.flight.to} · ${formatDate(order.flight.date)}` : '—'}
          </Descriptions.Item>
          <Descriptions.Item label={t('b2c.orders.pax')}>{t('b2c.orders.paxText', order.pax)}</Descriptions.Item>
          <Descriptions.Item label={t('b2c.orders.total')}>{order.total === null ? t('b2c.orders.quote') : formatVnd(order.total)}</Descriptions.Item>
          {order.note && <Descriptions.Item label={t('b2c.orders.customerNote')}>{order.note}</Descriptions.Item>}
        </Descriptions>
        {error && <Alert type="error" showIcon message={error} role="alert" />}
        {canStatus?.can && next.length > 0 && (
          <Space wrap>
            {next.filter((s) => s !== 'cancelled').map((s) => (
              <Popconfirm key={s} title={t('b2c.orders.moveConfirm', { status: t(`b2c.orderStatus.${s}`) })} okText={t('b2c.common.yes')} cancelText={t('b2c.common.no')} onConfirm={() => move(s)}>
                <Button type={s === next[0] ? 'primary' : 'default'} loading={mutation.isPending} data-testid={`order-to-${s}`}>{t(`b2c.orderAction.${s}`)}</Button>
              </Popconfirm>
            ))}
            <Popconfirm title={t('b2c.orders.cancelConfirm')} okText={t('b2c.common.yes')} cancelText={t('b2c.common.no')} okButtonProps={{ danger: true }} onConfirm={() => move('cancelled')}>
              <Button danger data-testid="order-to-cancelled">{t('b2c.orderAction.cancelled')}</Button>
            </Popconfirm>
          </Space>
        )}
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
