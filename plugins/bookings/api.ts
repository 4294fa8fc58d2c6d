/** The calls of the bookings plugin (contract/bookings.ts): hold a booking, read it, and manage it after. */
import type { z } from 'zod';
import { BOOKINGS_API, type CompletedBooking, type CreateBookingRequest, type LuggageOption, type luggageOptionsQuery } from '../../contract/bookings';
import {
  bookingPath,
  type BookingDetail,
  type CancelRequest,
  type IssueRequest,
  type IssueResult,
  type MailRequest,
  type MoneyResult,
  type PrintInfo,
  type PrintQuery,
  type RefundQuote,
  type RefundRequest,
  type ReservationStatus,
  type VoidRequest,
} from '../../contract/bookings';
import { ACCOUNTING_API, type Balance } from '../../contract/accounting';
import { api } from '../../src/sdk';

export async function createBooking(body: CreateBookingRequest): Promise<number> {
  const { data } = await api.post<{ id: number }>(BOOKINGS_API.create, body, { silent: true });
  return data.id;
}

export async function fetchBooking(id: number, signal?: AbortSignal): Promise<CompletedBooking> {
  const { data } = await api.get<CompletedBooking>(BOOKINGS_API.one.replace(':id', String(id)), { signal, overlay: false, silent: true });
  return data;
}

/** The luggage a passenger can buy on one route (GET /api/luggage-options?from&to&airline). */
export async function fetchLuggageOptions(query: z.infer<typeof luggageOptionsQuery>, signal?: AbortSignal): Promise<LuggageOption[]> {
  const { data } = await api.get<LuggageOption[]>(BOOKINGS_API.luggageOptions, { params: query, signal, overlay: false, silent: true });
  return data;
}

// ----- booking management: search, detail, issue, void, cancel, refund, print, mail, reservation status -------

/** The Refine resource of booking/search and the work lists (GET /api/bookings → { data, total }). */
export const BOOKINGS_RESOURCE = 'bookings';
export const BOOKINGS_META = { path: BOOKINGS_API.list, tag: 'Ticketing' };

/** The deposit balance shown before issuing (the header's, under the same cache tag DEPOSIT_BALANCE_KEY). */
export async function fetchBalance(): Promise<Balance> {
  const { data } = await api.get<Balance>(ACCOUNTING_API.balance, { silent: true });
  return data;
}

export async function fetchBookingDetail(id: number, signal?: AbortSignal): Promise<BookingDetail> {
  const { data } = await api.get<BookingDetail>(bookingPath(BOOKINGS_API.detail, id), { signal, overlay: false, silent: true });
  return data;
}

/** Issue the held PNRs; the PIN dialog (403/120) is handled by the client, which repeats the call. */
export async function issueBooking(id: number, body: IssueRequest): Promise<IssueResult> {
  const { data } = await api.post<IssueResult>(bookingPath(BOOKINGS_API.issue, id), body, { silent: true });
  return data;
}

export async function voidBooking(id: number, body: VoidRequest): Promise<MoneyResult> {
  const { data } = await api.post<MoneyResult>(bookingPath(BOOKINGS_API.void, id), body, { silent: true });
  return data;
}

export async function cancelBooking(id: number, body: CancelRequest): Promise<MoneyResult> {
  const { data } = await api.post<MoneyResult>(bookingPath(BOOKINGS_API.cancel, id), body, { silent: true });
  return data;
}

export async function fetchRefundQuote(id: number, signal?: AbortSignal): Promise<RefundQuote> {
  const { data } = await api.get<RefundQuote>(bookingPath(BOOKINGS_API.refund, id), { signal, overlay: false, silent: true });
  return data;
}

/** A 403 (no refund_ticket) stays on the page with the gateway's message instead of opening /not-allow. */
export async function refundTickets(id: number, body: RefundRequest): Promise<MoneyResult> {
  const { data } = await api.post<MoneyResult>(bookingPath(BOOKINGS_API.refund, id), body, { silent: true, skipAuthRedirect: true });
  return data;
}

export interface PrintOptions {
  pnr?: string | null;
  price: PrintQuery['price'];
  lang?: 'vi' | 'en';
}

function printParamsOf(o: PrintOptions): Record<string, string> {
  const params: Record<string, string> = { price: o.price };
  if (o.pnr) params.pnr = o.pnr;
  if (o.lang) params.lang = o.lang;
  return params;
}

export async function fetchPrintInfo(id: number, o: PrintOptions, signal?: AbortSignal): Promise<PrintInfo> {
  const { data } = await api.get<PrintInfo>(bookingPath(BOOKINGS_API.print, id), { params: printParamsOf(o), signal, overlay: false, silent: true });
  return data;
}

/** The printed ticket as a PDF file. */
export async function fetchPrintPdf(id: number, o: PrintOptions): Promise<Blob> {
  const { data } = await api.get<Blob>(bookingPath(BOOKINGS_API.printPdf, id), { params: printParamsOf(o), responseType: 'blob', silent: true });
  return data;
}

export async function sendBookingMail(id: number, body: MailRequest): Promise<{ queued: boolean }> {
  const { data } = await api.post<{ queued: boolean }>(bookingPath(BOOKINGS_API.mail, id), body, { silent: true });
  return data;
}

export async function fetchReservationStatus(pnr: string, signal?: AbortSignal): Promise<ReservationStatus> {
  const { data } = await api.get<ReservationStatus>(BOOKINGS_API.reservationStatus, { params: { pnr }, signal, overlay: false, silent: true });
  return data;
}
