/**
 * The search in the URL of the results pages, so that reload and back repeat it:
 *   /booking/flights?type=RT&st=BP&from=HAN&to=SGN&dep=2026-12-01&ret=2026-12-05&adt=1&chd=0&inf=0&promo=VN.ABC
 *   /booking/multi-destinations?legs=HAN.SGN.2026-12-01~SGN.DAD.2026-12-04&adt=1...
 * Parsing is lenient: a broken parameter falls back to the default, and a request that the contract would
 * refuse gives null (the page then shows the search panel only).
 */
import {
  AIRLINES_DOMESTIC, JOURNEY_TYPES, SEARCH_TYPES, flightSearchRequest, type FlightSearchRequest, type JourneyType,
} from '../../contract/flights';

const IATA = /^[A-Z]{3}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

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

function count(p: URLSearchParams, key: string, fallback: number): number {
  const n = Number(p.get(key));
  return p.has(key) && Number.isInteger(n) ? n : fallback;
}

export function paramsToSearch(p: URLSearchParams): FlightSearchRequest | null {
  const type = (p.get('type') ?? 'OW') as JourneyType;
  const journeyType: JourneyType = (JOURNEY_TYPES as readonly string[]).includes(type) ? type : 'OW';
  const st = p.get('st') ?? 'BP';
  const searchType = (SEARCH_TYPES as readonly string[]).includes(st) ? (st as FlightSearchRequest['searchType']) : 'BP';
  let legs: FlightSearchRequest['legs'];
  if (journeyType === 'MC') {
    legs = (p.get('legs') ?? '').split('~').filter(Boolean).map((s) => {
      const [from = '', to = '', departDate = ''] = s.split('.');
      return { from: from.toUpperCase(), to: to.toUpperCase(), departDate };
    });
  } else {
    legs = [{ from: (p.get('from') ?? '').toUpperCase(), to: (p.get('to') ?? '').toUpperCase(), departDate: p.get('dep') ?? '' }];
  }
  if (!legs.length || legs.some((l) => !IATA.test(l.from) || !IATA.test(l.to) || !DATE.test(l.departDate))) return null;
  const promotionCodes: FlightSearchRequest['promotionCodes'] = {};
  for (const pair of (p.get('promo') ?? '').split('~').filter(Boolean)) {
    const i = pair.indexOf('.');
    const airline = pair.slice(0, i);
    if (i > 0 && (AIRLINES_DOMESTIC as readonly string[]).includes(airline)) {
      promotionCodes[airline as (typeof AIRLINES_DOMESTIC)[number]] = pair.slice(i + 1);
    }
  }
  const ret = p.get('ret') ?? '';
  const raw = {
    journeyType, searchType, legs,
    ...(journeyType === 'RT' && DATE.test(ret) ? { returnDate: ret } : {}),
    adt: count(p, 'adt', 1), chd: count(p, 'chd', 0), inf: count(p, 'inf', 0),
    promotionCodes,
  };
  if (journeyType === 'RT' && !raw.returnDate) return null;
  const parsed = flightSearchRequest.safeParse(raw);
  return parsed.success ? parsed.data : null;
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
