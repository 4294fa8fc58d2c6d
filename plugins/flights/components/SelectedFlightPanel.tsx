/**
 * The selected-flight panel: each side's flight and its totals per passenger type (fare, tax, VAT, issue
 * fee), the grand total in VND, typeOfBook, the quotes and the way on to passenger information.
 */
import { Button, Empty, Tooltip } from 'antd';
import { CloseOutlined, FileImageOutlined, MessageOutlined, RightOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatVnd } from '../../../src/sdk';
import { customerPriceDetail, grandTotal, sideTotal, type SelectedFlightSession, type SelectedSide, type Side } from '../model';
import { ddmmyyyy, hhmm } from './format';
import { CarrierBadge } from './OfferCard';

export interface SelectedFlightPanelProps {
  session: SelectedFlightSession;
  sides: readonly Side[];
  /** Labels of the sides (multi-city: the leg). */
  sideLabel?: (side: Side) => string;
  onClear: (side: Side) => void;
  onQuote: () => void;
  onQuoteImage: () => void;
  /** Set when the passenger-information route exists; otherwise the button explains why it waits. */
  onContinue?: () => void;
}

function SideBlock({ side, data, label, hiddenIssueFee, onClear }: { side: Side; data: SelectedSide; label: string; hiddenIssueFee: boolean; onClear: () => void }) {
  const { t } = useTranslation();
  const offer = data.data;
  if (!offer || !data.priceDetail) {
    return (
      <div className="fl-sel-side is-empty" data-testid={`selected-${side}`}>
        <div className="fl-sel-side-title">{label}</div>
        <span className="muted">{t('flights.selected.none')}</span>
      </div>
    );
  }
  const detail = customerPriceDetail(data.priceDetail, hiddenIssueFee);
  return (
    <div className="fl-sel-side" data-testid={`selected-${side}`}>
      <div className="fl-sel-side-title">
        <span>{label}</span>
        <Button type="text" size="small" icon={<CloseOutlined />} aria-label={t('flights.selected.clear')} onClick={onClear} />
      </div>
      <div className="fl-sel-flight">
        <CarrierBadge code={offer.airline} />
        <span>
          <strong>{offer.routeInfo.map((r) => r.flightNo).join(' · ')}</strong>{' '}
          {offer.from} {hhmm(offer.departDateTime)} → {offer.to} {hhmm(offer.arrivalDateTime)} · {ddmmyyyy(offer.departDateTime)}
          {' · '}{t('flights.offer.class')} {detail.class}
        </span>
      </div>
      <div className="fl-sel-table-wrap">
        <table className="fl-sel-table">
          <thead>
            <tr>
              <th scope="col">{t('flights.selected.pax')}</th>
              <th scope="col">{t('flights.selected.fare')}</th>
              <th scope="col">{t('flights.selected.tax')}</th>
              <th scope="col">{t('flights.selected.vat')}</th>
              <th scope="col">{t('flights.selected.issueFee')}</th>
              <th scope="col">{t('flights.selected.total')}</th>
            </tr>
          </thead>
          <tbody>
            {detail.lines.map((l) => (
              <tr key={l.paxType} data-testid={`line-${side}-${l.paxType}`}>
                <th scope="row">{t(`flights.paxType.${l.paxType}`)} × {l.count}</th>
                <td>{formatVnd(l.totalFare)}</td>
                <td>{formatVnd(l.totalTax)}</td>
                <td>{formatVnd(l.totalVat)}</td>
                <td>{formatVnd(l.totalIssueFee)}</td>
                <td><strong>{formatVnd(l.total)}</strong></td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="fl-sel-side-total">
        <span className="muted">{t('flights.selected.typeOfBook')}: {data.typeOfBook}</span>
        <span>{t('flights.selected.sideTotal')}: <strong data-testid={`side-total-${side}`}>{formatVnd(sideTotal(data))}</strong></span>
      </div>
    </div>
  );
}

export function SelectedFlightPanel({ session, sides, sideLabel, onClear, onQuote, onQuoteImage, onContinue }: SelectedFlightPanelProps) {
  const { t } = useTranslation();
  const any = sides.some((s) => session[s].data);
  const complete = sides.every((s) => session[s].data);
  const label = sideLabel ?? ((s: Side) => t(`flights.results.tab.${s}`));
  return (
    <section className="fl-selected" data-testid="selected-panel" aria-label={t('flights.selected.title')}>
      <h2 className="fl-panel-title">{t('flights.selected.title')}</h2>
      {!any ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('flights.selected.hint')} />
      ) : (
        <>
          {sides.map((s) => (
            <SideBlock key={s} side={s} data={session[s]} label={label(s)} hiddenIssueFee={session.hiddenIssueFee} onClear={() => onClear(s)} />
          ))}
          <div className="fl-sel-grand">
            <span>{t('flights.selected.grandTotal')}</span>
            <strong data-testid="grand-total">{formatVnd(grandTotal(session))}</strong>
          </div>
          <div className="fl-sel-actions">
            <Button icon={<MessageOutlined />} onClick={onQuote} data-testid="open-quote">{t('flights.quote.open')}</Button>
            <Button icon={<FileImageOutlined />} onClick={onQuoteImage} data-testid="open-quote-image">{t('flights.quote.openImage')}</Button>
            {onContinue ? (
              <Button type="primary" icon={<RightOutlined />} disabled={!complete} onClick={onContinue}>{t('flights.selected.continue')}</Button>
            ) : (
              <Tooltip title={t('flights.selected.continueLater')}>
                {/* a disabled button gets no pointer events: the span carries the tooltip */}
                <span tabIndex={0} className="fl-disabled-wrap" data-testid="continue-disabled">
                  <Button type="primary" icon={<RightOutlined />} disabled>{t('flights.selected.continue')}</Button>
                </span>
              </Tooltip>
            )}
          </div>
        </>
      )}
    </section>
  );
}
