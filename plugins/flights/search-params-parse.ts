/**
 * The search in the URL of the results pages (see search-params.ts), read back. Parsing is lenient: a broken
 * parameter falls back to the default, and a request that the contract would refuse gives null (the page then shows
 * the search panel only).
 */
import { flightSearchRequest, type FlightSearchRequest } from '../../contract/flights';
import { AIRLINES_DOMESTIC, JOURNEY_TYPES, SEARCH_TYPES, type JourneyType } from '../../contract/flights-rules';

const IATA = /^[A-Z]{3}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

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
