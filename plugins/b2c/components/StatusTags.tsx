import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OrderStatus, TourStatus } from '../../../contract/b2c';

const TOUR_COLORS: Record<TourStatus, string> = { draft: 'default', published: 'green', closed: 'red' };
const ORDER_COLORS: Record<OrderStatus, string> = { new: 'blue', contacted: 'gold', confirmed: 'cyan', paid: 'green', cancelled: 'default' };

export function TourStatusTag({ status }: { status: TourStatus }) {
  const { t } = useTranslation();
  return <Tag color={TOUR_COLORS[status]} data-testid="tour-status" data-status={status}>{t(`b2c.tourStatus.${status}`)}</Tag>;
}

export function OrderStatusTag({ status }: { status: OrderStatus }) {
  const { t } = useTranslation();
  return <Tag color={ORDER_COLORS[status]} data-testid="order-status" data-status={status}>{t(`b2c.orderStatus.${status}`)}</Tag>;
}
