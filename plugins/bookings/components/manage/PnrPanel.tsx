/**
 * One Booking (PNR) of spec point 3 in full on booking-detail: status and time limit countdown (holds), void
 * cut-off (issued tickets), the actions the gateway allows (and access does not refuse) plus mail and the fare
 * rules, the legs (times, terminals, aircraft, baggage), the passengers with their ticket numbers, and the fare data.
 */
import { Alert, Button, Card, Grid, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { BookingPnr, PaxInfoEntry, RouteInfoEntry } from '../../../../contract/bookings';
import { formatDate, formatDateTime, formatVnd } from '../../../../src/sdk';
import { actionButtons, countdown, msLeft, type DetailAction } from '../../model/actions';
import { flightLabel } from '../../model/draft';
import { baggageText } from '../../model/print';
import { carrierText, isHold } from '../../model/status';
import { PnrStatusTag } from './StatusTags';
import { useActionAccess } from './use-action-access';

function minutes(m: number): string {
  return `${Math.floor(m / 60)}h${String(m % 60).padStart(2, '0')}`;
}

function Leg({ leg }: { leg: RouteInfoEntry }) {
  const { t } = useTranslation();
  if (leg.surface) {
    // an ARNK between two flights: the traveller goes from one airport to the other by other means
    return (
      <div className="bkm-leg bkm-leg-surface" data-testid="route-info" data-surface="true">
        <div className="bkm-leg-head">
          <Tag>ARNK</Tag>
          <strong>
            {leg.from} → {leg.to}
          </strong>
          <span className="muted">{t('bookings.detail.arnk')}</span>
        </div>
      </div>
    );
  }
  const bag = (b: { pieces: number; description: string }) => baggageText(b) || t('bookings.detail.none');
  return (
    <div className="bkm-leg" data-testid="route-info">
      <div className="bkm-leg-head">
        <Tag>{flightLabel(t, leg)}</Tag>
        <strong>{leg.flightNo}</strong>
        <span>
          {leg.from} {leg.timeFrom} → {leg.to} {leg.timeTo}
        </span>
        <span className="muted">{formatDate(leg.departDate)}</span>
        <Tag color={leg.status === 'HK' ? 'blue' : 'default'} title={t('bookings.detail.segmentStatus')}>{leg.status}</Tag>
      </div>
      <div className="bkm-leg-grid">
        <span className="muted">{t('bookings.detail.terminals')}</span>
        <span>
          {leg.startTerminal || '—'} → {leg.endTerminal || '—'}
        </span>
        <span className="muted">{t('bookings.detail.aircraft')}</span>
        <span>{[leg.airCraft, leg.aircraftType].filter(Boolean).join(' · ') || '—'}</span>
        <span className="muted">{t('bookings.detail.flightTime')}</span>
        <span>{minutes(leg.flightTime)}</span>
        <span className="muted">{t('bookings.detail.class')}</span>
        <span>
          {leg.class} · {leg.cabinClass}
        </span>
        <span className="muted">{t('bookings.detail.handBaggage')}</span>
        <span>{bag(leg.handBaggage)}</span>
        <span className="muted">{t('bookings.detail.freeBaggage')}</span>
        <span>{bag(leg.freeBaggage)}</span>
      </div>
    </div>
  );
}

/** The adult an infant travels with (an infant added after booking is listed after the others). */
function InfantOf({ pax, all }: { pax: PaxInfoEntry; all: readonly PaxInfoEntry[] }) {
  const { t } = useTranslation();
  const adult = pax.parentId !== undefined ? all.find((a) => a.paxId === pax.parentId) : undefined;
  if (!adult) return null;
  return (
    <div className="muted" data-testid="infant-of">
      {t('bookings.detail.infantOf', { name: `${adult.lastName} ${adult.firstName}` })}
    </div>
  );
}

function FareGrid({ pnr }: { pnr: BookingPnr }) {
  const { t } = useTranslation();
  const f = pnr.fareData;
  const types = (['ADT', 'CHD', 'INF'] as const).filter((type) => pnr.paxInfos.some((p) => p.paxType === type));
  const extras = f.extras ?? [];
  const row = (key: string, label: string, amount: number, testId?: string) => (
    <div key={key} className="bkm-fare-row" {...(testId ? { 'data-testid': testId, 'data-amount': amount } : {})}>
      <span>{label}</span>
      <span>{formatVnd(amount)}</span>
    </div>
  );
  return (
    <div className="bkm-fare" data-testid="fare-data">
      {types.map((type) => (
        <div key={type} className="bkm-fare-row">
          <span>{t(`bookings.paxType.${type}`)}</span>
          <span className="muted">
            {t('bookings.detail.fare')} {formatVnd(f[`fare${type}`])} · {t('bookings.detail.tax')} {formatVnd(f[`tax${type}`])} · VAT {formatVnd(f[`vat${type}`])}
          </span>
        </div>
      ))}
      {f.baseFare !== undefined && row('base', t('bookings.detail.baseFare'), f.baseFare, 'fare-base')}
      {f.taxes !== undefined && row('taxes', t('bookings.detail.taxes'), f.taxes, 'fare-taxes')}
      {row('fee', t('bookings.detail.issueFee'), f.issueFee, 'fare-fee')}
      {f.otherFee > 0 && row('other', t('bookings.detail.otherFee'), f.otherFee, 'fare-other')}
      {extras.length > 0 && (
        <div className="bkm-fare-row bkm-fare-head">
          <span>{t('bookings.detail.extras')}</span>
        </div>
      )}
      {extras.map((e) => row(`extra-${e.kind}`, t(`bookings.detail.extra.${e.kind}`), e.amount, `fare-extra-${e.kind}`))}
      {f.totalChargeCancel > 0 && row('cancel', t('bookings.detail.chargeCancel'), f.totalChargeCancel)}
      <div className="bkm-fare-row bkm-fare-total">
        <span>{t('bookings.detail.totalPrice')}</span>
        <strong data-testid="pnr-total" data-amount={f.totalPrice}>
          {formatVnd(f.totalPrice)}
        </strong>
      </div>
    </div>
  );
}

export interface PnrPanelProps {
  pnr: BookingPnr;
  now: number;
  running: string | null;
  onAction: (action: DetailAction, pnr: BookingPnr) => void;
}

export function PnrPanel({ pnr, now, running, onAction }: PnrPanelProps) {
  const { t } = useTranslation();
  const held = isHold(pnr.recordStatus);
  const limitLeft = msLeft(pnr.timeLimit, now);
  const voidLeft = msLeft(pnr.voidUntil, now);
  const allowed = useActionAccess();
  const buttons = actionButtons({ pnr: pnr.pnr, actions: pnr.actions.filter(allowed) });
  const screens = Grid.useBreakpoint();
  const phone = screens.md === false;

  const paxColumns = [
    { title: t('bookings.detail.paxType'), key: 'type', width: 90, render: (_: unknown, p: PaxInfoEntry) => t(`bookings.paxType.${p.paxType}`) },
    {
      title: t('bookings.detail.name'),
      key: 'name',
      width: 200,
      render: (_: unknown, p: PaxInfoEntry) => (
        <>
          <strong>{`${p.lastName} ${p.firstName}`}</strong>
          <InfantOf pax={p} all={pnr.paxInfos} />
        </>
      ),
    },
    { title: t('bookings.detail.paxTitle'), key: 'title', width: 70, render: (_: unknown, p: PaxInfoEntry) => <span data-testid="pax-title">{t(`bookings.titles.${p.title}`, { defaultValue: p.title })}</span> },
    { title: t('bookings.detail.birthDay'), dataIndex: 'birthDay', key: 'birthDay', width: 110 },
    {
      title: t('bookings.detail.ticketNumber'),
      key: 'ticket',
      width: 160,
      render: (_: unknown, p: PaxInfoEntry) =>
        p.ticketNumber ? (
          <span className="bkm-code" data-testid="ticket-number">
            {p.ticketNumber}
          </span>
        ) : (
          <span className="muted">{t('bookings.detail.notIssued')}</span>
        ),
    },
    { title: t('bookings.detail.loyalty'), dataIndex: 'loyalty', key: 'loyalty', width: 120, render: (v: string) => v || '—' },
    {
      title: t('bookings.detail.extraInfos'),
      key: 'extra',
      width: 160,
      render: (_: unknown, p: PaxInfoEntry) => (p.extraInfos.length ? p.extraInfos.map((x) => `${x.code}: ${x.value}`).join(', ') : '—'),
    },
  ];

  return (
    <Card
      size="small"
      className="bkm-pnr"
      data-testid="pnr-panel"
      data-pnr={pnr.pnr}
      title={
        <div className="bkm-pnr-head">
          <span className="bkm-code bkm-pnr-code" data-testid="pnr-code">
            {pnr.pnr || '—'}
          </span>
          <span className="muted">
            {carrierText(pnr.airline, pnr.source)}
          </span>
          <PnrStatusTag status={pnr.recordStatus} timeLimit={pnr.timeLimit} now={now} />
        </div>
      }
    >
      <div className="bkm-pnr-times">
        {held && pnr.timeLimit && (
          <div>
            {t('bookings.detail.timeLimit')}: <strong>{formatDateTime(pnr.timeLimit)}</strong> · {t('bookings.detail.left')}{' '}
            <strong data-testid="pnr-countdown" className={limitLeft < 30 * 60_000 ? 'bkm-urgent' : undefined}>
              {countdown(limitLeft)}
            </strong>
          </div>
        )}
        {held && pnr.purchaseTimeLimit && pnr.purchaseTimeLimit !== pnr.timeLimit && (
          <div data-testid="purchase-time-limit">
            {t('bookings.detail.purchaseTimeLimit')}: <strong>{formatDateTime(pnr.purchaseTimeLimit)}</strong>
          </div>
        )}
        {pnr.issuedAt && (
          <div>
            {t('bookings.detail.issuedAt')}: <strong>{formatDateTime(pnr.issuedAt)}</strong>
          </div>
        )}
        {pnr.recordStatus === 'ISSUE TICKET' && pnr.voidUntil && (
          <div data-testid="void-window">
            {voidLeft > 0 ? (
              <>
                {t('bookings.detail.voidUntil')}: <strong>{formatDateTime(pnr.voidUntil)}</strong> · {t('bookings.detail.left')} <strong>{countdown(voidLeft)}</strong>
              </>
            ) : (
              <span className="muted">{t('bookings.detail.voidClosed')}</span>
            )}
          </div>
        )}
        {pnr.ticketFace && (
          <div>
            <a href={pnr.ticketFace} target="_blank" rel="noreferrer" data-testid="ticket-face-link">
              {t('bookings.detail.ticketFace')}
            </a>
          </div>
        )}
      </div>
      {pnr.message && <Alert type={pnr.recordStatus === 'FAILED' ? 'error' : 'info'} showIcon message={pnr.message} className="bkm-feedback" />}
      {buttons.length > 0 && (
        <div className="bkm-actions" role="group" aria-label={t('bookings.detail.actions')}>
          {buttons.map((b) => (
            <Button
              key={b.action}
              type={b.primary ? 'primary' : 'default'}
              danger={b.danger}
              loading={running === `${b.action}:${pnr.pnr}`}
              onClick={() => onAction(b.action, pnr)}
              data-testid={`action-${b.action}`}
            >
              {t(b.label)}
            </Button>
          ))}
        </div>
      )}
      <h3 className="bkm-sub">{t('bookings.detail.routeInfos')}</h3>
      {pnr.routeInfos.map((leg, i) => (
        <Leg key={`${leg.flightNo}-${i}`} leg={leg} />
      ))}
      <h3 className="bkm-sub">{t('bookings.detail.paxInfos')}</h3>
      {phone ? (
        <div className="bkm-pax-cards">
          {pnr.paxInfos.map((p) => (
            <div key={p.paxId} className="bkm-pax-card">
              <strong>{`${p.lastName} ${p.firstName}`}</strong> <InfantOf pax={p} all={pnr.paxInfos} /> <span className="muted"><span data-testid="pax-title">{t(`bookings.titles.${p.title}`, { defaultValue: p.title })}</span>{` · ${t(`bookings.paxType.${p.paxType}`)} · ${p.birthDay}`}</span>
              <div>
                {t('bookings.detail.ticketNumber')}:{' '}
                {p.ticketNumber ? (
                  <span className="bkm-code" data-testid="ticket-number">
                    {p.ticketNumber}
                  </span>
                ) : (
                  <span className="muted">{t('bookings.detail.notIssued')}</span>
                )}
              </div>
              {(p.loyalty || p.extraInfos.length > 0) && (
                <div className="muted">{[p.loyalty, ...p.extraInfos.map((x) => `${x.code}: ${x.value}`)].filter(Boolean).join(' · ')}</div>
              )}
            </div>
          ))}
        </div>
      ) : (
        <Table<PaxInfoEntry> size="small" rowKey="paxId" columns={paxColumns} dataSource={pnr.paxInfos} pagination={false} scroll={{ x: 'max-content' }} />
      )}
      <h3 className="bkm-sub">{t('bookings.detail.fareData')}</h3>
      <FareGrid pnr={pnr} />
    </Card>
  );
}
