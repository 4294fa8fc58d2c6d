/** Searches, seat picks, holds and bookings shared by the train tests. */
import { eq, sql } from 'drizzle-orm';
import { addDays, todayInVietnam } from '../../gateway/platform/clock';
import { journalEntries, users } from '../../gateway/platform/db/schema';
import type { HoldState, SeatsByCarriage, Train, TrainBooking, TrainSearchResult, TrainSeat } from '../../contract/trains';
import { call, type Gateway } from './helpers';

/** yyyy-MM-dd, `days` after the Vietnam day. */
export const trainDay = (days: number) => addDays(todayInVietnam(), days);

/** A movable clock: `advance` moves it forward. */
export function movableClock() {
  let offset = 0;
  return {
    now: () => new Date(Date.now() + offset),
    advance(ms: number) {
      offset += ms;
    },
    set(at: Date) {
      offset = at.getTime() - Date.now();
    },
    reset() {
      offset = 0;
    },
  };
}

export async function grant(gw: Gateway, username: string, ...permissions: string[]): Promise<void> {
  await gw.db
    .update(users)
    .set({ extraPermissions: sql`array_cat(${users.extraPermissions}, ${`{${permissions.join(',')}}`}::text[])` })
    .where(eq(users.username, username));
}

export async function searchTrains(gw: Gateway, token: string, body: Record<string, unknown>): Promise<TrainSearchResult> {
  const res = await call(gw, 'POST', '/api/trains/search', { token, body });
  if (res.statusCode !== 200) throw new Error(`search failed: ${res.statusCode} ${res.body}`);
  return res.json<TrainSearchResult>();
}

export async function findTrain(gw: Gateway, token: string, trainNo: string, from: string, to: string, days: number): Promise<Train> {
  const result = await searchTrains(gw, token, { from, to, departDate: trainDay(days) });
  const train = result.depart.find((t) => t.trainNo === trainNo);
  if (!train) throw new Error(`no ${trainNo} ${from}-${to} in ${days} days`);
  return train;
}

export async function seatsOf(gw: Gateway, token: string, trainId: string, carriageNo: number): Promise<SeatsByCarriage> {
  const res = await call(gw, 'GET', '/api/trains/seats', { token, query: { trainId, carriageNo: String(carriageNo) } });
  if (res.statusCode !== 200) throw new Error(`seats failed: ${res.statusCode} ${res.body}`);
  return res.json<SeatsByCarriage>();
}

/** `n` free places of one carriage of a layout (in one compartment when `sameCompartment`). */
export async function freeSeats(gw: Gateway, token: string, train: Train, layout: string, n: number, sameCompartment = false): Promise<TrainSeat[]> {
  for (const c of train.carriages.filter((x) => x.layout === layout && x.free >= n)) {
    const map = await seatsOf(gw, token, train.trainId, c.carriageNo);
    const free = map.data.filter((s) => s.state === 'free');
    if (!sameCompartment) {
      if (free.length >= n) return free.slice(0, n);
      continue;
    }
    const byComp = new Map<number, TrainSeat[]>();
    for (const s of free) byComp.set(s.compartment!, [...(byComp.get(s.compartment!) ?? []), s]);
    const comp = [...byComp.values()].find((list) => list.length >= n);
    if (comp) return comp.slice(0, n);
  }
  throw new Error(`no ${n} free places in a ${layout} carriage of ${train.trainId}`);
}

export async function changeHold(gw: Gateway, token: string, add: string[], remove: string[] = []) {
  return call(gw, 'POST', '/api/trains/hold', { token, body: { add, remove } });
}

export async function holdOf(gw: Gateway, token: string): Promise<HoldState> {
  return (await call(gw, 'GET', '/api/trains/hold', { token })).json<HoldState>();
}

export const trainContact = { name: 'Nguyễn Văn An', phone: '0912345678', email: 'an@example.vn' };
export const adultPax = (ticketId: string, fullName = 'Nguyễn Văn An') => ({ ticketId, paxType: 1, fullName, idNumber: '001085012345' });
export const childPax = (ticketId: string) => ({ ticketId, paxType: 2, fullName: 'Nguyễn Thị Lan', idNumber: '' });

export async function book(gw: Gateway, token: string, passengers: Record<string, unknown>[], extra: Record<string, unknown> = {}): Promise<TrainBooking> {
  const res = await call(gw, 'POST', '/api/trains/bookings', { token, body: { passengers, contact: trainContact, ...extra } });
  if (res.statusCode !== 200) throw new Error(`booking failed: ${res.statusCode} ${res.body}`);
  return res.json<TrainBooking>();
}

/** Holds seats and books them: one adult per seat unless passengers are given. */
export async function holdAndBook(gw: Gateway, token: string, seats: TrainSeat[], passengers?: Record<string, unknown>[]): Promise<TrainBooking> {
  const held = await changeHold(gw, token, seats.map((s) => s.ticketId));
  if (held.statusCode !== 200) throw new Error(`hold failed: ${held.statusCode} ${held.body}`);
  return book(gw, token, passengers ?? seats.map((s) => adultPax(s.ticketId)));
}

export async function entriesOf(gw: Gateway, code: string) {
  return gw.db.select().from(journalEntries).where(eq(journalEntries.bookingRef, code)).orderBy(journalEntries.id);
}
