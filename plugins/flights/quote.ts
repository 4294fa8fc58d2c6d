/**
 * The text quote an agent copies to a customer (quote modal) and draws as an image (quote image modal), in
 * Vietnamese or English whatever the screen's language: pass a `t` fixed to the quote's language. With
 * hiddenIssueFee the issue fee is folded into the fare (model/selection.ts customerPriceDetail).
 */
import type { TFunction } from 'i18next';
import type { FlightOffer } from '../../contract/flights';
import { formatVnd } from '../../src/sdk';
import { customerPriceDetail, type PriceDetail } from './model';
import { ddmmyyyy, duration, hhmm, stops } from './components/format';

export interface QuoteItem {
  /** 'depart', 'return' or a multi-city leg number. */
  part: 'depart' | 'return' | number;
  offer: FlightOffer;
  detail: PriceDetail;
}

export function itemTotal(detail: PriceDetail): number {
  return detail.lines.reduce((sum, l) => sum + l.total, 0);
}

export function buildQuoteText(items: readonly QuoteItem[], t: TFunction, options: { hiddenIssueFee?: boolean } = {}): string {
  const out: string[] = [t('flights.quote.heading'), ''];
  let grand = 0;
  for (const item of items) {
    const { offer } = item;
    const detail = customerPriceDetail(item.detail, options.hiddenIssueFee ?? false);
    const title = typeof item.part === 'number' ? t('flights.multi.leg', { n: item.part }) : t(`flights.quote.${item.part}`);
    out.push(`▸ ${title}: ${offer.from} → ${offer.to}, ${ddmmyyyy(offer.departDateTime)}`);
    for (const seg of offer.routeInfo) {
      out.push(`  ${seg.flightNo} ${seg.carrierName}: ${hhmm(seg.departDate)} ${seg.from} → ${hhmm(seg.arrivalDate)} ${seg.to} (${ddmmyyyy(seg.arrivalDate)})`);
    }
    out.push(`  ${duration(offer.totalTimeDuring, t)}, ${stops(offer.numberOfStop, t)}`);
    const cls = offer.priceInfo.find((p) => p.class === detail.class);
    if (cls) {
      out.push(`  ${t('flights.quote.fareClass')}: ${cls.class} – ${cls.fareInfo.fareFamily}; ${t('flights.quote.baggage')}: ${cls.freeBaggage.description || t('flights.detail.noBaggage')}`);
    }
    for (const line of detail.lines) {
      const each = line.fare + line.tax + line.vat + line.issueFee;
      out.push(`  ${t(`flights.paxType.${line.paxType}`)} × ${line.count}: ${formatVnd(each)} = ${formatVnd(line.total)}`);
    }
    const total = itemTotal(detail);
    grand += total;
    out.push(`  ${t('flights.quote.subtotal')}: ${formatVnd(total)}`, '');
  }
  out.push(`${t('flights.quote.total')}: ${formatVnd(grand)}`);
  out.push(t('flights.quote.note'));
  return out.join('\n');
}
