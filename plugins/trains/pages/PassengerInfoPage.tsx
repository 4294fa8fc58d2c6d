/**
 * booking/train/passenger-info: one passenger per held seat, each with a passenger type whose discount of spec
 * point 9 applies live (the contract's fares), a name and an ID or passport number; optional services per
 * direction (addService); the contact. What is typed is kept for the next steps (flow.ts).
 */
import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Card, Checkbox, Form, Input, Select, Skeleton, Typography } from 'antd';
import { ArrowRightOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { TRAIN_SERVICES, trainContactProblems, type HeldSeat, type TrainServiceCode } from '../../../contract/trains';
import { formatVnd, PAGES, useAccount } from '../../../src/sdk';
import { useHold } from '../api';
import { HoldStep } from '../components/HoldStep';
import { seatPlace, seatTrain } from '../components/seat-text';
import { readDraft, saveDraft, type TrainDraft } from '../flow';
import { livePrices, paxFare, passengersForSeats, TRAIN_PAX_PERCENT, TRAIN_PAX_TYPES, trainPassengerProblems, type AddService, type TrainPassenger, type TrainPaxType } from '../model';
import '../trains.css';

function PassengerRow({ index, seat, p, onChange, showErrors }: { index: number; seat: HeldSeat; p: TrainPassenger; onChange: (p: TrainPassenger) => void; showErrors: boolean }) {
  const { t } = useTranslation();
  const problems = showErrors ? trainPassengerProblems(p) : [];
  const fare = paxFare(seat.price, p.paxType);
  const id = `pax-${index}`;
  return (
    <Card size="small" className="train-pax" data-testid="train-pax" title={`${t('trains.passengers.passenger', { no: index + 1 })} · ${seatTrain(seat)} · ${seatPlace(t, seat)}`}>
      <div className="train-pax-grid">
        <Form.Item label={t('trains.passengers.paxType')} htmlFor={`${id}-type`}>
          <Select<TrainPaxType>
            id={`${id}-type`}
            value={p.paxType}
            onChange={(paxType) => onChange({ ...p, paxType })}
            options={TRAIN_PAX_TYPES.map((x) => ({ value: x, label: `${t(`trains.paxType.${x}`)} (${TRAIN_PAX_PERCENT[x]}%)` }))}
            data-testid="pax-type"
          />
        </Form.Item>
        <Form.Item label={t('trains.passengers.fullName')} htmlFor={`${id}-name`} validateStatus={problems.includes('fullName') ? 'error' : undefined} help={problems.includes('fullName') ? t('trains.passengers.errors.fullName') : undefined}>
          <Input id={`${id}-name`} value={p.fullName} maxLength={70} autoComplete="off" onChange={(e) => onChange({ ...p, fullName: e.target.value })} />
        </Form.Item>
        <Form.Item
          label={p.paxType === 6 || p.paxType === 7 ? t('trains.passengers.passport') : t('trains.passengers.idNumber')}
          htmlFor={`${id}-id`}
          validateStatus={problems.includes('idNumber') ? 'error' : undefined}
          help={problems.includes('idNumber') ? t(p.paxType === 6 || p.paxType === 7 ? 'trains.passengers.errors.passport' : 'trains.passengers.errors.idNumber') : p.paxType === 2 || p.paxType === 7 ? t('trains.passengers.childId') : undefined}
        >
          <Input id={`${id}-id`} value={p.idNumber} maxLength={20} autoComplete="off" onChange={(e) => onChange({ ...p, idNumber: e.target.value.trim() })} />
        </Form.Item>
        <div className="train-pax-price" data-testid="pax-price" data-fare={fare} data-discount={seat.price - fare}>
          <span className="muted">{t('trains.passengers.seatPrice')}: {formatVnd(seat.price)}</span>
          {seat.price - fare > 0 && (
            <span className="train-discount">
              {t('trains.passengers.discount', { percent: 100 - TRAIN_PAX_PERCENT[p.paxType] })}: −{formatVnd(seat.price - fare)}
            </span>
          )}
          <strong className="money">{formatVnd(fare)}</strong>
        </div>
      </div>
    </Card>
  );
}

export default function PassengerInfoPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { memberInfo } = useAccount();
  const { hold } = useHold();
  const seats = useMemo(() => hold?.seats ?? [], [hold]);
  const [draft, setDraft] = useState<TrainDraft | null>(null);
  const [tried, setTried] = useState(false);

  useEffect(() => {
    if (!hold) return;
    const saved = readDraft(hold.holdId);
    setDraft((d) => {
      const base = d && d.holdId === hold.holdId ? d : saved ?? { holdId: hold.holdId, passengers: [], addService: {}, contact: { name: memberInfo?.fullName ?? '', phone: memberInfo?.phone ?? '', email: memberInfo?.email ?? '' } };
      return { ...base, passengers: passengersForSeats(hold.seats, base.passengers) };
    });
  }, [hold, memberInfo]);

  const directions = (['depart', 'return'] as const).filter((d) => seats.some((s) => s.direction === d));
  const prices = draft ? livePrices(seats, draft.passengers, draft.addService) : null;
  const contactProblems = draft ? trainContactProblems(draft.contact) : [];
  const paxOk = draft ? draft.passengers.every((p) => trainPassengerProblems(p).length === 0) : false;

  const setPax = (p: TrainPassenger) => setDraft((d) => d && { ...d, passengers: d.passengers.map((x) => (x.ticketId === p.ticketId ? p : x)) });
  const setService = (d: 'depart' | 'return', v: AddService['depart']) => setDraft((x) => x && { ...x, addService: { ...x.addService, [d]: v } });
  const next = () => {
    setTried(true);
    if (!draft || !paxOk || contactProblems.length) return;
    saveDraft(draft);
    void navigate(PAGES.trains.confirm);
  };

  return (
    <HoldStep title="trains.passengers.title" step="passengers">
      {() =>
        !draft ? (
        <Skeleton active />
      ) : (
        <Form layout="vertical" onFinish={next} requiredMark={false} className="train-pax-form">
          <Typography.Paragraph className="muted">{t('trains.passengers.onePerSeat')}</Typography.Paragraph>
          {seats.map((s, i) => {
            const p = draft.passengers.find((x) => x.ticketId === s.ticketId);
            return p ? <PassengerRow key={s.ticketId} index={i} seat={s} p={p} onChange={setPax} showErrors={tried} /> : null;
          })}
          <Card size="small" title={t('trains.passengers.services')} className="train-gap">
            {directions.map((d) => {
              const chosen = draft.addService[d];
              return (
                <div key={d} className="train-service">
                  <Checkbox checked={!!chosen?.isAdd} onChange={(e) => setService(d, e.target.checked ? { isAdd: true, service: chosen?.service ?? 'INS' } : undefined)}>
                    {t('trains.passengers.addService', { direction: t(`trains.results.${d}`) })}
                  </Checkbox>
                  <Select<TrainServiceCode>
                    aria-label={t('trains.passengers.serviceOf', { direction: t(`trains.results.${d}`) })}
                    disabled={!chosen?.isAdd}
                    value={chosen?.service ?? 'INS'}
                    onChange={(service) => setService(d, { isAdd: true, service })}
                    options={(Object.keys(TRAIN_SERVICES) as TrainServiceCode[]).map((c) => ({ value: c, label: `${t(`trains.service.${c}`)} · ${formatVnd(TRAIN_SERVICES[c])}/${t('trains.passengers.perPax')}` }))}
                    style={{ minWidth: 220 }}
                  />
                </div>
              );
            })}
          </Card>
          <Card size="small" title={t('trains.passengers.contact')} className="train-gap">
            <div className="train-pax-grid">
              <Form.Item label={t('trains.passengers.contactName')} htmlFor="contact-name" validateStatus={tried && contactProblems.includes('name') ? 'error' : undefined} help={tried && contactProblems.includes('name') ? t('trains.passengers.errors.fullName') : undefined}>
                <Input id="contact-name" value={draft.contact.name} onChange={(e) => setDraft({ ...draft, contact: { ...draft.contact, name: e.target.value } })} />
              </Form.Item>
              <Form.Item label={t('trains.passengers.phone')} htmlFor="contact-phone" validateStatus={tried && contactProblems.includes('phone') ? 'error' : undefined} help={tried && contactProblems.includes('phone') ? t('trains.passengers.errors.phone') : undefined}>
                <Input id="contact-phone" inputMode="tel" value={draft.contact.phone} onChange={(e) => setDraft({ ...draft, contact: { ...draft.contact, phone: e.target.value } })} />
              </Form.Item>
              <Form.Item label={t('trains.passengers.email')} htmlFor="contact-email" validateStatus={tried && contactProblems.includes('email') ? 'error' : undefined} help={tried && contactProblems.includes('email') ? t('trains.passengers.errors.email') : undefined}>
                <Input id="contact-email" inputMode="email" value={draft.contact.email} onChange={(e) => setDraft({ ...draft, contact: { ...draft.contact, email: e.target.value } })} />
              </Form.Item>
            </div>
          </Card>
          {prices && (
            <div className="train-total" data-testid="live-total" data-total={prices.total} data-discount={prices.discount}>
              <span>{t('trains.passengers.fare')}: {formatVnd(prices.fare)}</span>
              {prices.discount > 0 && <span className="train-discount">{t('trains.passengers.discountTotal')}: −{formatVnd(prices.discount)}</span>}
              {prices.services > 0 && <span>{t('trains.passengers.servicesTotal')}: {formatVnd(prices.services)}</span>}
              <span>{t('trains.passengers.bookingFees')}: {formatVnd(prices.bookingFees)}</span>
              <strong>{t('trains.passengers.total')}: <span className="money">{formatVnd(prices.total)}</span></strong>
            </div>
          )}
          {tried && (!paxOk || contactProblems.length > 0) && <Alert type="error" showIcon role="alert" message={t('trains.passengers.fixErrors')} className="train-gap" />}
          <div className="train-actions">
            <Button onClick={() => void navigate(PAGES.trains.booking)}>{t('trains.booking.back')}</Button>
            <Button type="primary" htmlType="submit" icon={<ArrowRightOutlined />} iconPosition="end" data-testid="to-confirm">
              {t('trains.passengers.next')}
            </Button>
          </div>
        </Form>
      )}
    </HoldStep>
  );
}
