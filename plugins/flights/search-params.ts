/**
 * The search in the URL of the results pages, so that reload and back repeat it:
 *   /booking/flights?type=RT&st=BP&from=HAN&to=SGN&dep=2026-12-01&ret=2026-12-05&adt=1&chd=0&inf=0&promo=VN.ABC
 *   /booking/multi-destinations?legs=HAN.SGN.2026-12-01~SGN.DAD.2026-12-04&adt=1...
 * Parsing (`paramsToSearch`, with the contract's schema) is in search-params-parse.ts: only the results pages read
 * the URL, and the search panels of the home, which only write it, do not bring the schema (nor zod) with them.
 */
import type { FlightSearchRequest } from '../../contract/flights';
import { AIRLINES_DOMESTIC } from '../../contract/flights-rules';

export function searchToParams(request: FlightSearchRequest): URLSearchParams {
  const p = new URLSearchParams();
  p.set('type', request.journeyType);
  p.set('st', request.searchType);
  if (request.journeyType === 'MC') {
    p.set('legs', request.legs.map((l) => `${l.from}.${l.to}.${l.departDate}`).join('~'));
  } else {
    const [leg] = request.legs;
    p.set('from', leg.from);
    p.set('to', leg.to);
    p.set('dep', leg.departDate);
    if (request.journeyType === 'RT' && request.returnDate) p.set('ret', request.returnDate);
  }
  p.set('adt', String(request.adt));
  p.set('chd', String(request.chd));
  p.set('inf', String(request.inf));
  const promo = AIRLINES_DOMESTIC.filter((a) => request.promotionCodes[a]).map((a) => `${a}.${request.promotionCodes[a]}`);
  if (promo.length) p.set('promo', promo.join('~'));
  return p;
}

/** The page that shows the results of a request. */
export function resultsPath(request: FlightSearchRequest): string {
  const base = request.journeyType === 'MC' ? '/booking/multi-destinations' : '/booking/flights';
  return `${base}?${searchToParams(request).toString()}`;
}

/** A stable key of a request (to restart the search when it changes). */
export function searchKey(request: FlightSearchRequest | null): string {
  return request ? searchToParams(request).toString() : '';
}
