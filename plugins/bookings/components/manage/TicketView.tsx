/**
 * The printed ticket (printInfo of spec point 3): the agency's logo unless hidden, agent name, phone, hotline,
 * facebook and address, the PNR and its status, flights, passengers with ticket numbers, the price as chosen
 * (total, detail or none) and the note. The print stylesheet prints this block alone on A4.
 */
import { useTranslation } from 'react-i18next';
import type { PrintInfo } from '../../../../contract/bookings';
import { formatDate, formatVnd } from '../../../../src/sdk';
import { ticketPriceLines } from '../../../../contract/aftersale-money';
import { baggageText } from '../../model/print';

export function TicketView({ info }: { info: PrintInfo }) {
  const { t } = useTranslation();
  const city = (code: string) => info.listLocation.find((l) => l.code === code)?.city ?? code;
  const lines = info.checkTotal ? ticketPriceLines(info.fareData, info.priceDisplay) : [];
  return (
    <article className="bkm-ticket" data-testid="print-ticket" data-pnr={info.pnrCode}>
      <header className="bkm-ticket-head">
        {info.logo && <img src={info.logo} alt={info.agentName} className="bkm-ticket-logo" data-testid="print-logo" />}
        <div className="bkm-ticket-agent">
          <strong className="bkm-ticket-agent-name">{info.agentName}</strong>
          {info.address && <div>{info.address}</div>}
          <div>
            {[info.agentPhone && `${t('bookings.print.phone')}: ${info.agentPhone}`, info.hotline && `${t('bookings.print.hotline')}: ${info.hotline}`].filter(Boolean).join(' · ')}
          </div>
          {info.facebook && <div>Facebook: {info.facebook}</div>}
        </div>
        <div className="bkm-ticket-pnr">
          <div className="muted">{t('bookings.print.pnr')}</div>
          <div className="bkm-code bkm-ticket-code">{info.pnrCode}</div>
          <div>
            {info.airline} · {t(`bookings.recordStatus.${info.status}`)}
          </div>
        </div>
      </header>
      <h2 className="bkm-ticket-title">{t('bookings.print.eTicket')}</h2>
      <section>
        <h3 className="bkm-sub">{t('bookings.print.flights')}</h3>
        <table className="bkm-ticket-table">
          <thead>
            <tr>
              <th>{t('bookings.print.flight')}</th>
              <th>{t('bookings.print.from')}</th>
              <th>{t('bookings.print.to')}</th>
              <th>{t('bookings.print.date')}</th>
              <th>{t('bookings.print.class')}</th>
              <th>{t('bookings.print.baggage')}</th>
            </tr>
          </thead>
          <tbody>
            {info.routeInfos.map((r, i) => (
              <tr key={i}>
                <td>
                  <strong>{r.flightNo}</strong>
                  <div className="muted">{r.airCraft}</div>
                </td>
                <td>
                  {city(r.from)} ({r.from}) <strong>{r.timeFrom}</strong>
                  {r.startTerminal && <div className="muted">{t('bookings.print.terminal')} {r.startTerminal}</div>}
                </td>
                <td>
                  {city(r.to)} ({r.to}) <strong>{r.timeTo}</strong>
                  {r.endTerminal && <div className="muted">{t('bookings.print.terminal')} {r.endTerminal}</div>}
                </td>
                <td>{formatDate(r.departDate)}</td>
                <td>
                  {r.class} · {r.cabinClass}
                </td>
                <td>
                  {[baggageText(r.handBaggage) && `${t('bookings.print.hand')} ${baggageText(r.handBaggage)}`, baggageText(r.freeBaggage) && `${t('bookings.print.checked')} ${baggageText(r.freeBaggage)}`]
                    .filter(Boolean)
                    .map((x) => (
                      <div key={x as string}>{x}</div>
                    ))}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <section>
        <h3 className="bkm-sub">{t('bookings.print.passengers')}</h3>
        <table className="bkm-ticket-table">
          <thead>
            <tr>
              <th>#</th>
              <th>{t('bookings.print.name')}</th>
              <th>{t('bookings.print.type')}</th>
              <th>{t('bookings.print.ticket')}</th>
            </tr>
          </thead>
          <tbody>
            {info.passengers.map((p, i) => (
              <tr key={p.paxId}>
                <td>{i + 1}</td>
                <td>
                  <strong>
                    {p.lastName} {p.firstName}
                  </strong>{' '}
                  {p.title}
                </td>
                <td>{t(`bookings.paxType.${p.paxType}`)}</td>
                <td className="bkm-code" data-testid="print-ticket-number">
                  {p.ticketNumber || '—'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      {lines.length > 0 && (
        <section className="bkm-ticket-price" data-testid="print-price" data-display={info.priceDisplay}>
          {lines.map((l, i) => (
            <div key={i} className={`bkm-fare-row${l.key === 'total' ? ' bkm-fare-total' : ''}`} data-testid={`print-line-${l.key === 'extra' ? `extra-${l.kind}` : l.key === 'perType' ? l.paxType : l.key}`} data-amount={l.amount}>
              <span>
                {l.key === 'perType'
                  ? `${t(`bookings.paxType.${l.paxType}`)} × ${l.count} (${formatVnd(l.unit ?? 0)})`
                  : l.key === 'extra'
                    ? t(`bookings.detail.extra.${l.kind}`)
                    : t(`bookings.print.${l.key}`)}
              </span>
              <span>{formatVnd(l.amount)}</span>
            </div>
          ))}
        </section>
      )}
      {info.passengerPhone && (
        <p className="muted">
          {t('bookings.print.passengerPhone')}: {info.passengerPhone}
        </p>
      )}
      {info.note && <p className="bkm-ticket-note">{info.note}</p>}
    </article>
  );
}
