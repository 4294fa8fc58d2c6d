/**
 * The trains API: stations, search, seat maps, the hold and its expiry (a moved clock), booking with the
 * discounts, payment (idempotent, PIN, reversal when the railway fails), refunds with the fee by hours,
 * permissions, agency scope and bad input.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import jsQR from 'jsqr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PNG } from 'pngjs';
import QRCode from 'qrcode';
import { ENDPOINT_RULES } from '../../policies/endpoints';
import { TRAIN_BOOKING_FEE, TRAIN_HOLD_SECONDS, paxFare, type TrainBooking, type TrainRefundQuote, type TrainRefundResult } from '../../contract/trains';
import { vietnamInstant } from '../../gateway/trains/inventory';
import { balanceOf } from '../../gateway/platform/ledger';
import { seedTrains } from '../../gateway/seed/trains';
import { trainSeats } from '../../gateway/platform/db/schema';
import { loadUserByUsername } from '../../gateway/platform/tenancy/users';
import { createSupplierRegistry, SupplierError, type RailSupplier } from '../../gateway/suppliers';
import { call, login, startGateway, type Gateway } from './helpers';
import { callWithPin } from './lifecycle-helpers';
import {
  adultPax,
  changeHold,
  childPax,
  entriesOf,
  findTrain,
  freeSeats,
  grant,
  holdAndBook,
  holdOf,
  movableClock,
  searchTrains,
  seatsOf,
  trainDay,
} from './trains-helpers';

describe('trains API', () => {
  let gw: Gateway;
  const clock = movableClock();
  const tokens = new Map<string, string>();
  const token = (u: string) => tokens.get(u)!;
  let agencyId = 0;

  beforeAll(async () => {
    gw = await startGateway({ env: { SUPPLIER_LATENCY_MS: '0' }, clock });
    await grant(gw, 'f2admin', 'use_train');
    await grant(gw, 'f1agent', 'use_train');
    for (const u of ['f1admin', 'f1agent', 'f2admin', 'f2agent']) tokens.set(u, (await login(gw, u)).accessToken);
    agencyId = (await loadUserByUsername(gw.db, 'f1admin'))!.agency.id;
  });
  afterAll(async () => {
    await gw?.close();
  });

  it('lists the stations with diacritics and folded names', async () => {
    const res = await call(gw, 'GET', '/api/trains/stations', { token: token('f1admin') });
    expect(res.statusCode).toBe(200);
    const stations = res.json<{ code: string; name: string; folded: string; km: number }[]>();
    expect(stations).toHaveLength(14);
    expect(stations.find((s) => s.code === 'BHO')).toMatchObject({ name: 'Biên Hoà', folded: 'bien hoa' });
    expect(stations.find((s) => s.code === 'DHO')).toMatchObject({ name: 'Đồng Hới', folded: 'dong hoi', km: 522 });
  });

  it('refuses every train endpoint to a user without USE_TRAIN', async () => {
    const keys = Object.keys(ENDPOINT_RULES).filter((k) => k.includes('/api/trains'));
    expect(keys.length).toBe(14);
    for (const key of keys) {
      const [method, path] = key.split(' ');
      const res = await call(gw, method as 'GET', path.replace(':id', '1'), { token: token('f2agent'), body: {} });
      expect(res.statusCode, key).toBe(403);
    }
  });

  it('finds SE3 Hà Nội → Sài Gòn with 14 carriages and seats in Vietnam time; filters by class; round trips', async () => {
    const result = await searchTrains(gw, token('f1admin'), { from: 'HNO', to: 'SGO', departDate: trainDay(20), returnDate: trainDay(27) });
    const se3 = result.depart.find((t) => t.trainNo === 'SE3')!;
    expect(se3.departDateTime).toBe(`${trainDay(20)}T19:25`);
    expect(se3.trainId).toBe(`SE3_${trainDay(20).replaceAll('-', '')}_HNO_SGO`);
    expect(se3.carriages).toHaveLength(14);
    expect(se3.seatAvailable).toBe(se3.carriages.reduce((s, c) => s + c.free, 0));
    expect(se3.timeRun).toBeGreaterThan(28 * 60);
    expect(se3.distanceKm).toBe(1726);
    expect(result.depart.every((t) => t.direction === 'depart')).toBe(true);
    expect(result.return.length).toBeGreaterThan(0);
    expect(result.return.every((t) => t.direction === 'return' && t.from === 'SGO' && t.to === 'HNO')).toBe(true);
    const berths = await searchTrains(gw, token('f1admin'), { from: 'HNO', to: 'SGO', departDate: trainDay(20), seatClass: 'NAM' });
    expect(berths.depart.every((t) => t.carriages.every((c) => c.seatClass === 'NAM'))).toBe(true);
    const lower = (t: { carriages: { type: string }[] }) => t.carriages.map((c) => c.type);
    expect(lower(berths.depart.find((t) => t.trainNo === 'SE3')!)).toEqual([...Array(5).fill('AnL28'), 'AnLv14']);
    // a longer ride costs more
    const short = await findTrain(gw, token('f1admin'), 'SE3', 'HNO', 'VIN', 20);
    expect(short.carriages[0].lowestPrice).toBeLessThan(se3.carriages[0].lowestPrice);
  });

  it('refuses bad searches with a clear reason and a message', async () => {
    const bad = async (body: Record<string, unknown>) => call(gw, 'POST', '/api/trains/search', { token: token('f1admin'), body, headers: { 'x-language': 'en' } });
    const past = await bad({ from: 'HNO', to: 'SGO', departDate: trainDay(-1) });
    expect(past.statusCode).toBe(400);
    expect(past.json().data).toMatchObject({ reason: 'pastDate' });
    expect(past.json().data.message).toMatch(/today or a later date/);
    expect((await bad({ from: 'HNO', to: 'HNO', departDate: trainDay(3) })).json().data.reason).toBe('sameStation');
    expect((await bad({ from: 'XYZ', to: 'HNO', departDate: trainDay(3) })).json().data.reason).toBe('unknownStation');
    expect((await bad({ from: 'HNO', to: 'SGO', departDate: trainDay(5), returnDate: trainDay(4) })).json().data.reason).toBe('returnBeforeDepart');
    expect((await bad({ from: 'HNO', to: 'SGO', departDate: '2026-02-30' })).json().data.reason).toBe('badDate');
    expect((await bad({ from: 'hno', to: 'SGO', departDate: trainDay(3) })).statusCode).toBe(400);
  });

  it('draws the real layouts: 64 soft seats in rows, 6-berth and 4-berth compartments by level, 2-berth VIP', async () => {
    const se3 = await findTrain(gw, token('f1admin'), 'SE3', 'HNO', 'SGO', 21);
    const byLayout = async (layout: string) => seatsOf(gw, token('f1admin'), se3.trainId, se3.carriages.find((c) => c.layout === layout)!.carriageNo);
    const soft = await byLayout('seat64');
    expect(soft.data).toHaveLength(64);
    expect(Math.max(...soft.data.map((s) => s.row!))).toBe(16);
    expect(new Set(soft.data.map((s) => s.column))).toEqual(new Set([1, 2, 3, 4]));
    const six = await byLayout('berth6');
    expect(six.data).toHaveLength(42);
    expect(six.data.filter((s) => s.compartment === 1).map((s) => s.level)).toEqual(['lower', 'lower', 'middle', 'middle', 'upper', 'upper']);
    const price = (seatType: string) => six.data.find((s) => s.seatType === seatType)!.price;
    expect(price('BnLT1')).toBeGreaterThan(price('BnLT2'));
    expect(price('BnLT2')).toBeGreaterThan(price('BnLT3'));
    const four = await byLayout('berth4');
    expect(four.data).toHaveLength(28);
    expect(new Set(four.data.map((s) => s.compartment)).size).toBe(7);
    expect(four.data.filter((s) => s.compartment === 3).map((s) => s.level)).toEqual(['lower', 'lower', 'upper', 'upper']);
    const vip = await byLayout('berth2');
    expect(vip.data).toHaveLength(14);
    // the same question, the same answer
    expect((await byLayout('berth4')).data).toEqual(four.data);
  });

  it('holds seats: the first starts the countdown; others see them held and cannot take them; nothing changes on a refusal', async () => {
    const train = await findTrain(gw, token('f1admin'), 'SE5', 'HNO', 'DNA', 15);
    const [a, b, c] = await freeSeats(gw, token('f1admin'), train, 'seat64', 3);
    const first = await changeHold(gw, token('f1admin'), [a.ticketId]);
    expect(first.statusCode).toBe(200);
    const hold = first.json().hold;
    expect(hold.duration).toBe(TRAIN_HOLD_SECONDS);
    expect(Date.parse(hold.expiresAt) - Date.parse(hold.startTime)).toBe(TRAIN_HOLD_SECONDS * 1000);
    const second = (await changeHold(gw, token('f1admin'), [b.ticketId])).json().hold;
    expect(second.startTime).toBe(hold.startTime);
    expect(second.seats.map((s: { ticketId: string }) => s.ticketId)).toEqual([a.ticketId, b.ticketId]);
    const mine = await seatsOf(gw, token('f1admin'), train.trainId, a.ticketId.split('_').map(Number)[4]);
    expect(mine.data.find((s) => s.ticketId === a.ticketId)!.state).toBe('mine');
    const theirs = await seatsOf(gw, token('f2admin'), train.trainId, mine.carriageNo);
    expect(theirs.data.find((s) => s.ticketId === a.ticketId)!.state).toBe('held');
    // f2admin asks for c (free) and a (held by f1admin): refused as a whole
    const refused = await changeHold(gw, token('f2admin'), [c.ticketId, a.ticketId]);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().data).toMatchObject({ reason: 'seatTaken', ticketIds: [a.ticketId] });
    expect((await holdOf(gw, token('f2admin'))).hold).toBeNull();
    expect((await seatsOf(gw, token('f2admin'), train.trainId, mine.carriageNo)).data.find((s) => s.ticketId === c.ticketId)!.state).toBe('free');
    // toggling off, then releasing all
    const less = (await changeHold(gw, token('f1admin'), [], [b.ticketId])).json().hold;
    expect(less.seats).toHaveLength(1);
    expect((await call(gw, 'DELETE', '/api/trains/hold', { token: token('f1admin') })).json()).toEqual({ hold: null });
    expect((await seatsOf(gw, token('f2admin'), train.trainId, mine.carriageNo)).data.find((s) => s.ticketId === a.ticketId)!.state).toBe('free');
  });

  it('refuses a seat that does not exist, a train that does not run, a seat sold by the railway', async () => {
    const train = await findTrain(gw, token('f1admin'), 'SE7', 'HNO', 'HUE', 16);
    const unknown = await changeHold(gw, token('f1admin'), [`${train.trainId}_${train.carriages.length + 1}_1`]);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().data.reason).toBe('unknownSeat');
    const noTrain = await changeHold(gw, token('f1admin'), [`SE7_${trainDay(16).replaceAll('-', '')}_HNO_HPH_1_1`]);
    expect(noTrain.json().data.reason).toBe('unknownTrain');
    const map = await seatsOf(gw, token('f1admin'), train.trainId, train.carriages[1].carriageNo);
    const sold = map.data.find((s) => s.state === 'sold')!;
    const res = await changeHold(gw, token('f1admin'), [sold.ticketId]);
    expect(res.statusCode).toBe(409);
    expect(res.json().data.reason).toBe('seatTaken');
    expect((await holdOf(gw, token('f1admin'))).hold).toBeNull();
  });

  it('gives the seats back exactly when the hold expires (moved clock), and an unpaid booking expires with them', async () => {
    const train = await findTrain(gw, token('f1admin'), 'SE9', 'HNO', 'NTR', 18);
    const seats = await freeSeats(gw, token('f1admin'), train, 'berth6', 3);
    const carriageNo = Number(seats[0].ticketId.split('_')[4]);
    const before = (await seatsOf(gw, token('f2admin'), train.trainId, carriageNo)).data.map((s) => [s.ticketId, s.state]);
    expect((await changeHold(gw, token('f1admin'), seats.map((s) => s.ticketId))).statusCode).toBe(200);
    expect((await seatsOf(gw, token('f2admin'), train.trainId, carriageNo)).data.filter((s) => s.state === 'held')).toHaveLength(3);
    clock.advance((TRAIN_HOLD_SECONDS + 1) * 1000);
    try {
      expect((await holdOf(gw, token('f1admin'))).hold).toBeNull();
      const after = (await seatsOf(gw, token('f2admin'), train.trainId, carriageNo)).data.map((s) => [s.ticketId, s.state]);
      expect(after).toEqual(before);
      // another agent takes one at once
      expect((await changeHold(gw, token('f2admin'), [seats[0].ticketId])).statusCode).toBe(200);
      await call(gw, 'DELETE', '/api/trains/hold', { token: token('f2admin') });
      expect(await gw.db.select().from(trainSeats).where(eq(trainSeats.ticketId, seats[1].ticketId))).toHaveLength(0);
    } finally {
      clock.reset();
    }
    // a booked but unpaid hold expires the same way
    const booking = await holdAndBook(gw, token('f1admin'), seats.slice(0, 2));
    clock.advance((TRAIN_HOLD_SECONDS + 1) * 1000);
    try {
      const pay = await call(gw, 'POST', `/api/trains/bookings/${booking.id}/pay`, { token: token('f1admin'), body: { idempotencyKey: randomUUID() } });
      expect(pay.statusCode).toBe(409);
      expect(pay.json().data.reason).toBe('holdExpired');
      const seen = (await call(gw, 'GET', `/api/trains/bookings/${booking.id}`, { token: token('f1admin') })).json<TrainBooking>();
      expect(seen.status).toBe('03');
      expect(seen.tickets.every((t) => t.status === 'CANCELLED')).toBe(true);
      expect((await seatsOf(gw, token('f2admin'), train.trainId, carriageNo)).data.map((s) => [s.ticketId, s.state])).toEqual(before);
      expect(await entriesOf(gw, booking.code)).toHaveLength(0);
    } finally {
      clock.reset();
    }
  });

  it('books one passenger per seat with the discounts of spec point 9 and refuses bad passengers', async () => {
    const train = await findTrain(gw, token('f1admin'), 'SE3', 'HNO', 'SGO', 22);
    const seats = await freeSeats(gw, token('f1admin'), train, 'berth4', 2, true);
    await changeHold(gw, token('f1admin'), seats.map((s) => s.ticketId));
    const tryBook = (passengers: Record<string, unknown>[], extra: Record<string, unknown> = {}) =>
      call(gw, 'POST', '/api/trains/bookings', { token: token('f1admin'), body: { passengers, contact: { name: 'Nguyễn Văn An', phone: '0912345678' }, ...extra } });
    const one = await tryBook([adultPax(seats[0].ticketId)]);
    expect(one.statusCode).toBe(400);
    expect(one.json().data.reason).toBe('passengersMismatch');
    const badName = await tryBook([adultPax(seats[0].ticketId, 'An 007'), { ...adultPax(seats[1].ticketId), idNumber: '12' }]);
    expect(badName.json().data).toMatchObject({ reason: 'passengers', passengers: [{ index: 0, problems: ['fullName'] }, { index: 1, problems: ['idNumber'] }] });
    const badPhone = await call(gw, 'POST', '/api/trains/bookings', {
      token: token('f1admin'),
      body: { passengers: [adultPax(seats[0].ticketId), childPax(seats[1].ticketId)], contact: { name: 'An', phone: '123' } },
    });
    expect(badPhone.json().data.reason).toBe('contact');
    const res = await tryBook([adultPax(seats[0].ticketId), { ...childPax(seats[1].ticketId), isService: true }], { addService: { depart: { isAdd: true, service: 'MEAL' } } });
    expect(res.statusCode).toBe(200);
    const booking = res.json<TrainBooking>();
    expect(booking.status).toBe('02');
    const [adult, child] = booking.tickets;
    expect(adult.fare).toBe(seats[0].price);
    expect(child.percent).toBe(75);
    expect(child.fare).toBe(paxFare(seats[1].price, 2));
    expect(child.discount).toBe(seats[1].price - child.fare);
    expect(child.servicePrice).toBe(40_000);
    expect(adult.servicePrice).toBe(0);
    expect(booking.bookingFees).toBe(2 * TRAIN_BOOKING_FEE);
    expect(booking.total).toBe(adult.fare + child.fare + 40_000 + 2 * TRAIN_BOOKING_FEE);
    expect(child.fullName).toBe('NGUYỄN THỊ LAN');
    // the hold is spent: the countdown carries over to the booking
    expect((await holdOf(gw, token('f1admin'))).hold).toBeNull();
    expect(booking.duration).toBe(TRAIN_HOLD_SECONDS);
    // cancel an unpaid booking: the seats return
    const cancelled = await call(gw, 'POST', `/api/trains/bookings/${booking.id}/cancel`, { token: token('f1admin'), body: {} });
    expect(cancelled.json<TrainBooking>().status).toBe('01');
    const map = await seatsOf(gw, token('f2admin'), train.trainId, Number(seats[0].ticketId.split('_')[4]));
    expect(map.data.filter((s) => seats.some((x) => x.ticketId === s.ticketId)).map((s) => s.state)).toEqual(['free', 'free']);
  });

  it('holds a round trip: the later train back is the return direction, and its service applies to it only', async () => {
    const out = await findTrain(gw, token('f1admin'), 'SE3', 'HNO', 'SGO', 28);
    const back = (await searchTrains(gw, token('f1admin'), { from: 'HNO', to: 'SGO', departDate: trainDay(28), returnDate: trainDay(33) })).return.find((t) => t.trainNo === 'SE4')!;
    const [a] = await freeSeats(gw, token('f1admin'), out, 'seat64', 1);
    const [b] = await freeSeats(gw, token('f1admin'), back, 'seat64', 1);
    const hold = (await changeHold(gw, token('f1admin'), [b.ticketId, a.ticketId])).json().hold;
    expect(Object.fromEntries(hold.seats.map((s: { ticketId: string; direction: string }) => [s.ticketId, s.direction]))).toEqual({ [a.ticketId]: 'depart', [b.ticketId]: 'return' });
    const res = await call(gw, 'POST', '/api/trains/bookings', {
      token: token('f1admin'),
      body: { passengers: [{ ...adultPax(a.ticketId), isService: true }, { ...adultPax(b.ticketId), isService: true }], contact: { name: 'An', phone: '0912345678' }, addService: { return: { isAdd: true, service: 'INS' } } },
    });
    const booking = res.json<TrainBooking>();
    expect(booking.tickets.map((t) => [t.seat.direction, t.service, t.servicePrice])).toEqual([
      ['depart', null, 0],
      ['return', 'INS', 10_000],
    ]);
    await call(gw, 'POST', `/api/trains/bookings/${booking.id}/cancel`, { token: token('f1admin'), body: {} });
  });

  it('pays once from the deposit: idempotent by key, tickets with numbers and a QR code, a PDF', async () => {
    const train = await findTrain(gw, token('f1admin'), 'SE3', 'HNO', 'SGO', 23);
    const seats = await freeSeats(gw, token('f1admin'), train, 'berth4', 2, true);
    const booking = await holdAndBook(gw, token('f1admin'), seats, [adultPax(seats[0].ticketId), childPax(seats[1].ticketId)]);
    const before = await balanceOf(gw.db, agencyId);
    const key = randomUUID();
    const pay = () => call(gw, 'POST', `/api/trains/bookings/${booking.id}/pay`, { token: token('f1admin'), body: { idempotencyKey: key } });
    const res = await pay();
    expect(res.statusCode).toBe(200);
    const paid = res.json<TrainBooking>();
    expect(paid.status).toBe('05');
    expect(paid.statusName).toBe('COMPLETED');
    expect(paid.tickets.every((t) => t.status === 'ISSUED' && /^VNR\d{10}$/.test(t.ticketNumber!))).toBe(true);
    expect(paid.tickets[0].qr).toContain(paid.tickets[0].ticketNumber);
    expect(await balanceOf(gw.db, agencyId)).toBe(before - booking.total);
    const again = await pay();
    expect(again.json<TrainBooking>().tickets).toEqual(paid.tickets);
    expect(await balanceOf(gw.db, agencyId)).toBe(before - booking.total);
    const other = await call(gw, 'POST', `/api/trains/bookings/${booking.id}/pay`, { token: token('f1admin'), body: { idempotencyKey: randomUUID() } });
    expect(other.json().data.reason).toBe('alreadyPaid');
    expect((await entriesOf(gw, booking.code)).map((e) => [e.type, e.amount])).toEqual([['C', booking.total]]);
    // the QR payload decodes from the code the portal draws
    const png = PNG.sync.read(await QRCode.toBuffer(paid.tickets[0].qr!, { type: 'png', margin: 1, width: 240 }));
    expect(jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data).toBe(paid.tickets[0].qr);
    const pdf = await call(gw, 'GET', `/api/trains/bookings/${booking.id}/tickets.pdf`, { token: token('f1admin') });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // one QR image per ticket, drawn in the PDF
    expect(pdf.rawPayload.toString('latin1').match(/\/Subtype \/Image/g)?.length).toBeGreaterThanOrEqual(2);
    // seats are sold: nobody can hold them
    expect((await changeHold(gw, token('f2admin'), [seats[0].ticketId])).statusCode).toBe(409);
    // the list of /train/status shows it
    const list = await call(gw, 'GET', '/api/trains/bookings', { token: token('f1admin'), query: { status: '05', q: paid.code.toLowerCase() } });
    expect(list.json().data.map((r: { id: number }) => r.id)).toEqual([booking.id]);
  });

  it('asks for the PIN of a user holding use_pin_code', async () => {
    const train = await findTrain(gw, token('f1agent'), 'SE6', 'SGO', 'HNO', 19);
    const booking = await holdAndBook(gw, token('f1agent'), await freeSeats(gw, token('f1agent'), train, 'seat64', 1));
    const url = `/api/trains/bookings/${booking.id}/pay`;
    const body = { idempotencyKey: randomUUID() };
    const bare = await call(gw, 'POST', url, { token: token('f1agent'), body });
    expect(bare.statusCode).toBe(403);
    expect(bare.json().code).toBe(120);
    const { res } = await callWithPin(gw, 'POST', url, token('f1agent'), body);
    expect(res.statusCode).toBe(200);
    expect(res.json<TrainBooking>().status).toBe('05');
  });

  it('keeps another agency out: 404 on read, pay, refund, PDF; not in its list', async () => {
    const train = await findTrain(gw, token('f1admin'), 'SE8', 'SGO', 'HNO', 24);
    const booking = await holdAndBook(gw, token('f1admin'), await freeSeats(gw, token('f1admin'), train, 'seat64', 1));
    for (const [method, path, body] of [
      ['GET', `/api/trains/bookings/${booking.id}`, undefined],
      ['POST', `/api/trains/bookings/${booking.id}/pay`, { idempotencyKey: randomUUID() }],
      ['POST', `/api/trains/bookings/${booking.id}/cancel`, {}],
      ['GET', `/api/trains/bookings/${booking.id}/refund`, undefined],
      ['POST', `/api/trains/bookings/${booking.id}/refund`, { ticketIds: [booking.tickets[0].ticketId], idempotencyKey: randomUUID() }],
      ['GET', `/api/trains/bookings/${booking.id}/tickets.pdf`, undefined],
    ] as const) {
      const res = await call(gw, method, path, { token: token('f2admin'), body });
      expect(res.statusCode, `${method} ${path}`).toBe(404);
    }
    const list = await call(gw, 'GET', '/api/trains/bookings', { token: token('f2admin') });
    expect(list.json().data.some((r: { id: number }) => r.id === booking.id)).toBe(false);
    expect((await call(gw, 'GET', `/api/trains/bookings/${booking.id}`, { token: token('f1admin') })).json<TrainBooking>().status).toBe('02');
  });

  it('refunds with the fee by hours before departure, credited to the deposit; refused under 4 hours', async () => {
    const train = await findTrain(gw, token('f1admin'), 'SE1', 'HNO', 'DNA', 25);
    const seats = await freeSeats(gw, token('f1admin'), train, 'seat64', 2);
    const booking = await holdAndBook(gw, token('f1admin'), seats);
    await call(gw, 'POST', `/api/trains/bookings/${booking.id}/pay`, { token: token('f1admin'), body: { idempotencyKey: randomUUID() } });
    const [first, second] = booking.tickets;
    const quote = (await call(gw, 'GET', `/api/trains/bookings/${booking.id}/refund`, { token: token('f1admin'), query: { ticketIds: first.ticketId }, headers: { 'x-language': 'en' } })).json<TrainRefundQuote>();
    expect(quote.lines).toHaveLength(1);
    expect(quote.lines[0]).toMatchObject({ allowed: true, percent: 10, fee: Math.max(10_000, Math.round(first.fare * 0.1)) });
    expect(quote.lines[0].explanation).toMatch(/10 % refund fee/);
    const before = await balanceOf(gw.db, agencyId);
    const key = randomUUID();
    const res = await call(gw, 'POST', `/api/trains/bookings/${booking.id}/refund`, { token: token('f1admin'), body: { ticketIds: [first.ticketId], idempotencyKey: key } });
    expect(res.statusCode).toBe(200);
    const result = res.json<TrainRefundResult>();
    expect(result.refunded).toBe(quote.refund);
    expect(result.booking.status).toBe('06');
    expect(await balanceOf(gw.db, agencyId)).toBe(before + quote.refund);
    const replay = await call(gw, 'POST', `/api/trains/bookings/${booking.id}/refund`, { token: token('f1admin'), body: { ticketIds: [first.ticketId], idempotencyKey: key } });
    expect(replay.json<TrainRefundResult>().replayed).toBe(true);
    expect(await balanceOf(gw.db, agencyId)).toBe(before + quote.refund);
    const twice = await call(gw, 'POST', `/api/trains/bookings/${booking.id}/refund`, { token: token('f1admin'), body: { ticketIds: [first.ticketId], idempotencyKey: randomUUID() } });
    expect(twice.statusCode).toBe(409);
    // the refunded seat is on sale again
    expect((await seatsOf(gw, token('f2admin'), train.trainId, Number(first.ticketId.split('_')[4]))).data.find((s) => s.ticketId === first.ticketId)!.state).toBe('free');
    // 10 hours before departure: 20 %; 3 hours before: refused
    const departure = vietnamInstant(train.departDateTime).getTime();
    clock.set(new Date(departure - 10 * 3_600_000));
    try {
      const mid = (await call(gw, 'GET', `/api/trains/bookings/${booking.id}/refund`, { token: token('f1admin') })).json<TrainRefundQuote>();
      expect(mid.lines[0]).toMatchObject({ ticketId: second.ticketId, allowed: true, percent: 20 });
      clock.set(new Date(departure - 3 * 3_600_000));
      const late = (await call(gw, 'GET', `/api/trains/bookings/${booking.id}/refund`, { token: token('f1admin') })).json<TrainRefundQuote>();
      expect(late.lines[0]).toMatchObject({ allowed: false, reason: 'tooLate', fee: 0, refund: 0 });
      const refused = await call(gw, 'POST', `/api/trains/bookings/${booking.id}/refund`, { token: token('f1admin'), body: { ticketIds: [second.ticketId], idempotencyKey: randomUUID() } });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().data.reason).toBe('notRefundable');
    } finally {
      clock.reset();
    }
    expect((await entriesOf(gw, booking.code)).map((e) => e.type)).toEqual(['C', 'R']);
  });
});

describe('trains: the railway fails after payment', () => {
  let gw: Gateway;
  let failing = true;

  beforeAll(async () => {
    const base = createSupplierRegistry({ defaults: { latencyMinMs: 0, latencyMaxMs: 0, failureRate: 0 } });
    const real = base.rail();
    const rail: RailSupplier = {
      source: real.source,
      stations: () => real.stations(),
      search: (r, c) => real.search(r, c),
      run: (id) => real.run(id),
      seats: (run, n) => real.seats(run, n),
      issue: async (r, c) => {
        if (failing) throw new SupplierError('UNAVAILABLE');
        return real.issue(r, c);
      },
      refund: (r, c) => real.refund(r, c),
      refundRules: (l) => real.refundRules(l),
    };
    gw = await startGateway({ env: { SUPPLIER_LATENCY_MS: '0' }, suppliers: createSupplierRegistry({ defaults: { latencyMinMs: 0, latencyMaxMs: 0 } }, { rail }) });
  });
  afterAll(async () => {
    await gw?.close();
  });

  it('reverses the charge (V entry), keeps the seats held and the booking payable; a retry then issues', async () => {
    const t = (await login(gw, 'f1admin')).accessToken;
    const agencyId = (await loadUserByUsername(gw.db, 'f1admin'))!.agency.id;
    const train = await findTrain(gw, t, 'SE4', 'SGO', 'HNO', 26);
    const seats = await freeSeats(gw, t, train, 'berth6', 1);
    const booking = await holdAndBook(gw, t, seats);
    const before = await balanceOf(gw.db, agencyId);
    const key = randomUUID();
    const res = await call(gw, 'POST', `/api/trains/bookings/${booking.id}/pay`, { token: t, body: { idempotencyKey: key }, headers: { 'x-language': 'en' } });
    expect(res.statusCode).toBe(502);
    expect(res.json().data).toMatchObject({ reason: 'issueFailed', reversed: true });
    expect(await balanceOf(gw.db, agencyId)).toBe(before);
    expect((await entriesOf(gw, booking.code)).map((e) => [e.type, e.amount])).toEqual([
      ['C', booking.total],
      ['V', booking.total],
    ]);
    const seen = (await call(gw, 'GET', `/api/trains/bookings/${booking.id}`, { token: t })).json<TrainBooking>();
    expect(seen.status).toBe('02');
    expect(seen.message).toBeTruthy();
    const [row] = await gw.db.select().from(trainSeats).where(eq(trainSeats.ticketId, seats[0].ticketId));
    expect(row.state).toBe('held');
    failing = false;
    const retry = await call(gw, 'POST', `/api/trains/bookings/${booking.id}/pay`, { token: t, body: { idempotencyKey: key } });
    expect(retry.statusCode).toBe(200);
    expect(retry.json<TrainBooking>().status).toBe('05');
    expect(await balanceOf(gw.db, agencyId)).toBe(before - booking.total);
  });
});

describe('trains: the demo seed', () => {
  let gw: Gateway;
  beforeAll(async () => {
    gw = await startGateway({ env: { SUPPLIER_LATENCY_MS: '0' } });
  });
  afterAll(async () => {
    await gw?.close();
  });

  it('gives f1admin train bookings in every state of /train/status, once', async () => {
    expect(await seedTrains(gw.db)).toBe(5);
    expect(await seedTrains(gw.db)).toBe(0);
    const t = (await login(gw, 'f1admin')).accessToken;
    const list = (await call(gw, 'GET', '/api/trains/bookings', { token: t })).json<{ data: { status: string; code: string }[]; total: number }>();
    expect(list.total).toBe(5);
    expect(list.data.map((r) => r.status).sort()).toEqual(['01', '02', '05', '05', '06']);
    for (const row of list.data.filter((r) => r.status === '05' || r.status === '06')) {
      expect((await entriesOf(gw, row.code)).map((e) => e.type)[0]).toBe('C');
    }
  });
});
