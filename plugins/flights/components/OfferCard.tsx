/**
 * One flight offer of the results: carrier badge, flight numbers, times, duration, stops, the fare classes
 * with their seats, the price in VND, and the actions (select, detail, fare rules, quote).
 */
import { memo } from 'react';
import { Button, Tag } from 'antd';
import { CheckOutlined, FileTextOutlined, InfoCircleOutlined, MessageOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { FlightOffer, PriceInfo } from '../../../contract/flights';
import { FlightOfferTagSlot, formatNumber, formatVnd } from '../../../src/sdk';
import { cheapestFareClass, fareClassPrice, isGdsOffer, partyAvailability, type PriceMode } from '../model';
import { dayShift, duration, hhmm, stops } from './format';

export interface OfferCardProps {
  offer: FlightOffer;
  priceMode: PriceMode;
  /** The chosen fare class when this offer is the selected one. */
  selectedClass?: string;
  onSelect: (offer: FlightOffer, fareClass?: string) => void;
  onDetail: (offer: FlightOffer) => void;
  onFareRule: (offer: FlightOffer, fareClass: PriceInfo) => void;
  onQuote?: (offer: FlightOffer) => void;
  quoted?: boolean;
  /** Seats the party takes (adults and children): a class with fewer cannot be chosen. Default 1. */
  seats?: number;
}

/** The label of an offer that cannot be chosen for the party (partyAvailability), on the card and the other-flights panel. */
export const UNAVAILABLE_LABEL = { soldOut: 'flights.offer.soldOut', tooFew: 'flights.offer.tooFew' } as const;

export function CarrierBadge({ code }: { code: string }) {
  return <span className={`fl-carrier fl-carrier-${code}`} aria-hidden="true">{code}</span>;
}

function OfferCardInner({ offer, priceMode, selectedClass, onSelect, onDetail, onFareRule, onQuote, quoted, seats = 1 }: OfferCardProps) {
  const { t } = useTranslation();
  const selected = selectedClass !== undefined;
  const shown = (selected && offer.priceInfo.find((p) => p.class === selectedClass)) || cheapestFareClass(offer, priceMode);
  const price = fareClassPrice(shown, priceMode);
  const first = offer.routeInfo[0];
  const flightNos = offer.routeInfo.map((r) => r.flightNo).join(' · ');
  // any carrier's offer without a seat in any class cannot be selected (the sort rule only moves VJ's last), nor one
  // whose classes all have fewer seats than the party takes: the button says which, instead of doing nothing
  const availability = partyAvailability(offer, seats);
  const unavailable = availability !== 'ok';
  const shift = dayShift(offer.departDateTime, offer.arrivalDateTime);

  return (
    <article
      className={`fl-offer${selected ? ' is-selected' : ''}${unavailable ? ' is-sold-out' : ''}`}
      data-testid="offer-card"
      data-offer-id={offer.id}
      data-airline={offer.airline}
      data-source={offer.source}
      data-from={offer.from}
      data-to={offer.to}
      data-depart={offer.departDateTime}
      data-stops={offer.numberOfStop}
      data-duration={offer.totalTimeDuring}
      data-price={price}
      aria-label={`${flightNos} ${hhmm(offer.departDateTime)}–${hhmm(offer.arrivalDateTime)} ${formatVnd(price)}`}
    >
      <div className="fl-offer-main">
        <div className="fl-offer-carrier">
          <CarrierBadge code={offer.airline} />
          <div className="fl-offer-carrier-text">
            <span className="fl-offer-flightno">{flightNos}</span>
            <span className="fl-offer-carrier-name muted">{first.carrierName}</span>
          </div>
        </div>
        <div className="fl-offer-times">
          <div className="fl-offer-time">
            <strong>{hhmm(offer.departDateTime)}</strong>
            <span className="muted">{offer.from}</span>
          </div>
          <div className="fl-offer-path">
            <span className="fl-offer-duration">{duration(offer.totalTimeDuring, t)}</span>
            <span className="fl-offer-line" aria-hidden="true" />
            <span className={offer.numberOfStop ? 'fl-offer-stops is-transit' : 'fl-offer-stops'}>{stops(offer.numberOfStop, t)}</span>
          </div>
          <div className="fl-offer-time">
            <strong>{hhmm(offer.arrivalDateTime)}{shift && <sup className="fl-day-shift">{shift}</sup>}</strong>
            <span className="muted">{offer.to}</span>
          </div>
        </div>
        <div className="fl-offer-price">
          <strong className="fl-price" data-testid="offer-price">{formatVnd(price)}</strong>
          <span className="muted fl-price-note">{t(priceMode === 'BASIC' ? 'flights.offer.perAdultBasic' : 'flights.offer.perAdultFull')}</span>
          <Button
            type={selected ? 'default' : 'primary'}
            icon={selected ? <CheckOutlined /> : undefined}
            onClick={() => onSelect(offer, selected ? selectedClass : undefined)}
            disabled={unavailable && !selected}
            data-testid="offer-select"
            data-availability={availability}
            title={availability === 'tooFew' && !selected ? t('flights.offer.tooFewHint', { count: seats }) : undefined}
            aria-pressed={selected}
          >
            {t(selected ? 'flights.offer.selected' : availability === 'ok' ? 'flights.offer.select' : UNAVAILABLE_LABEL[availability])}
          </Button>
        </div>
      </div>
      <div className="fl-offer-classes" role="list" aria-label={t('flights.offer.classes')}>
        {offer.priceInfo.map((p) => {
          const active = p.class === shown.class;
          // the fare family and cabin as the chip's title, not an antd Tooltip: 22 chips a card made the first
          // results render register each Tooltip's styles (docs/performance.md, "Issue throughput and search in the UI,
          // eleventh pass")
          const family = `${p.fareInfo.fareFamily} · ${t(`flights.cabin.${p.fareInfo.cabinClass}`)}`;
          return (
            <button
              key={p.class}
              type="button"
              role="listitem"
              className={`fl-class${active ? ' is-active' : ''}${p.seatAvailable < seats ? ' is-empty' : ''}`}
              disabled={p.seatAvailable < seats}
              onClick={() => onSelect(offer, p.class)}
              title={family}
              aria-label={`${t('flights.offer.class')} ${p.class} (${family}), ${t('flights.offer.seats', { count: p.seatAvailable })}, ${formatVnd(fareClassPrice(p, priceMode))}`}
            >
              <span className="fl-class-code">{p.class}</span>
              <span className="fl-class-seats">{p.seatAvailable}</span>
              <span className="fl-class-price">{formatNumber(Math.round(fareClassPrice(p, priceMode) / 1000))}K</span>
            </button>
          );
        })}
      </div>
      <div className="fl-offer-foot">
        <Tag bordered={false} color={isGdsOffer(offer) ? 'purple' : 'blue'}>{offer.source}</Tag>
        {offer.combineSegment && <Tag bordered={false} color="gold">{t('flights.offer.combined')}</Tag>}
        {quoted && <Tag bordered={false} color="green">{t('flights.quote.quoted')}</Tag>}
        {offer.routeInfo.length === 1 && (
          <FlightOfferTagSlot airline={offer.airline} flightNo={first.flightNo} from={offer.from} to={offer.to} departDate={offer.departDateTime.slice(0, 10)} />
        )}
        <span className="fl-offer-links">
          <Button type="link" size="small" icon={<InfoCircleOutlined />} onClick={() => onDetail(offer)} data-testid="offer-detail">{t('flights.offer.detail')}</Button>
          <Button type="link" size="small" icon={<FileTextOutlined />} onClick={() => onFareRule(offer, shown)} data-testid="offer-fare-rule">{t('flights.offer.fareRule')}</Button>
          {onQuote && <Button type="link" size="small" icon={<MessageOutlined />} onClick={() => onQuote(offer)}>{t('flights.offer.quote')}</Button>}
        </span>
      </div>
    </article>
  );
}

export const OfferCard = memo(OfferCardInner);
