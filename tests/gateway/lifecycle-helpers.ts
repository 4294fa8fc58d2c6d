/** Holds, PIN calls and ledger reads shared by the booking lifecycle tests. */
import { and, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { encryptWithSecret } from '../../contract/crypto';
import type { FlightOffer, PriceInfo, Source } from '../../contract/flights';
import { journalEntries, pnrs } from '../../gateway/platform/db/schema';
import { DEMO_PIN } from '../../gateway/seed/demo';
import { inDays, searchToEnd } from './flights-helpers';
import { call, type Gateway, type Method } from './helpers';

export const adult = (paxId: number, firstName = 'Van An') => ({ paxId, type: 'ADT', title: 'MR', firstName, lastName: 'Nguyen', birthday: '15/04/1985' });
export const child = (paxId: number) => ({ paxId, type: 'CHD', title: 'MISS', firstName: 'Lan', lastName: 'Nguyen', birthday: `01/01/${new Date().getFullYear() - 7}` });
/** dd/MM/yyyy of `days` days ago. */
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10).split('-').reverse().join('/');
/** An infant of about seven months (under 2 for any travel date of the tests). */
export const infant = (paxId: number, parentId: number) => ({ paxId, type: 'INF', title: 'MSTR', firstName: 'Be', lastName: 'Nguyen', birthday: daysAgo(210), parentId });
export const contact = { name: 'Nguyen Van An', phone: '0912345678', email: 'an@example.vn' };

export interface HoldSpec {
  source: Source;
  from?: string;
  to?: string;
  days: number;
  passengers?: Record<string, unknown>[];
  /** Which class to take (default the first with seats). */
  cls?: (p: PriceInfo) => boolean;
}

export interface Held {
  id: number;
  pnr: string;
  offer: FlightOffer;
  cls: string;
  price: PriceInfo;
}

/** Searches and holds one one-way, single-segment offer of `source` for the passengers. */
export async function hold(gw: Gateway, token: string, spec: HoldSpec): Promise<Held> {
  const passengers = spec.passengers ?? [adult(1)];
  const adt = passengers.filter((p) => p.type === 'ADT').length;
  const chd = passengers.filter((p) => p.type === 'CHD').length;
  const inf = passengers.filter((p) => p.type === 'INF').length;
  const run = await searchToEnd(gw, token, { legs: [{ from: spec.from ?? 'HAN', to: spec.to ?? 'SGN', departDate: inDays(spec.days) }], adt, chd, inf });
  for (const offer of run.offers) {
    if (offer.source !== spec.source || offer.routeInfo.length !== 1) continue;
    const price = offer.priceInfo.find((p) => p.seatAvailable >= adt + chd + 1 && (spec.cls?.(p) ?? true));
    if (!price) continue;
    const res = await call(gw, 'POST', '/api/bookings', {
      token,
      body: { sessionId: run.started.sessionId, selected: [{ offerId: offer.id, class: price.class }], passengers, contact },
    });
    if (res.statusCode !== 200) throw new Error(`hold failed: ${res.statusCode} ${res.body}`);
    const { id } = res.json<{ id: number }>();
    const [row] = await gw.db.select().from(pnrs).where(eq(pnrs.bookingId, id));
    return { id, pnr: row.pnr!, offer, cls: price.class, price };
  }
  throw new Error(`no ${spec.source} offer to hold`);
}

/** Calls with the PIN protocol: a 403/120 is answered with X-Pin encrypted with its salt (the first answer is returned in `first`). */
export async function callWithPin(
  gw: Gateway,
  method: Method,
  url: string,
  token: string,
  body?: unknown,
  pin: string = DEMO_PIN,
): Promise<{ first: LightMyRequestResponse; res: LightMyRequestResponse }> {
  const first = await call(gw, method, url, { token, body });
  if (first.statusCode !== 403 || first.json<{ code: number }>().code !== 120) return { first, res: first };
  const salt = first.json<{ data: { salt: string } }>().data.salt;
  const res = await call(gw, method, url, { token, body, headers: { 'x-pin': encryptWithSecret(pin, salt, gw.cipher) } });
  return { first, res };
}

/** The ledger entries of a PNR, oldest first. */
export async function entriesOf(gw: Gateway, pnr: string) {
  return gw.db.select().from(journalEntries).where(eq(journalEntries.pnr, pnr)).orderBy(journalEntries.id);
}

export async function countEntries(gw: Gateway, type: string, pnr: string): Promise<number> {
  const [row] = await gw.db
    .select({ n: sql<number>`count(*)::int` })
    .from(journalEntries)
    .where(and(eq(journalEntries.type, type as 'C'), eq(journalEntries.pnr, pnr)));
  return row.n;
}

export async function pnrRow(gw: Gateway, pnr: string) {
  const [row] = await gw.db.select().from(pnrs).where(eq(pnrs.pnr, pnr));
  return row;
}
