import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OrderStatus, TourStatus, TrainB2cStatus } from '../../../contract/b2c';
import { trainStatusName } from '../../../contract/trains';

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
