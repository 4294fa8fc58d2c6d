/**
 * Demo history: on the first start of an empty database (DEMO_HISTORY=on, the default), the demo agents book a
 * few trips through the gateway's own API, as the portal would: search, hold, issue with the PIN, then a void and
 * a cancelled hold (no refund: a ticket of the day is voided, not refunded, while its void window is open). So a
 * fresh `npm start` shows bookings in every state, ledger entries behind them, and figures in the sales and
 * accounting reports, all made by the same code paths a user's clicks take.
 *
 * It talks to an app instance built only for this (never listening) with the captcha off and the simulated
 * supply answering at once and never failing, so that the seed is quick and always the same shape. A step the
 * simulated supply still refuses (no seat left, the void cut-off passed) is skipped and counted, never fatal:
 * the portal starts either way.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expandSearchPoll, type FlightOffer, type PriceInfo, type SearchPollWire, type SearchStarted, type Source } from '../../contract/flights';
import { encrypt, encryptWithSecret, seal, type CipherSettings } from '../../contract/crypto';
import { nextTspValue } from '../../contract/tsp';
import type { Db } from '../platform/db/client';
import { pnrs } from '../platform/db/schema';
import { addDays } from '../platform/clock';
import { todayInVietnam } from '../flights/service';
import type { Settings } from '../settings';
import { DEMO_PASSWORD, DEMO_PIN } from './demo';

type Pax = { paxId: number; type: 'ADT' | 'CHD' | 'INF'; title: string; firstName: string; lastName: string; birthday: string; parentId?: number; passport?: Record<string, string> };

/** What each demo trip ends as. */
export type TripEnd = 'held' | 'issued' | 'voided' | 'cancelled';

export interface DemoTrip {
  user: string;
  source: Source;
  from: string;
  to: string;
  /** Days after today. */
  days: number;
  passengers: Pax[];
  end: TripEnd;
}

const yearsAgo = (years: number, md: string) => `${md}/${new Date().getFullYear() - years}`;
const adult = (paxId: number, title: string, lastName: string, firstName: string, born: string): Pax => ({ paxId, type: 'ADT', title, firstName, lastName, birthday: born });
const passport = (n: string) => ({ nationCountry: 'VNM', pNumber: n, expiryDate: `15/06/${new Date().getFullYear() + 6}`, issuingCountry: 'VNM' });

/** The trips of the demo: the agents of Sao Việt (f1agent, with the PIN) and of its Hà Nội branch. */
export const DEMO_TRIPS: readonly DemoTrip[] = [
  { user: 'f1agent', source: 'VN', from: 'HAN', to: 'SGN', days: 3, end: 'issued', passengers: [adult(1, 'MR', 'Tran', 'Minh Quan', '12/03/1982')] },
  {
    user: 'f1agent', source: 'VJ', from: 'SGN', to: 'DAD', days: 5, end: 'issued',
    passengers: [adult(1, 'MRS', 'Le', 'Thu Trang', '02/09/1988'), adult(2, 'MR', 'Pham', 'Duc Anh', '21/11/1986'), { paxId: 3, type: 'CHD', title: 'MSTR', firstName: 'Gia Bao', lastName: 'Pham', birthday: yearsAgo(7, '14/05') }],
  },
  { user: 'f1agent', source: 'QH', from: 'HAN', to: 'PQC', days: 10, end: 'issued', passengers: [adult(1, 'MS', 'Do', 'Ngoc Mai', '30/07/1995'), adult(2, 'MS', 'Vu', 'Thanh Huong', '08/01/1994')] },
  { user: 'f1agent', source: 'VU', from: 'SGN', to: 'HAN', days: 7, end: 'voided', passengers: [adult(1, 'MR', 'Hoang', 'Van Long', '17/10/1979')] },
  { user: 'f1agent', source: '1A', from: 'HAN', to: 'BKK', days: 14, end: 'issued', passengers: [{ ...adult(1, 'MR', 'Nguyen', 'Quoc Viet', '05/05/1980'), passport: passport('C1234567') }] },
  { user: 'f1agent', source: 'VN', from: 'DAD', to: 'HAN', days: 2, end: 'held', passengers: [adult(1, 'MRS', 'Bui', 'Lan Phuong', '19/02/1990')] },
  { user: 'f1agent', source: 'VJ', from: 'HAN', to: 'DAD', days: 4, end: 'cancelled', passengers: [adult(1, 'MR', 'Dang', 'Huu Phuoc', '11/12/1992')] },
  { user: 'f2agent', source: 'VN', from: 'HAN', to: 'SGN', days: 6, end: 'held', passengers: [adult(1, 'MR', 'Ngo', 'Thanh Son', '25/06/1987')] },
];

export interface HistoryReport {
  done: Partial<Record<TripEnd, number>>;
  skipped: { trip: string; reason: string }[];
}

/** The settings of the seeding instance: no captcha, an immediate supply that never fails, no schedule changes. */
export function historySettings(settings: Settings): Settings {
  return {
    ...settings,
    CAPTCHA: false,
    SCHEDULE_CHANGE_EVERY_MS: 0,
    SUPPLIERS: {
      ...settings.SUPPLIERS,
      // the void window of the seed's tickets runs to the end of the day of issue (midnight) for every source: the trip
      // that ends voided (VU, whose own cut-off is 23:00) must not depend on the hour the portal first starts; only an
      // issue in the day's last moments whose void comes after midnight still finds it closed (the trip is then
      // skipped and counted)
      defaults: { ...settings.SUPPLIERS.defaults, latencyMinMs: 0, latencyMaxMs: 0, failureRate: 0, voidCutoffMinutes: DEMO_VOID_CUTOFF_MINUTES },
      sources: {},
    },
  };
}

/** The end of the day of issue (24:00, Vietnam time): a cut-off of 23:59 closed the window in the day's last minute. */
export const DEMO_VOID_CUTOFF_MINUTES = 24 * 60;

class Client {
  private token = '';
  constructor(
    private readonly app: FastifyInstance,
    private readonly cipher: CipherSettings,
  ) {}

  async call<T>(method: 'GET' | 'POST', url: string, body?: unknown, pin?: string): Promise<T> {
    const send = (extra: Record<string, string> = {}) =>
      this.app.inject({
        method,
        url,
        headers: {
          tsp: encrypt(String(nextTspValue(Date.now())), this.cipher),
          ...(this.token ? { authorization: this.token } : {}),
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...extra,
        },
        payload: body !== undefined ? JSON.stringify(seal(body, this.cipher)) : undefined,
        remoteAddress: '127.0.0.1',
      });
    let res = await send();
    if (pin && res.statusCode === 403 && res.json<{ code?: number }>().code === 120) {
      const salt = res.json<{ data: { salt: string } }>().data.salt;
      res = await send({ 'x-pin': encryptWithSecret(pin, salt, this.cipher) });
    }
    if (res.statusCode !== 200) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    return res.json<T>();
  }

  async signIn(username: string): Promise<void> {
    this.token = '';
    this.token = (await this.call<{ accessToken: string }>('POST', '/api/auth/login', { username, password: DEMO_PASSWORD })).accessToken;
  }

  async search(trip: DemoTrip): Promise<{ sessionId: string; offers: FlightOffer[] }> {
    const adt = trip.passengers.filter((p) => p.type === 'ADT').length;
    const chd = trip.passengers.filter((p) => p.type === 'CHD').length;
    const inf = trip.passengers.filter((p) => p.type === 'INF').length;
    const started = await this.call<SearchStarted>('POST', '/api/flights/search', { legs: [{ from: trip.from, to: trip.to, departDate: addDays(todayInVietnam(), trip.days) }], adt, chd, inf });
    const offers: FlightOffer[] = [];
    let cursor = 0;
    for (let i = 0; i < 100; i++) {
      const poll = expandSearchPoll(await this.call<SearchPollWire>('GET', `/api/flights/search/${started.sessionId}?since=${cursor}&waitMs=5000`));
      offers.push(...poll.offers);
      cursor = poll.cursor;
      if (poll.done) return { sessionId: started.sessionId, offers };
    }
    throw new Error('the search did not finish');
  }
}

const contactOf = (p: Pax) => ({ name: `${p.lastName} ${p.firstName}`, phone: '0912345678', email: 'khachhang@saoviet.vn' });

async function runTrip(client: Client, db: Db, trip: DemoTrip): Promise<void> {
  const { sessionId, offers } = await client.search(trip);
  const seated = trip.passengers.filter((p) => p.type !== 'INF').length;
  // the cheapest class with the seats, as an agent would pick
  const fits = (p: PriceInfo) => p.seatAvailable >= seated;
  const adultFare = (p: PriceInfo) => p.fareADT + p.taxADT + p.vatADT;
  const offer = offers.find((o) => o.source === trip.source && o.routeInfo.length === 1 && o.priceInfo.some(fits));
  if (!offer) throw new Error(`no ${trip.source} offer with ${seated} seats`);
  const price = offer.priceInfo.filter(fits).sort((a, b) => adultFare(a) - adultFare(b))[0]!;
  const { id } = await client.call<{ id: number }>('POST', '/api/bookings', {
    sessionId,
    selected: [{ offerId: offer.id, class: price.class }],
    passengers: trip.passengers,
    contact: contactOf(trip.passengers[0]!),
  });
  const [row] = await db.select({ pnr: pnrs.pnr }).from(pnrs).where(eq(pnrs.bookingId, id));
  const pnr = row?.pnr;
  if (!pnr) throw new Error('the hold has no PNR');
  if (trip.end === 'held') return;
  if (trip.end === 'cancelled') {
    await client.call('POST', `/api/bookings/${id}/cancel`, { pnrs: [pnr] });
    return;
  }
  await client.call('POST', `/api/bookings/${id}/issue`, { idempotencyKey: randomUUID(), pnrs: [pnr] }, DEMO_PIN);
  if (trip.end === 'voided') await client.call('POST', `/api/bookings/${id}/void`, { pnrs: [pnr] }, DEMO_PIN);
}

/** Books the demo trips through `app` (built with historySettings). */
export async function seedHistory(app: FastifyInstance, db: Db, settings: Settings, trips: readonly DemoTrip[] = DEMO_TRIPS): Promise<HistoryReport> {
  const report: HistoryReport = { done: {}, skipped: [] };
  const client = new Client(app, { key: settings.AES_KEY, iv: settings.AES_IV });
  let user = '';
  for (const trip of trips) {
    const name = `${trip.user} ${trip.source} ${trip.from}-${trip.to} (${trip.end})`;
    try {
      if (trip.user !== user) {
        await client.signIn(trip.user);
        user = trip.user;
      }
      await runTrip(client, db, trip);
      report.done[trip.end] = (report.done[trip.end] ?? 0) + 1;
    } catch (err) {
      report.skipped.push({ trip: name, reason: err instanceof Error ? err.message : String(err) });
    }
  }
  return report;
}
