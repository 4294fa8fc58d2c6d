/**
 * A simulated supplier: the deterministic generator wrapped in the source's latency and failure rate.
 * Latency and failures are random (not part of the result); tests inject `random` and `sleep`.
 */
import type { LuggageOption } from '../../../contract/bookings';
import type { FareRule, FlightOffer, Source } from '../../../contract/flights';
import type {
  CancelRequest,
  CancelResult,
  FareRuleOptions,
  FareRuleQuery,
  FlightSupplier,
  IssueRequest,
  IssueResult,
  ScheduledFlight,
  SupplierContext,
  SupplierSearch,
  TicketShare,
  RetrieveRequest,
  RetrieveResult,
  VoidRequest,
  VoidResult,
} from '../flights';
import { SupplierError, type Language, type SupplierSettings } from '../types';
import { fareRulesOf } from './fare-rules';
import { airlinesFor, generateOffers, isGds, type GeneratorOptions } from './generator';
import { timetableOf } from './timetable';
import { ticketNumber, ticketRefundPenalty, voidDeadline } from './lifecycle';
import { luggageOptions } from './luggage';
// aftersale2: exchange-route
import { changeConditionsOf } from './exchange';
import type { ChangeConditions, ChangeQuery } from '../flights';
import { holdTimeLimit } from './time-limit';

export interface SimulationHooks {
  /** [0, 1) draws for latency and failures; default Math.random. */
  random: () => number;
  /** Waits `ms`; rejects when the signal aborts. */
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
}

type ErrorText = { source?: Source; vi?: string; en?: string };

/**
 * The simulated network of every simulated supplier: waits the latency drawn between the settings' bounds,
 * gives up at the caller's timeout, and fails with the configured probability. Each supplier names its errors.
 */
export async function simulateNetwork(
  settings: Pick<SupplierSettings, 'latencyMinMs' | 'latencyMaxMs' | 'failureRate'>,
  hooks: SimulationHooks,
  ctx: { timeoutMs?: number; signal?: AbortSignal },
  errors: { cancelled: ErrorText; timeout: ErrorText; unavailable: ErrorText },
): Promise<void> {
  const { latencyMinMs, latencyMaxMs, failureRate } = settings;
  const latency = Math.round(latencyMinMs + (latencyMaxMs - latencyMinMs) * hooks.random());
  const fails = hooks.random() < failureRate;
  const timedOut = ctx.timeoutMs !== undefined && latency > ctx.timeoutMs;
  const wait = timedOut ? (ctx.timeoutMs ?? 0) : latency;
  try {
    if (wait > 0 || ctx.signal) await hooks.sleep(wait, ctx.signal);
  } catch {
    throw new SupplierError('TIMEOUT', errors.cancelled);
  }
  if (timedOut) throw new SupplierError('TIMEOUT', errors.timeout);
  if (fails) throw new SupplierError('UNAVAILABLE', errors.unavailable);
}

export function defaultSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    // no latency (SUPPLIER_LATENCY_MS=0): the answer still comes in a later turn of the event loop, as a network's
    // would, and an abort in between still cancels it; no timer and no listener on the signal for that
    if (ms <= 0) {
      setImmediate(() => (signal?.aborted ? reject(signal.reason) : resolve()));
      return;
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * The simulated airlines' own records of issues and voids, by PNR: what `retrieve` answers. They live as long as
 * the process (a real supplier's records outlive the gateway; the simulated ones go with it, and a retrieve after
 * a restart truthfully answers that nothing was ticketed).
 */
const RECORDS = new Map<string, { key: string; issued: IssueResult; voided: boolean }>();

/**
 * gw-mem3: the records kept, the most recent issues (an issue in doubt is reconciled within minutes of it). About
 * 400 bytes each: at most about 8 MB, where one record per issue kept for the process's life grew without end
 * (120,000 in 10 minutes of the issue bench).
 */
export const SIMULATED_RECORDS_KEPT = 20_000;

/** Stores the record of an issue as the most recent, dropping the oldest beyond `kept`. */
export function keepRecord<V>(records: Map<string, V>, pnr: string, record: V, kept = SIMULATED_RECORDS_KEPT): void {
  records.delete(pnr);
  records.set(pnr, record);
  while (records.size > kept) records.delete(records.keys().next().value as string);
}

/** How many issue records the simulated airlines hold (diagnostics, tests). */
export const simulatedRecordCount = (): number => RECORDS.size;

export class SimulatedSupplier implements FlightSupplier {
  readonly isCarrierChannel: boolean;

  constructor(
    readonly source: Source,
    readonly settings: Readonly<SupplierSettings>,
    private readonly options: GeneratorOptions,
    private readonly hooks: SimulationHooks,
  ) {
    this.isCarrierChannel = !isGds(source);
  }

  async search(request: SupplierSearch, ctx: SupplierContext = {}): Promise<FlightOffer[]> {
    await this.respond(ctx);
    return generateOffers(this.source, request, this.options, ctx.seatsTaken);
  }

  airlinesOn(from: string, to: string): string[] {
    return airlinesFor(this.source, from, to);
  }

  schedule(airport: string, fromMs: number, toMs: number): ScheduledFlight[] {
    return timetableOf(this.source, !this.isCarrierChannel, airport, fromMs, toMs);
  }

  fareRules(query: FlightOffer | FareRuleQuery, options?: FareRuleOptions): FareRule {
    return fareRulesOf(query, options, this.source);
  }

  holdTimeLimit(bookedAt: Date, departure: Date): Date | null {
    return holdTimeLimit(bookedAt, departure);
  }

  /** Tickets for every passenger (the same numbers for the same idempotency key) and the void deadline. */
  async issue(request: IssueRequest, ctx: SupplierContext = {}): Promise<IssueResult> {
    await this.respond(ctx);
    if (request.passengers.length === 0) throw new SupplierError('INVALID_REQUEST', { source: this.source, en: 'No passenger to ticket.', vi: 'Không có hành khách để xuất vé.' });
    const issuedAt = new Date(request.issuedAt);
    const issued: IssueResult = {
      pnr: request.pnr,
      tickets: request.passengers.map((_, i) => ({ paxIndex: i, ticketNumber: ticketNumber(request.airline, request.pnr, request.idempotencyKey, i) })),
      voidUntil: this.voidDeadline(issuedAt, new Date(request.firstDeparture)).toISOString(),
    };
    keepRecord(RECORDS, request.pnr, { key: request.idempotencyKey, issued, voided: false });
    return issued;
  }

  /** The simulated airline's record of the PNR: ticketed by the issue of that key, voided, or held. */
  async retrieve(request: RetrieveRequest, ctx: SupplierContext = {}): Promise<RetrieveResult> {
    await this.respond(ctx);
    const record = RECORDS.get(request.pnr);
    if (!record || (request.idempotencyKey !== undefined && record.key !== request.idempotencyKey)) return { pnr: request.pnr, status: 'held' };
    if (record.voided) return { pnr: request.pnr, status: 'voided' };
    return { status: 'ticketed', ...record.issued };
  }

  /** The source's cut-off (or the operator's, SUPPLIER_VOID_CUTOFF) of the local day of issue. */
  voidDeadline(issuedAt: Date, firstDeparture: Date): Date {
    return voidDeadline(this.source, issuedAt, firstDeparture, this.settings.voidCutoffMinutes);
  }

  async void(request: VoidRequest, ctx: SupplierContext = {}): Promise<VoidResult> {
    await this.respond(ctx);
    const record = RECORDS.get(request.pnr);
    if (record) record.voided = true;
    return { pnr: request.pnr, voided: [...request.ticketNumbers] };
  }

  /** Cancels an unpaid hold: no penalty. */
  async cancel(request: CancelRequest, ctx: SupplierContext = {}): Promise<CancelResult> {
    await this.respond(ctx);
    return { pnr: request.pnr, cancelled: true, totalChargeCancel: 0 };
  }

  refundPenalty(ticket: TicketShare): number {
    return ticketRefundPenalty(ticket);
  }

  // aftersale2: exchange-route
  changeConditions(fare: ChangeQuery, lang: Language = 'vi'): ChangeConditions {
    return changeConditionsOf(fare, lang, this.source);
  }

  /** A carrier channel sells its own prepaid luggage; the GDSs sell none. */
  luggageOptions(query: { airline: string; from: string; to: string }, lang?: Language): LuggageOption[] {
    return this.isCarrierChannel && query.airline === this.source ? luggageOptions(query.airline, query.from, query.to, lang) : [];
  }

  /** The simulated network: waits the latency, then fails with the configured probability. */
  private respond(ctx: SupplierContext): Promise<void> {
    return simulateNetwork(this.settings, this.hooks, ctx, {
      cancelled: { source: this.source, vi: 'Yêu cầu tới hệ thống đặt chỗ đã bị hủy.', en: 'The request to the reservation system was cancelled.' },
      timeout: { source: this.source },
      unavailable: { source: this.source },
    });
  }

}
