/** The status of an order and of an eSIM, worded and coloured. */
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { EsimOrderStatus, EsimStatus } from '../../../contract/esim';
import { STATUS_COLORS } from '../model/usage';

const ORDER_COLORS: Record<EsimOrderStatus, string> = { PROCESSING: 'gold', COMPLETED: 'green', FAILED: 'red' };

export function OrderStatusTag({ status }: { status: EsimOrderStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={ORDER_COLORS[status]} data-testid="esim-order-status" data-status={status}>
      {t(`esim.orderStatus.${status}`)}
    </Tag>
  );
}

export function EsimStatusTag({ status }: { status: EsimStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={STATUS_COLORS[status]} data-testid="esim-status" data-status={status}>
      {t(`esim.status.${status}`)}
    </Tag>
  );
}
