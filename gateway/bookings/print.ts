/**
 * booking/print-ticket (GET /api/bookings/:id/print): the printInfo of spec point 3 for one PNR of a booking
 * in the caller's scope. Agent details are the booking agency's own (name, phone, hotline, facebook, address,
 * logo unless the caller holds HIDE_LOGO); the price shows as one total, in detail (fare, tax, VAT per
 * passenger type, fees, luggage) or not at all. `contentSms` is the short text an agent sends the customer.
 */
import { eq, inArray } from 'drizzle-orm';
import type { FareDataEntry, PrintInfo, PrintQuery, RecordStatus } from '../../contract/bookings';
import { DEFAULT_CURRENCY, type Language } from '../../contract/constants';
import { ErrorCode } from '../../contract/errors';
import type { UserContext } from '../platform/tenancy/users';
import type { Conn } from '../platform/db/client';
import { agencies, pnrs, refunds } from '../platform/db/schema';
import { ApiError } from '../platform/http/errors';
import { AIRPORTS, CARRIERS } from '../suppliers/reference-data';
import { formatLocal } from '../platform/clock';
import { uploadUrl } from '../uploads/service';
import type { PricedLuggage } from './luggage';
import { LOCAL_TIME_ZONE } from './list';
import { fareDataOf, isInternationalPnr, luggageOfPnr, paxInfoEntries, routeInfosOf } from './pnr-view';
import { bookingInScope } from './scope';
import { shownStatus } from './service';

const STATUS_WORDS: Record<'held' | 'issued' | 'cancelled' | 'failed', Record<Language, string>> = {
  held: { vi: 'Đang giữ chỗ', en: 'On hold' },
  issued: { vi: 'Đã xuất vé', en: 'Ticketed' },
  cancelled: { vi: 'Đã hủy', en: 'Cancelled' },
  failed: { vi: 'Không giữ được chỗ', en: 'Not held' },
};

/** The customer's word for a PNR status. */
export function statusWord(status: RecordStatus, lang: Language): string {
  if (status === 'BOOKED' || status === 'TIME OUT COMMING' || status === 'CHECK TIMELIMIT') return STATUS_WORDS.held[lang];
  if (status === 'ISSUE TICKET') return STATUS_WORDS.issued[lang];
  if (status === 'FAILED') return STATUS_WORDS.failed[lang];
  return STATUS_WORDS.cancelled[lang];
}

/** Minutes before departure to be at the airport (the carriers' advice: domestic 90, international 180). */
export const CHECK_IN_MINUTES = { domestic: 90, international: 180 } as const;

export function printNote(international: boolean, lang: Language): string {
  const minutes = international ? CHECK_IN_MINUTES.international : CHECK_IN_MINUTES.domestic;
  return lang === 'vi'
    ? `Quý khách vui lòng có mặt tại sân bay ít nhất ${minutes} phút trước giờ khởi hành và mang theo ${international ? 'hộ chiếu' : 'giấy tờ tùy thân'} còn hiệu lực.`
    : `Please be at the airport at least ${minutes} minutes before departure with a valid ${international ? 'passport' : 'identity document'}.`;
}

/** dd/MM/yyyy of yyyy-MM-dd. */
const dmy = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/** Unaccented text: Vietnamese SMS go without diacritics to fit one message. */
export function unaccented(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/đ/g, 'd').replace(/Đ/g, 'D');
}

/** The SMS of a PNR: reference, flights with date and times, passengers, status (and the time limit of a hold). */
export function smsText(
  p: Pick<PrintInfo, 'pnrCode' | 'airline' | 'routeInfos' | 'passengers' | 'status'> & { timeLimit: string; hotline: string },
  lang: Language,
): string {
  const flights = p.routeInfos.map((r) => `${r.from}-${r.to} ${r.flightNo} ${dmy(r.departDate)} ${r.timeFrom}-${r.timeTo}`).join('; ');
  const names = p.passengers.map((x) => `${x.title} ${x.lastName} ${x.firstName}`).join(', ');
  const held = p.status === 'BOOKED' || p.status === 'TIME OUT COMMING';
  const until = held && p.timeLimit ? formatLocal(Date.parse(p.timeLimit), LOCAL_TIME_ZONE) : '';
  const limit = until ? (lang === 'vi' ? ` den ${until.slice(11, 16)} ${dmy(until.slice(0, 10))}` : ` until ${until.slice(11, 16)} ${dmy(until.slice(0, 10))}`) : '';
  const status = unaccented(statusWord(p.status, lang)) + limit;
  const contact = p.hotline ? (lang === 'vi' ? ` LH: ${p.hotline}` : ` Call: ${p.hotline}`) : '';
  return lang === 'vi'
    ? `Ma dat cho ${p.pnrCode} (${p.airline}): ${flights}. Khach: ${unaccented(names)}. ${status}.${contact}`
    : `Booking ${p.pnrCode} (${p.airline}): ${flights}. Passengers: ${unaccented(names)}. ${status}.${contact}`;
}

/** fareData as the price display shows it: everything (detail), the total only, or nothing. */
export function displayedFare(f: FareDataEntry, display: PrintQuery['price']): FareDataEntry {
  if (display === 'detail') return f;
  const zero: FareDataEntry = {
    fareADT: 0, taxADT: 0, vatADT: 0, fareCHD: 0, taxCHD: 0, vatCHD: 0, fareINF: 0, taxINF: 0, vatINF: 0,
    issueFee: 0, otherFee: 0, totalPrice: 0, totalReserve: 0, totalChargeCancel: 0,
  };
  return display === 'total' ? { ...zero, totalPrice: f.totalPrice } : zero;
}

export interface PrintData {
  info: PrintInfo;
  /** The agency's logo upload id when it is shown (the PDF embeds it). */
  logoUploadId: string | null;
  timeLimit: string;
  lang: Language;
}

export async function printData(conn: Conn, ctx: UserContext, id: number, query: PrintQuery, callerLang: Language): Promise<PrintData> {
  const lang = query.lang ?? callerLang;
  const b = await bookingInScope(conn, ctx, id);
  const rows = (await conn.select().from(pnrs).where(eq(pnrs.bookingId, id)).orderBy(pnrs.id)).filter((r) => r.pnr !== null);
  const row = query.pnr ? rows.find((r) => r.pnr === query.pnr) : rows[0];
  if (!row) throw new ApiError(ErrorCode.NOT_FOUND, { reason: 'pnr' });
  const [agency] = await conn.select().from(agencies).where(eq(agencies.id, b.agencyId));
  const penalties = await conn.select({ penalty: refunds.penalty }).from(refunds).where(inArray(refunds.pnrId, [row.id]));
  const otherFee = luggageOfPnr(row, b.luggage as PricedLuggage[]).reduce((s, l) => s + l.price, 0);
  const fare = fareDataOf(row, otherFee, penalties.reduce((s, x) => s + x.penalty, 0));
  const status = shownStatus(row.recordStatus, row.timeLimit, new Date());
  const routeInfos = routeInfosOf(row);
  // the passport (DOCS) stays off printed tickets
  const passengers = paxInfoEntries(row).map((p) => ({ ...p, extraInfos: p.extraInfos.filter((e) => e.code !== 'DOCS') }));
  const codes = [...new Set(routeInfos.flatMap((r) => [r.from, r.to]))];
  const showLogo = !ctx.permissions.includes('HIDE_LOGO') && agency.logoUploadId !== null;
  const timeLimit = row.timeLimit?.toISOString() ?? '';
  const airline = CARRIERS[row.airline]?.name ?? row.airline;
  const base = {
    passengerPhone: b.customerPhone,
    agentName: agency.name,
    agentPhone: agency.phone ?? '',
    facebook: agency.facebook ?? '',
    hotline: agency.hotline ?? '',
    address: agency.address ?? '',
    pnrCode: row.pnr ?? '',
    passengers,
    amount: query.price === 'none' ? 0 : fare.totalPrice,
    airline: row.airline,
    routeInfos,
    status,
    currency: DEFAULT_CURRENCY,
    note: printNote(isInternationalPnr(row), lang),
    checkTotal: query.price !== 'none',
    listLocation: codes.map((code) => ({
      code,
      city: (lang === 'vi' ? AIRPORTS[code]?.cityVi : AIRPORTS[code]?.cityEn) ?? code,
      name: (lang === 'vi' ? AIRPORTS[code]?.nameVi : AIRPORTS[code]?.nameEn) ?? code,
    })),
    fareData: displayedFare(fare, query.price),
    priceDisplay: query.price,
    logo: showLogo && agency.logoUploadId ? uploadUrl(agency.logoUploadId) : '',
  };
  return {
    info: { ...base, contentSms: smsText({ ...base, airline, timeLimit, hotline: base.hotline }, lang) },
    logoUploadId: showLogo ? agency.logoUploadId : null,
    timeLimit,
    lang,
  };
}
