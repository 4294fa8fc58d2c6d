import { Tag } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { B2cOrder, OrderStatus, TourStatus, TrainB2cStatus } from '../../../contract/b2c';
import { trainStatusName } from '../../../contract/trains';
import { formatDate } from '../../../src/sdk';

const TOUR_COLORS: Record<TourStatus, string> = { draft: 'default', published: 'green', closed: 'red' };
const ORDER_COLORS: Record<OrderStatus, string> = { new: 'blue', contacted: 'gold', confirmed: 'cyan', paid: 'green', cancelled: 'default' };
/** The same colours as the trains module's status tags. */
const TRAIN_COLORS: Record<TrainB2cStatus, string> = { '01': 'red', '05': 'green' };

export function TourStatusTag({ status }: { status: TourStatus }) {
  const { t } = useTranslation();
  return <Tag color={TOUR_COLORS[status]} data-testid="tour-status" data-status={status}>{t(`b2c.tourStatus.${status}`)}</Tag>;
}

export function OrderStatusTag({ status }: { status: OrderStatus }) {
  const { t } = useTranslation();
  return <Tag color={ORDER_COLORS[status]} data-testid="order-status" data-status={status}>{t(`b2c.orderStatus.${status}`)}</Tag>;
}

/** Spec point 4's Train B2C status of a train order (01 cancelled, 05 completed), labelled as the trains module labels it. */
export function TrainB2cStatusTag({ status }: { status: TrainB2cStatus | null }) {
  const { t } = useTranslation();
  if (!status) return null;
  return (
    <Tag color={TRAIN_COLORS[status]} data-testid="order-train-status" data-status={status} title={t('b2c.orders.trainStatus')}>
      {status} · {t(`trains.statusName.${trainStatusName(status)}`)}
    </Tag>
  );
}

/**
 * What an order is about, in one line: the tour and its date, the flight or the train route and date. Beside the
 * tags, in a module the orders list and the order's drawer (fetched apart) both import, so the drawer's chunk
 * needs nothing of the list's.
 */
export function orderWhat(o: Pick<B2cOrder, 'kind' | 'tourTitle' | 'departureDate' | 'flight' | 'train'>, t: TFunction): string {
  if (o.kind === 'tour') return `${o.tourTitle ?? '—'}${o.departureDate ? ` · ${formatDate(o.departureDate)}` : ''}`;
  if (o.kind === 'train' && o.train) return `${t('b2c.orders.kind.train')} · ${o.train.fromName} → ${o.train.toName} · ${formatDate(o.train.date)}`;
  if (o.flight) return `✈ ${o.flight.from} → ${o.flight.to} · ${formatDate(o.flight.date)}`;
  return '—';
}
