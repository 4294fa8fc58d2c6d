/** The flight detail drawer: every leg with times, terminals, aircraft, baggage, duration and stops. */
import { Descriptions, Drawer, Tag, Timeline } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { FlightOffer, PriceInfo } from '../../../contract/flights';
import { ddmmyyyy, duration, hhmm, stops } from './format';
import { CarrierBadge } from './OfferCard';
import { useIsSmall } from '../../../src/sdk';

export interface FlightDetailDrawerProps {
  offer: FlightOffer | null;
  fareClass?: PriceInfo;
  onClose: () => void;
}

export function FlightDetailDrawer({ offer, fareClass, onClose }: FlightDetailDrawerProps) {
  const { t } = useTranslation();
  const small = useIsSmall('sm');
  const cls = fareClass ?? offer?.priceInfo[0];
  return (
    <Drawer
      open={!!offer}
      onClose={onClose}
      width={small ? '100%' : 520}
      title={offer ? `${t('flights.detail.title')} · ${offer.from} → ${offer.to}` : t('flights.detail.title')}
      destroyOnHidden
    >
      {offer && (
        <div className="fl-detail" data-testid="detail-drawer">
          <div className="fl-detail-summary">
            <Tag>{ddmmyyyy(offer.departDateTime)}</Tag>
            <Tag>{duration(offer.totalTimeDuring, t)}</Tag>
            <Tag color={offer.numberOfStop ? 'orange' : 'green'}>{stops(offer.numberOfStop, t)}</Tag>
            <Tag color="blue">{offer.source}</Tag>
          </div>
          <Timeline
            items={offer.routeInfo.flatMap((seg, i) => {
              const next = offer.routeInfo[i + 1];
              const items = [{
                key: seg.flightNo + i,
                children: (
                  <div className="fl-detail-leg">
                    <div className="fl-detail-leg-head">
                      <CarrierBadge code={seg.carrierCode} />
                      <strong>{seg.flightNo}</strong>
                      <span className="muted">{seg.carrierName}{seg.operatingCarrier && seg.operatingCarrier !== seg.carrierCode ? ` · ${t('flights.detail.operatedBy', { carrier: seg.operatingCarrier })}` : ''}</span>
                    </div>
                    <Descriptions size="small" column={1} colon={false} className="fl-detail-desc">
                      <Descriptions.Item label={t('flights.detail.departs')}>
                        {hhmm(seg.departDate)} {ddmmyyyy(seg.departDate)} · {seg.from}{seg.startTerminal ? ` · ${t('flights.detail.terminal', { terminal: seg.startTerminal })}` : ''}
                      </Descriptions.Item>
                      <Descriptions.Item label={t('flights.detail.arrives')}>
                        {hhmm(seg.arrivalDate)} {ddmmyyyy(seg.arrivalDate)} · {seg.to}{seg.endTerminal ? ` · ${t('flights.detail.terminal', { terminal: seg.endTerminal })}` : ''}
                      </Descriptions.Item>
                      <Descriptions.Item label={t('flights.detail.flightTime')}>{duration(seg.flightTimeHour * 60 + seg.flightTimeMinute, t)}</Descriptions.Item>
                      <Descriptions.Item label={t('flights.detail.aircraft')}>{seg.airCraft}{seg.aircraftType ? ` (${seg.aircraftType})` : ''}</Descriptions.Item>
                    </Descriptions>
                  </div>
                ),
              }];
              if (next) {
                const wait = dayjs(next.departDate).diff(dayjs(seg.arrivalDate), 'minute');
                items.push({ key: `wait${i}`, children: <span className="fl-detail-wait">{t('flights.detail.connection', { place: seg.to, time: duration(wait, t) })}</span> });
              }
              return items;
            })}
          />
          {cls && (
            <Descriptions size="small" column={1} bordered title={t('flights.detail.fare')} className="fl-detail-fare">
              <Descriptions.Item label={t('flights.offer.class')}>{cls.class} · {cls.fareInfo.fareFamily} · {t(`flights.cabin.${cls.fareInfo.cabinClass}`)}</Descriptions.Item>
              <Descriptions.Item label={t('flights.detail.handBaggage')}>{cls.handBaggage.description || t('flights.detail.noBaggage')}</Descriptions.Item>
              <Descriptions.Item label={t('flights.detail.freeBaggage')}>{cls.freeBaggage.description || t('flights.detail.noBaggage')}</Descriptions.Item>
              <Descriptions.Item label={t('flights.detail.refundable')}>{t(cls.fareInfo.refundable ? 'flights.detail.yes' : 'flights.detail.no')}</Descriptions.Item>
              <Descriptions.Item label={t('flights.detail.changeable')}>{t(cls.fareInfo.changeable ? 'flights.detail.yes' : 'flights.detail.no')}</Descriptions.Item>
              <Descriptions.Item label={t('flights.detail.fareBasis')}>{cls.fareInfo.fareBasis}</Descriptions.Item>
            </Descriptions>
          )}
        </div>
      )}
    </Drawer>
  );
}
