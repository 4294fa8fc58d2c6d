/** What other domains (the seed, a scheduler) may use of trains: the sweep of expired holds and bookings, the demo bookings. */
import { count, eq } from 'drizzle-orm';
import { addDays, todayInVietnam } from '../platform/clock';
import type { Db } from '../platform/db/client';
import { trainBookings } from '../platform/db/schema';
import { loadUserByUsername } from '../platform/tenancy/users';
import type { RailSupplier } from '../suppliers';
import { cancelBooking, createBooking, payBooking, refundTickets } from './bookings';
import { changeHold, seatMap } from './inventory';

export { sweepTrains } from './inventory';

type Pax = { paxType: 1 | 2 | 12 | 13 | 6 | 7; fullName: string; idNumber: string };

const DEMO_TRAIN_BOOKINGS: { trainNo: string; from: string; to: string; days: number; layout: string; pax: Pax[]; then: 'pay' | 'refund' | 'cancel' | 'hold' }[] = [
  {
    trainNo: 'SE3', from: 'HNO', to: 'SGO', days: 7, layout: 'berth4', then: 'pay',
    pax: [{ paxType: 1, fullName: 'Trần Minh Đức', idNumber: '001089004512' }, { paxType: 2, fullName: 'Trần Bảo Ngọc', idNumber: '' }],
  },
  {
    trainNo: 'SE1', from: 'HNO', to: 'DNA', days: 12, layout: 'seat64', then: 'refund',
    pax: [{ paxType: 1, fullName: 'Lê Thị Hồng', idNumber: '036187002233' }, { paxType: 13, fullName: 'Lê Văn Phúc', idNumber: '036154001122' }],
  },
  {
    trainNo: 'SE22', from: 'SGO', to: 'DNA', days: 9, layout: 'berth6', then: 'pay',
    pax: [{ paxType: 6, fullName: 'Emma Schneider', idNumber: 'C4F7K2L9' }, { paxType: 7, fullName: 'Lukas Schneider', idNumber: '' }],
  },
  { trainNo: 'SNT2', from: 'SGO', to: 'NTR', days: 5, layout: 'berth6', then: 'cancel', pax: [{ paxType: 12, fullName: 'Phạm Quốc Huy', idNumber: '079203006789' }] },
  { trainNo: 'NA1', from: 'HNO', to: 'VIN', days: 3, layout: 'seat64', then: 'hold', pax: [{ paxType: 1, fullName: 'Hoàng Thu Trang', idNumber: '040195003344' }] },
];

/**
 * Demo train bookings of an agent (f1admin by default) so /train/status shows data: paid ones (05), one with a
 * ticket refunded (06), one cancelled (01), one waiting for payment (02, expired a quarter of an hour later).
 * Made through the module's own calls, so seats, tickets and ledger entries are what a user would have made.
 * Skipped when the agency already has train bookings. `rail` should answer at once (no latency, no failures).
 */
export async function seedDemoTrainBookings(db: Db, rail: RailSupplier, username = 'f1admin', now: Date = new Date()): Promise<number> {
  const ctx = await loadUserByUsername(db, username);
  if (!ctx) return 0;
  const [{ n }] = await db.select({ n: count() }).from(trainBookings).where(eq(trainBookings.agencyId, ctx.agency.id));
  if (n > 0) return 0;
  const deps = { db, rail, now: () => now };
  const actor = { ctx, lang: 'vi' as const };
  const day = (days: number) => addDays(todayInVietnam(now.getTime()), days);
  let made = 0;
  for (const [i, plan] of DEMO_TRAIN_BOOKINGS.entries()) {
    const run = (await rail.search({ from: plan.from, to: plan.to, date: day(plan.days) })).find((r) => r.trainNo === plan.trainNo);
    if (!run) continue;
    let seats: string[] = [];
    for (const c of run.carriages.filter((x) => x.layout === plan.layout)) {
      const map = await seatMap(deps, ctx, run.trainId, c.carriageNo, 'vi');
      // several passengers of a sleeper share a compartment
      const groups = new Map<number, string[]>();
      for (const s of map.data.filter((x) => x.state === 'free')) groups.set(s.compartment ?? 0, [...(groups.get(s.compartment ?? 0) ?? []), s.ticketId]);
      const group = [...groups.values()].find((g) => g.length >= plan.pax.length);
      if (group) {
        seats = group.slice(0, plan.pax.length);
        break;
      }
    }
    if (seats.length !== plan.pax.length) continue;
    await changeHold(deps, ctx, { add: seats, remove: [] }, 'vi');
    const booking = await createBooking(deps, actor, {
      passengers: plan.pax.map((p, k) => ({ ticketId: seats[k], ...p, isService: false })),
      contact: { name: plan.pax[0].fullName, phone: '0912345678', email: 'demo@saoviet.vn' },
      addService: {},
    });
    made += 1;
    if (plan.then === 'cancel') await cancelBooking(deps, actor, booking.id);
    if (plan.then === 'pay' || plan.then === 'refund') await payBooking(deps, actor, booking.id, `seed-train-${i}`);
    if (plan.then === 'refund') await refundTickets(deps, actor, booking.id, [seats[1]], `seed-train-refund-${i}`);
  }
  return made;
}
