/** The tickets of a paid booking: each with its QR code, train, seat, passenger and price; refund where allowed. */
import { Button, Card, Tag } from 'antd';
import { RollbackOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TrainTicket } from '../../../contract/trains';
import { formatVnd } from '../../../src/sdk';
import { seatPlace, seatTrain } from './seat-text';
import { TicketQr } from './TicketQr';

const STATUS_COLOUR = { ISSUED: 'green', HELD: 'gold', REFUNDED: 'default', CANCELLED: 'red' } as const;

export function TicketList({ tickets, onRefund, canRefund }: { tickets: readonly TrainTicket[]; onRefund: (ticketId: string) => void; canRefund: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="train-tickets">
      {tickets.map((k) => (
        <Card key={k.ticketId} size="small" className="train-ticket" data-testid="train-ticket" data-ticket={k.ticketId} data-status={k.status}>
          <div className="train-ticket-body">
            {k.qr ? <TicketQr text={k.qr} /> : <span className="train-qr train-qr-empty" />}
            <div className="train-ticket-text">
              <div className="train-ticket-head">
                <strong>{k.fullName}</strong>
                <Tag color={STATUS_COLOUR[k.status]}>{t(`trains.tickets.status.${k.status}`)}</Tag>
              </div>
              <div className="muted">
                {t(`trains.paxType.${k.paxType}`)}
                {k.idNumber ? ` · ${k.idNumber}` : ''}
              </div>
              <div>{seatTrain(k.seat)}</div>
              <div>{seatPlace(t, k.seat)}</div>
              {k.ticketNumber && (
                <div>
                  {t('trains.tickets.number')}: <strong data-testid="ticket-number">{k.ticketNumber}</strong>
                </div>
              )}
              <div>
                {t('trains.tickets.paid')}: <strong className="money">{formatVnd(k.total)}</strong>
                {k.discount > 0 && <span className="train-discount"> ({t('trains.confirm.discount')} −{formatVnd(k.discount)})</span>}
              </div>
              {k.status === 'REFUNDED' && k.refundAmount !== null && (
                <div className="muted">{t('trains.tickets.refunded', { refund: formatVnd(k.refundAmount), fee: formatVnd(k.refundFee ?? 0) })}</div>
              )}
              {canRefund && k.status === 'ISSUED' && (
                <Button size="small" danger icon={<RollbackOutlined />} onClick={() => onRefund(k.ticketId)} className="train-no-print" data-testid="refund-ticket">
                  {t('trains.tickets.refund')}
                </Button>
              )}
            </div>
          </div>
        </Card>
      ))}
    </div>
  );
}
