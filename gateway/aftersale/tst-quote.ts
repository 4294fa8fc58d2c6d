/**
 * retain-quote-tst (pnrsync): the fare quote of the PNR's itinerary as it is NOW (its flights and classes after
 * class changes, added segments, exchanges), priced by its own source, to be stored as the new TSTs. Each stored
 * fare's segments are priced together (a connection as one offer); a segment no fare covers is priced alone.
 * Answers 409 noQuote when the source no longer offers a flight or class of the PNR: nothing is stored then.
 */
import type { PnrRecord, PnrSegment, PnrTst } from '../../contract/aftersale';
import { flownOrder, paxCountsOf, paxFare } from '../../contract/aftersale-segments';
import type { Language } from '../../contract/constants';
import { ErrorCode } from '../../contract/errors';
import type { PriceInfo, Source } from '../../contract/flights';
import { ApiError } from '../platform/http/errors';
import { supplierFailed } from './payment';
import type { AfterSaleDeps } from './services';

const NO_QUOTE = {
  vi: 'Hãng không còn bán chuyến bay hoặc hạng đặt chỗ của PNR nên không tính lại được giá. Vui lòng đổi hạng hoặc đổi chuyến trước.',
  en: 'The airline no longer sells a flight or class of the PNR, so it cannot be priced again. Please change the class or the flight first.',
} as const;

/** The groups of segments priced together: those of each stored fare, then each segment no fare covers. */
export function quoteGroups(r: Pick<PnrRecord, 'segments' | 'tst'>): number[][] {
  const groups: number[][] = [];
  const ids = new Set(r.segments.map((s) => s.segId));
  for (const t of r.tst) {
    const g = t.segIds.filter((id) => ids.has(id));
    if (g.length > 0 && !groups.some((x) => x.join() === g.join())) groups.push(g);
  }
  for (const s of flownOrder(r.segments)) if (!groups.some((g) => g.includes(s.segId))) groups.push([s.segId]);
  return groups;
}

const fareOf = (p: PriceInfo, t: PnrTst['paxType']) => (t === 'ADT' ? p.fareADT : t === 'CHD' ? p.fareCHD : p.fareINF);

/** Today's fares of the PNR's itinerary, one per group and passenger type (ids given by the airline when stored). */
export async function currentQuote(deps: Pick<AfterSaleDeps, 'suppliers'>, r: PnrRecord, lang: Language): Promise<Omit<PnrTst, 'id'>[]> {
  const counts = paxCountsOf(r.names);
  const types = (['ADT', 'CHD', 'INF'] as const).filter((t) => r.names.some((n) => n.paxType === t));
  const out: Omit<PnrTst, 'id'>[] = [];
  for (const group of quoteGroups(r)) {
    const segs = flownOrder(r.segments.filter((s) => group.includes(s.segId)));
    const price = await priceOf(deps, r, segs, counts, lang);
    for (const t of types) out.push({ paxType: t, segIds: segs.map((s) => s.segId), fareBasis: price.fareInfo.fareBasis, fare: fareOf(price, t), tax: paxFare(price, t) - fareOf(price, t), total: paxFare(price, t) });
  }
  return out;
}

async function priceOf(deps: Pick<AfterSaleDeps, 'suppliers'>, r: PnrRecord, segs: PnrSegment[], counts: { adt: number; chd: number; inf: number }, lang: Language): Promise<PriceInfo> {
  const flights = segs.map((s) => s.flightNo).join('/');
  let offers;
  try {
    offers = await deps.suppliers.flightQuotes(r.source as Source).search({
      from: segs[0].from,
      to: segs[segs.length - 1].to,
      departDate: segs[0].departDate.slice(0, 10),
      pax: { adt: Math.max(1, counts.adt), chd: counts.chd, inf: counts.inf },
    });
  } catch (err) {
    throw supplierFailed(err, lang);
  }
  const offer = offers.find((o) => o.airline === r.airline && o.routeInfo.map((l) => l.flightNo).join('/') === flights);
  const price = offer?.priceInfo.find((p) => p.class === segs[0].class);
  if (!price) throw new ApiError(ErrorCode.CONFLICT, { reason: 'noQuote', message: NO_QUOTE[lang] });
  return price;
}
