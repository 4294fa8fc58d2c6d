/**
 * booking/train: the seats of the hold, by direction, each removable (a toggle of the hold); the countdown; on to
 * passenger information (one passenger per seat).
 */
import { App, Button, Card, List } from 'antd';
import { ArrowRightOutlined, DeleteOutlined } from '@ant-design/icons';
import type { HttpError } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { HeldSeat } from '../../../contract/trains';
import { formatVnd, PAGES } from '../../../src/sdk';
import { useHold, useHoldChange } from '../api';
import { HoldStep } from '../components/HoldStep';
import { seatPlace, seatTrain } from '../components/seat-text';
import '../trains.css';

export default function BookingTrainPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { hold, query } = useHold();
  const { change, pending } = useHoldChange();

  const remove = async (s: HeldSeat) => {
    try {
      await change({ remove: [s.ticketId] });
    } catch (e) {
      message.error((e as HttpError).message);
    } finally {
      await query.refetch();
    }
  };

  const byDirection = (d: 'depart' | 'return') => (hold?.seats ?? []).filter((s) => s.direction === d);

  return (
    <HoldStep title="trains.booking.title" step="seats">
      {() =>
        (
        <>
          {(['depart', 'return'] as const).map((d) =>
            byDirection(d).length === 0 ? null : (
              <Card key={d} title={t(`trains.results.${d}`)} className="train-gap" size="small">
                <List
                  dataSource={byDirection(d)}
                  renderItem={(s) => (
                    <List.Item
                      key={s.ticketId}
                      data-testid="held-seat"
                      actions={[
                        <Button key="rm" size="small" danger icon={<DeleteOutlined />} loading={pending} onClick={() => void remove(s)} aria-label={t('trains.booking.remove', { seat: seatPlace(t, s) })}>
                          {t('trains.booking.removeShort')}
                        </Button>,
                      ]}
                    >
                      <List.Item.Meta title={seatTrain(s)} description={`${seatPlace(t, s)} · ${t(`trains.seatClass.${s.seatClass}`)}`} />
                      <span className="money">{formatVnd(s.price)}</span>
                    </List.Item>
                  )}
                />
              </Card>
            ),
          )}
          <div className="train-actions">
            <Button onClick={() => void navigate(-1)}>{t('trains.booking.back')}</Button>
            <Button type="primary" icon={<ArrowRightOutlined />} iconPosition="end" onClick={() => void navigate(PAGES.trains.passengerInfo)} data-testid="to-passengers">
              {t('trains.booking.toPassengers')}
            </Button>
          </div>
        </>
      )}
    </HoldStep>
  );
}
