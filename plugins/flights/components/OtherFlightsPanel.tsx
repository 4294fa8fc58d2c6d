/**
 * The other-flight panel (spec point 2): the other flights of the selected offer's airline on the same route
 * and day, from the current results (model/other-flights.ts), each with a one-click switch.
 */
import { Button, Empty } from 'antd';
import { SwapOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { FlightOffer } from '../../../contract/flights';
import { formatVnd } from '../../../src/sdk';
import { offerPrice, otherFlights, partyAvailability, type PriceMode } from '../model';
import { ddmmyyyy, duration, hhmm, stops } from './format';
import { CarrierBadge, UNAVAILABLE_LABEL } from './OfferCard';

export interface OtherFlightsPanelProps {
  /** The selected offer of the side. */
  offer: FlightOffer;
  /** The side's current results (after the always-on rules). */
  offers: readonly FlightOffer[];
  priceMode: PriceMode;
  /** Select this offer instead. */
  onSwitch: (offer: FlightOffer) => void;
  /** Seats the party takes: a flight without a class that has them cannot be switched to. Default 1. */
  seats?: number;
}

export function OtherFlightsPanel({ offer, offers, priceMode, onSwitch, seats = 1 }: OtherFlightsPanelProps) {
  const { t } = useTranslation();
  const others = otherFlights(offers, offer, priceMode);
  const carrierName = offer.routeInfo.find((r) => r.carrierCode === offer.airline)?.carrierName ?? offer.airline;
  return (
    <section className="fl-other" data-testid="other-flights" aria-label={t('flights.other.title')}>
      <h3 className="fl-panel-title">{t('flights.other.title')}</h3>
      <div className="muted fl-other-hint">
        {t('flights.other.hint', { airline: carrierName, route: `${offer.from} → ${offer.to}`, date: ddmmyyyy(offer.departDateTime) })}
      </div>
      {others.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('flights.other.none')} />
      ) : (
        <ul className="fl-other-list">
          {others.map((o) => {
            const flight = o.routeInfo.map((r) => r.flightNo).join(' · ');
            const availability = partyAvailability(o, seats);
            return (
              <li key={o.id} className="fl-other-row" data-testid="other-flight" data-offer-id={o.id}>
                <CarrierBadge code={o.airline} />
                <span className="fl-other-text">
                  <strong>{flight}</strong>{' '}
                  <span>{hhmm(o.departDateTime)} → {hhmm(o.arrivalDateTime)}</span>
                  <span className="muted"> · {duration(o.totalTimeDuring, t)} · {stops(o.numberOfStop, t)} · {o.source}</span>
                </span>
                <strong className="fl-other-price">{formatVnd(offerPrice(o, priceMode))}</strong>
                {availability === 'ok' ? (
                  <Button size="small" icon={<SwapOutlined />} onClick={() => onSwitch(o)} aria-label={t('flights.other.switchTo', { flight })}>
                    {t('flights.other.switch')}
                  </Button>
                ) : (
                  // a short status instead of a disabled button: its text wraps, so a 360 px row keeps room for the flight
                  <span
                    className="fl-other-unavailable muted"
                    data-testid="other-flight-unavailable"
                    title={availability === 'tooFew' ? t('flights.offer.tooFewHint', { count: seats }) : undefined}
                  >
                    {t(UNAVAILABLE_LABEL[availability])}
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
