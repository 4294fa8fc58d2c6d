/**
 * booking/train/confirm-passenger-info: the summary (each passenger's seat, type, price, discount, service,
 * fee, and the total), then Book: the hold becomes a booking waiting for payment (booking/train/complete).
 */
import { useMemo, useState } from 'react';
import { Alert, Button, Card, Descriptions, Table } from 'antd';
import { CheckOutlined } from '@ant-design/icons';
import { useCustomMutation, type HttpError } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { TRAINS_API, type TrainBooking, type TrainBookingRequest } from '../../../contract/trains';
import { formatVnd, linkTo, PAGES } from '../../../src/sdk';
import { COMMAND, useHold } from '../api';
import { HoldStep } from '../components/HoldStep';
import { seatPlace, seatTrain } from '../components/seat-text';
import { clearDraft, readDraft } from '../flow';
import { livePrices } from '../model';
import '../trains.css';

export default function ConfirmPassengerInfoPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { hold, query } = useHold();
  const draft = useMemo(() => (hold ? readDraft(hold.holdId) : null), [hold]);
  const { mutateAsync, mutation } = useCustomMutation<TrainBooking, HttpError, TrainBookingRequest>();
  const [error, setError] = useState<string | null>(null);
  const seats = hold?.seats ?? [];
  const complete = !!draft && seats.length > 0 && seats.every((s) => draft.passengers.some((p) => p.ticketId === s.ticketId && p.fullName));
  const prices = draft ? livePrices(seats, draft.passengers, draft.addService) : null;

  const book = async () => {
    if (!draft) return;
    setError(null);
    try {
      const r = await mutateAsync({
        url: TRAINS_API.bookings,
        method: 'post',
        values: {
          passengers: seats.map((s) => {
            const p = draft.passengers.find((x) => x.ticketId === s.ticketId)!;
            return { ticketId: s.ticketId, paxType: p.paxType, fullName: p.fullName.trim(), idNumber: p.idNumber.trim(), isService: !!draft.addService[s.direction]?.isAdd };
          }),
          contact: { name: draft.contact.name.trim(), phone: draft.contact.phone.trim(), ...(draft.contact.email.trim() ? { email: draft.contact.email.trim() } : {}) },
          addService: draft.addService,
        },
        meta: COMMAND,
        successNotification: false,
        errorNotification: false,
      });
      clearDraft();
      await query.refetch();
      void navigate(linkTo(PAGES.trains.complete, {}, { id: r.data.id }));
    } catch (e) {
      setError((e as HttpError).message || t('trains.confirm.failed'));
    }
  };

  const rows = prices?.lines.map((l) => {
    const s = seats.find((x) => x.ticketId === l.ticketId)!;
    const p = draft!.passengers.find((x) => x.ticketId === l.ticketId)!;
    return { ...l, seat: s, pax: p };
  });

  return (
    <HoldStep title="trains.confirm.title" step="confirm">
      {() =>
        !complete || !draft || !prices || !rows ? (
        <Alert type="warning" showIcon message={t('trains.confirm.incomplete')} action={<Link to={PAGES.trains.passengerInfo}><Button size="small">{t('trains.confirm.edit')}</Button></Link>} />
      ) : (
        <>
          <Card size="small" className="train-gap">
            <Table
              size="small"
              pagination={false}
              rowKey="ticketId"
              scroll={{ x: 760 }}
              dataSource={rows}
              columns={[
                { title: t('trains.passengers.fullName'), key: 'name', render: (_, r) => <><strong>{r.pax.fullName}</strong><div className="muted">{t(`trains.paxType.${r.pax.paxType}`)}{r.pax.idNumber ? ` · ${r.pax.idNumber}` : ''}</div></> },
                { title: t('trains.confirm.seat'), key: 'seat', render: (_, r) => <>{seatTrain(r.seat)}<div className="muted">{seatPlace(t, r.seat)}</div></> },
                { title: t('trains.passengers.seatPrice'), dataIndex: 'seatPrice', align: 'right', render: (v: number) => formatVnd(v) },
                { title: t('trains.confirm.discount'), dataIndex: 'discount', align: 'right', render: (v: number, r) => (v ? <span className="train-discount">−{formatVnd(v)} ({100 - r.percent}%)</span> : '—') },
                { title: t('trains.confirm.service'), dataIndex: 'service', align: 'right', render: (v: number) => (v ? formatVnd(v) : '—') },
                { title: t('trains.confirm.fee'), dataIndex: 'fee', align: 'right', render: (v: number) => formatVnd(v) },
                { title: t('trains.confirm.lineTotal'), dataIndex: 'total', align: 'right', render: (v: number) => <strong>{formatVnd(v)}</strong> },
              ]}
            />
          </Card>
          <Card size="small" className="train-gap">
            <Descriptions size="small" column={{ xs: 1, sm: 2 }} items={[
              { key: 'c', label: t('trains.passengers.contactName'), children: draft.contact.name },
              { key: 'p', label: t('trains.passengers.phone'), children: draft.contact.phone },
              ...(draft.contact.email ? [{ key: 'e', label: t('trains.passengers.email'), children: draft.contact.email }] : []),
              { key: 't', label: t('trains.passengers.total'), children: <strong className="money" data-testid="confirm-total" data-total={prices.total}>{formatVnd(prices.total)}</strong> },
            ]} />
          </Card>
          {error && <Alert type="error" showIcon role="alert" message={error} className="train-gap" />}
          <div className="train-actions">
            <Button onClick={() => void navigate(PAGES.trains.passengerInfo)}>{t('trains.confirm.edit')}</Button>
            <Button type="primary" icon={<CheckOutlined />} loading={mutation.isPending} onClick={() => void book()} data-testid="book">
              {t('trains.confirm.book')}
            </Button>
          </div>
        </>
      )}
    </HoldStep>
  );
}
