/**
 * Flight search rules of the gateway that do not depend on a session: validation of a search request,
 * the booking fees of the caller's agency, the airport list, the cheapest-day summary and fare rules.
 *
 * Fees: offers keep the carrier's fare, tax and VAT exactly as the supplier priced them (fareADT is never
 * marked up). Every fee the selling agency's side adds is one `bookingFees` entry per airline, domestic or
 * international, and passenger type:
 *
 *   issueFee = supplier default issue fee (bookingFees of gateway/suppliers)
 *            + the agency's own issue fee setting (agencies.issue_fee_domestic / _international; 0 when unset)
 *            + serviceFee
 *   serviceFee = feesFor(agency, airline, international, paxType) (gateway/system/fees.ts: the agency's own
 *                service fee plus every ancestor's markup on the level below it)
 *
 * So the price an agent shows a customer is fare + tax + VAT + issueFee per passenger, which includes what
 * the fee model says a sub-agency is shown; `hiddenIssueFee` on the portal hides the issueFee line.
 */
import { inArray, sql } from 'drizzle-orm';
import { AIRLINE_ANY } from '../../contract/admin-system';
import { ErrorCode } from '../../contract/errors';
import {
  DEFAULT_PRICE_MODE,
  summaryPrice,
  type Airport,
  type BookingFee,
  type CheapestBookingDay,
  type FareRule,
  type FlightSearchRequest,
  type PriceMode,
  type Source,
} from '../../contract/flights';
import type { Language } from '../../contract/constants';
import { ancestorsOf } from '../platform/tenancy/scope';
import type { Conn } from '../platform/db/client';
import { agencies, serviceFees, signIns } from '../platform/db/schema';
import { ApiError } from '../platform/http/errors';
import { addDays, isCalendarDate, todayInVietnam } from '../platform/clock';
import { bookingFees as defaultBookingFees, SupplierError, type SupplierRegistry, type SupplierSearch } from '../suppliers';
import { AIRPORT_LIST, AIRPORTS, CARRIER_CHANNELS } from '../suppliers/reference-data';
import { sumFees, type FeeLine, type PathAgency } from '../system/service';
import { seatRowsJson, seatsTakenReader, type SeatRow } from './inventory';
import { sharedKey } from '../platform/shared';
import type { SearchSessions } from './search-sessions';

/** Carriers open sales about a year ahead. */
export const MAX_DAYS_AHEAD = 365;

/** Today's date in Vietnam (yyyy-MM-dd): dates before it are in the past. */
export { todayInVietnam };

// ----- Validation ------------------------------------------------------------------------------------------

export interface Issue {
  path: string;
  code: string;
  message: string;
}

/** The request after validation: OW and MC carry no returnDate; RT always has one. */
export type ValidSearch = FlightSearchRequest;

/**
 * The rules of a search request beyond its schema: passenger counts of spec point 5 (at least one adult,
 * adults + children ≤ 9, infants ≤ adults), known and distinct airports, dates real, not in the past and at
 * most a year ahead, one leg for OW and RT, a return date not before the departure for RT, at least two
 * chronological legs for MC. Answers the issues with field paths and messages in `lang`.
 */
export function searchIssues(req: FlightSearchRequest, lang: Language, today: string = todayInVietnam()): Issue[] {
  const issues: Issue[] = [];
  const add = (path: string, code: string, vi: string, en: string) => issues.push({ path, code, message: lang === 'vi' ? vi : en });
  if (req.adt < 1) add('adt', 'minAdults', 'Cần ít nhất một người lớn.', 'At least one adult is needed.');
  if (req.adt + req.chd > 9) add('chd', 'maxPassengers', 'Tối đa 9 hành khách người lớn và trẻ em.', 'At most 9 adults and children together.');
  if (req.inf > req.adt) add('inf', 'infantsOverAdults', 'Số em bé không được vượt quá số người lớn.', 'There cannot be more infants than adults.');

  const last = addDays(today, MAX_DAYS_AHEAD);
  const checkDate = (path: string, date: string, what: { vi: string; en: string }): boolean => {
    if (!isCalendarDate(date)) {
      add(path, 'invalidDate', `${what.vi} không phải ngày hợp lệ.`, `The ${what.en} is not a real date.`);
      return false;
    }
    if (date < today) {
      add(path, 'pastDate', `${what.vi} đã qua.`, `The ${what.en} is in the past.`);
      return false;
    }
    if (date > last) add(path, 'tooFarAhead', `${what.vi} quá xa (tối đa ${MAX_DAYS_AHEAD} ngày).`, `The ${what.en} is too far ahead (at most ${MAX_DAYS_AHEAD} days).`);
    return true;
  };

  req.legs.forEach((leg, i) => {
    const at = `legs.${i}`;
    if (!AIRPORTS[leg.from]) add(`${at}.from`, 'unknownAirport', `Không có sân bay ${leg.from}.`, `Unknown airport ${leg.from}.`);
    if (!AIRPORTS[leg.to]) add(`${at}.to`, 'unknownAirport', `Không có sân bay ${leg.to}.`, `Unknown airport ${leg.to}.`);
    if (leg.from === leg.to) add(`${at}.to`, 'sameAirport', 'Điểm đi và điểm đến phải khác nhau.', 'Departure and arrival must differ.');
    checkDate(`${at}.departDate`, leg.departDate, { vi: 'Ngày đi', en: 'departure date' });
  });

  if (req.journeyType === 'OW' || req.journeyType === 'RT') {
    if (req.legs.length !== 1) add('legs', 'oneLeg', 'Hành trình một chiều hoặc khứ hồi có đúng một chặng.', 'A one-way or round trip has exactly one leg.');
  }
  if (req.journeyType === 'RT') {
    if (!req.returnDate) add('returnDate', 'returnDateRequired', 'Hành trình khứ hồi cần ngày về.', 'A round trip needs a return date.');
    else if (checkDate('returnDate', req.returnDate, { vi: 'Ngày về', en: 'return date' }) && req.returnDate < req.legs[0].departDate) {
      add('returnDate', 'returnBeforeDeparture', 'Ngày về không được trước ngày đi.', 'The return date cannot be before the departure date.');
    }
  }
  if (req.journeyType === 'MC') {
    if (req.legs.length < 2) add('legs', 'twoLegs', 'Hành trình nhiều chặng cần ít nhất hai chặng.', 'A multi-city journey needs at least two legs.');
    for (let i = 1; i < req.legs.length; i++) {
      if (req.legs[i].departDate < req.legs[i - 1].departDate) {
        add(`legs.${i}.departDate`, 'legsOutOfOrder', 'Các chặng phải theo thứ tự ngày bay.', 'Legs must be in the order of their dates.');
      }
    }
  }
  return issues;
}

/** Throws 400/41 with the issues, or answers the normalised request (returnDate kept only for RT). */
export function validateSearchRequest(req: FlightSearchRequest, lang: Language, today?: string): ValidSearch {
  const issues = searchIssues(req, lang, today);
  if (issues.length > 0) throw new ApiError(ErrorCode.VALIDATION, { in: 'body', issues });
  const { returnDate: _returnDate, ...rest } = req;
  return req.journeyType === 'RT' ? req : rest;
}

/** The supplier searches of a journey: RT one search with its return date; OW one; MC one per leg. */
export function supplierSearches(req: ValidSearch): { leg?: number; search: SupplierSearch }[] {
  const pax = { adt: req.adt, chd: req.chd, inf: req.inf };
  if (req.journeyType === 'MC') return req.legs.map((l, leg) => ({ leg, search: { from: l.from, to: l.to, departDate: l.departDate, pax } }));
  const l = req.legs[0];
  return [{ search: { from: l.from, to: l.to, departDate: l.departDate, ...(req.returnDate ? { returnDate: req.returnDate } : {}), pax } }];
}

const isVietnamese = (code: string) => AIRPORTS[code]?.country === 'VNM';

/** International when any airport of the journey is outside Vietnam; passports are then required. */
export function isInternationalJourney(req: Pick<FlightSearchRequest, 'legs'>): boolean {
  return req.legs.some((l) => !isVietnamese(l.from) || !isVietnamese(l.to));
}

// ----- Fees ------------------------------------------------------------------------------------------------

const isCarrierChannel = (source: Source) => (CARRIER_CHANNELS as readonly string[]).includes(source);

export interface FeeAgency {
  id: number;
  issueFeeDomestic: number;
  issueFeeInternational: number;
}

/** All fee lines that can apply to `agencyId` (targets on its path up to the F1), with the path: two queries. */
async function feeLinesOf(db: Conn, agencyId: number): Promise<{ path: PathAgency[]; lines: (FeeLine & { international: boolean; paxType: string })[] }> {
  const rows = await db
    .select({ id: agencies.id, parentId: agencies.parentId, level: agencies.level })
    .from(agencies)
    .where(inArray(agencies.id, ancestorsOf(agencyId)));
  const path = rows.filter((r) => r.level >= 1).sort((a, b) => b.level - a.level);
  if (path.length === 0) return { path, lines: [] };
  const lines = await db
    .select({
      ownerAgencyId: serviceFees.ownerAgencyId,
      targetAgencyId: serviceFees.targetAgencyId,
      airline: serviceFees.airline,
      amount: serviceFees.amount,
      international: serviceFees.international,
      paxType: serviceFees.paxType,
    })
    .from(serviceFees)
    .where(inArray(serviceFees.targetAgencyId, path.map((p) => p.id)));
  return { path, lines };
}

/**
 * bookingFees for the airlines and scopes of a search, for the caller's agency (see the top of this file).
 * Two queries whatever the number of airlines; the sums equal `feesFor` line by line.
 */
export async function agencyBookingFees(db: Conn, agency: FeeAgency, scopes: { airlines: string[]; domestic: boolean }[]): Promise<BookingFee[]> {
  return bookingFeesOf(await feeLinesOf(db, agency.id), agency, scopes);
}

type FeeLines = Awaited<ReturnType<typeof feeLinesOf>>;

/** The sign-ins a search fans out to (what the search needs of them: no secret). */
export interface SearchSignIn {
  id: number;
  source: Source;
  officeCode: string;
}

/**
 * What a search of the caller's agency starts from, in ONE query: its active sign-ins (its own, else its
 * nearest ancestor's that has any, in display order: as `activeSignIns`) and the fee lines of its path up to
 * its F1 with that path (as `agencyBookingFees` reads them), and the seat inventory of every flight departing
 * on `seatDays` (`seatRowsJson`: what `searchSeatsReader` would read, for `seatsReaderOf`). Read fresh on every
 * search: a change of sign-ins, fees or the agency tree, by any instance or by hand, and a seat taken by any
 * booking before the search, shows in the next search.
 */
export async function searchStartOf(
  db: Conn,
  agencyId: number,
  seatDays: readonly string[] = [],
): Promise<{ signIns: SearchSignIn[]; fees: FeeLines; seats: SeatRow[] }> {
  const result = await db.execute(sql`
    with path as (select ${agencies.id} as id, ${agencies.parentId} as parent_id, ${agencies.level} as level
                  from ${agencies} where ${agencies.id} in ${ancestorsOf(agencyId)}),
    owner as (select p.id from path p join ${signIns} s on s.agency_id = p.id group by p.id, p.level order by p.level desc limit 1)
    select
      (select coalesce(json_agg(json_build_object('id', s.id, 'source', s.source, 'officeCode', s.office_code) order by s.sort_order, s.id), '[]'::json)
         from ${signIns} s where s.agency_id = (select id from owner) and s.active) as sign_ins,
      (select coalesce(json_agg(json_build_object('id', p.id, 'parentId', p.parent_id, 'level', p.level) order by p.level desc), '[]'::json)
         from path p where p.level >= 1) as path,
      (select coalesce(json_agg(json_build_object('ownerAgencyId', f.owner_agency_id, 'targetAgencyId', f.target_agency_id, 'airline', f.airline,
                'amount', f.amount, 'international', f.international, 'paxType', f.pax_type) order by f.id), '[]'::json)
         from ${serviceFees} f where f.target_agency_id in (select id from path where level >= 1)) as lines,
      ${seatRowsJson(seatDays)} as seats`);
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { sign_ins: unknown; path: unknown; lines: unknown; seats: unknown }[];
  const json = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;
  const row = rows[0];
  const path = json<PathAgency[]>(row?.path ?? '[]');
  return {
    signIns: json<SearchSignIn[]>(row?.sign_ins ?? '[]'),
    fees: { path, lines: path.length === 0 ? [] : json<FeeLines['lines']>(row?.lines ?? '[]') },
    seats: json<SeatRow[]>(row?.seats ?? '[]'),
  };
}

/** bookingFees for the scopes of a search from fee lines already read (`feeLinesOf`, `searchStartOf`). */
export function bookingFeesOf({ path, lines }: FeeLines, agency: FeeAgency, scopes: { airlines: string[]; domestic: boolean }[]): BookingFee[] {
  const out: BookingFee[] = [];
  const seen = new Set<string>();
  for (const { airlines, domestic } of scopes) {
    for (const base of defaultBookingFees(airlines, domestic)) {
      const key = `${base.airline}|${domestic}|${base.paxType}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const matching = lines.filter((l) => l.international === !domestic && l.paxType === base.paxType && (l.airline === base.airline || l.airline === AIRLINE_ANY));
      const serviceFee = sumFees(path, matching, base.airline);
      const own = domestic ? agency.issueFeeDomestic : agency.issueFeeInternational;
      out.push({ ...base, issueFee: base.issueFee + Math.max(0, own) + serviceFee, serviceFee });
    }
  }
  return out;
}

/** The airlines and scopes a search can answer with, given the sources of the agency's sign-ins (as their suppliers sell). */
export function feeScopes(suppliers: SupplierRegistry, sources: readonly Source[], req: Pick<FlightSearchRequest, 'legs'>): { airlines: string[]; domestic: boolean }[] {
  const byScope = new Map<boolean, Set<string>>();
  for (const l of req.legs) {
    const domestic = isVietnamese(l.from) && isVietnamese(l.to);
    const set = byScope.get(domestic) ?? new Set<string>();
    for (const s of new Set(sources)) for (const a of suppliers.flight(s).airlinesOn(l.from, l.to)) set.add(a);
    byScope.set(domestic, set);
  }
  return [...byScope].map(([domestic, set]) => ({ domestic, airlines: [...set] }));
}

// ----- Airports --------------------------------------------------------------------------------------------

/** Lower case without diacritics (đ → d), for searching Vietnamese and English names alike. */
export function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'D')
    .toLowerCase()
    .trim();
}

const AIRPORT_VIEW: readonly (Airport & { folded: string[] })[] = AIRPORT_LIST.map((a) => ({
  code: a.code,
  cityVi: a.cityVi,
  cityEn: a.cityEn,
  nameVi: a.nameVi,
  nameEn: a.nameEn,
  countryCode: a.country,
  domestic: a.country === 'VNM',
  folded: [a.cityVi, a.cityEn, a.nameVi, a.nameEn].map(fold),
}));

/**
 * The airports of the pickers. Without `q` all of them (domestic first, as listed). With `q`: those whose
 * code, city or airport name (vi or en) contains it, ignoring case and diacritics ("ha noi", "Hà Nội",
 * "hanoi" and "HAN" all find HAN); an exact code first, then code prefixes, then names starting with it.
 */
export function searchAirports(q?: string): Airport[] {
  const strip = ({ folded: _folded, ...a }: (typeof AIRPORT_VIEW)[number]): Airport => a;
  const needle = fold(q ?? '');
  if (!needle) return AIRPORT_VIEW.map(strip);
  const compact = needle.replace(/\s+/g, '');
  const scored: { a: (typeof AIRPORT_VIEW)[number]; score: number; i: number }[] = [];
  AIRPORT_VIEW.forEach((a, i) => {
    const code = a.code.toLowerCase();
    let score = -1;
    if (code === needle) score = 0;
    else if (code.startsWith(needle)) score = 1;
    else if (a.folded.some((f) => f.startsWith(needle) || f.replace(/\s+/g, '').startsWith(compact))) score = 2;
    else if (a.folded.some((f) => f.includes(needle) || f.replace(/\s+/g, '').includes(compact))) score = 3;
    if (score >= 0) scored.push({ a, score, i });
  });
  return scored.sort((x, y) => x.score - y.score || x.i - y.i).map((s) => strip(s.a));
}

// ----- Cheapest days ---------------------------------------------------------------------------------------

/**
 * The cheapest-booking summary: for `days` days centred on `date` (today and later only), the lowest adult
 * price in the list's price mode (FULL: fare, tax and VAT; BASIC: the fare) of a class with at least one seat
 * and a price above 0 (summaryPrice), over every source the agency has a sign-in for, seat inventory included. Deterministic: the suppliers are asked without latency or failures.
 * Days without any flight with seats are left out. fareDisplay = round(fareAmount / 1000).
 */
export async function cheapestDays(
  db: Conn,
  suppliers: SupplierRegistry,
  sources: readonly Source[],
  query: { from: string; to: string; date: string; days: number; mode?: PriceMode },
  lang: Language,
  today: string = todayInVietnam(),
): Promise<CheapestBookingDay[]> {
  const issues: Issue[] = [];
  const add = (path: string, code: string, vi: string, en: string) => issues.push({ path, code, message: lang === 'vi' ? vi : en });
  if (!AIRPORTS[query.from]) add('from', 'unknownAirport', `Không có sân bay ${query.from}.`, `Unknown airport ${query.from}.`);
  if (!AIRPORTS[query.to]) add('to', 'unknownAirport', `Không có sân bay ${query.to}.`, `Unknown airport ${query.to}.`);
  if (query.from === query.to) add('to', 'sameAirport', 'Điểm đi và điểm đến phải khác nhau.', 'Departure and arrival must differ.');
  if (!isCalendarDate(query.date)) add('date', 'invalidDate', 'Ngày không hợp lệ.', 'The date is not a real date.');
  if (issues.length > 0) throw new ApiError(ErrorCode.VALIDATION, { in: 'querystring', issues });

  const first = addDays(query.date, -Math.floor((query.days - 1) / 2));
  const dates = Array.from({ length: query.days }, (_, i) => addDays(first, i)).filter((d) => d >= today && d <= addDays(today, MAX_DAYS_AHEAD));
  const unique = [...new Set(sources)];
  const route = `${query.from}-${query.to}`;
  const out: CheapestBookingDay[] = [];
  for (const date of dates) {
    const answers = await Promise.all(
      unique.map((source) =>
        suppliers
          .flightQuotes(source)
          .search({ from: query.from, to: query.to, departDate: date, pax: { adt: 1, chd: 0, inf: 0 } }, { seatsTaken: seatsTakenReader(db) })
          .catch(() => []),
      ),
    );
    let lowest = Infinity;
    for (const offer of answers.flat()) {
      const price = summaryPrice(offer, query.mode ?? DEFAULT_PRICE_MODE);
      if (price !== null && price < lowest) lowest = price;
    }
    if (Number.isFinite(lowest)) {
      const [year, month, day] = date.split('-').map(Number);
      out.push({ day, month, year, route, fareAmount: lowest, fareDisplay: Math.round(lowest / 1000) });
    }
  }
  return out;
}

// ----- Fare rules ------------------------------------------------------------------------------------------

/**
 * Fare conditions by airline + class (+ fare basis) from the supplier: the given source, else the airline's
 * own channel, else the first GDS. A class the airline does not sell is 400/41 with the supplier's words.
 */
export function fareRuleOf(
  suppliers: SupplierRegistry,
  query: { source?: Source; airline: string; class: string; fareBasis?: string; international?: boolean },
  lang: Language,
): FareRule {
  const source: Source = query.source ?? (isCarrierChannel(query.airline as Source) ? (query.airline as Source) : '1A');
  try {
    return suppliers.flight(source).fareRules(
      {
        airline: query.airline,
        class: query.class,
        fareBasis: query.fareBasis ?? query.class,
        ...(query.international !== undefined ? { isInternational: query.international } : {}),
      },
      { lang },
    );
  } catch (e) {
    if (e instanceof SupplierError) {
      throw new ApiError(ErrorCode.VALIDATION, { in: 'querystring', issues: [{ path: 'class', code: e.code, message: e.localized(lang) }] });
    }
    throw e;
  }
}

/** The flight search sessions of this process: the flights module provides them, bookings hold offers from them. */
export const FLIGHT_SEARCHES = sharedKey<SearchSessions>('flights.searches');
export type { SearchSessions };

/** The seat inventory, for holds and their release (bookings). */
export { releaseSeats, takeSeats } from './inventory';
/** The seat inventory as searches see it (shop reserves list a flight's free seats per class; after-sale segment edits price and check seats with it). */
export { seatsTakenReader } from './inventory';

/** The flight endpoints. */
export const FLIGHTS_API = {
  search: '/api/flights/search',
  poll: '/api/flights/search/:sessionId',
  airports: '/api/flights/airports',
  cheapest: '/api/flights/cheapest',
  fareRules: '/api/flights/fare-rules',
} as const;
