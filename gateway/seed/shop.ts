/**
 * Demo shop reserve: SAOVIET holds six seats on a morning Vietnam Airlines flight Hà Nội → TP Hồ Chí Minh a week
 * after the data is seeded (released a day before departure), so a search HAN → SGN on that day shows the
 * flight marked "Chỗ giữ của đại lý" for f1admin, who can sell from it. Made through the shop's own rules, with a
 * channel that answers at once, and bought as an agent buys one (net price × seats charged to SAOVIET's deposit);
 * idempotent (nothing when the agency already has an allotment; the purchase's ledger key is fixed).
 */
import { eq } from 'drizzle-orm';
import { addDays, todayInVietnam } from '../platform/clock';
import type { Tx } from '../platform/db/client';
import { shopReserves, users } from '../platform/db/schema';
import { insertReserve, planReserve } from '../shop/service';
import { createSupplierRegistry } from '../suppliers';

/** The demo allotment's request key: its purchase's ledger key is `shop.reserve:` and this. */
export const DEMO_RESERVE_KEY = 'seed:shop:SAOVIET';
export const DEMO_RESERVE = { agency: 'SAOVIET', user: 'f1admin', source: 'VN', from: 'HAN', to: 'SGN', inDays: 7, quantity: 6, margin: 150_000 } as const;

export async function seedShopReserves(tx: Tx, agencyIds: ReadonlyMap<string, number>, now: Date = new Date()): Promise<number> {
  const d = DEMO_RESERVE;
  const agencyId = agencyIds.get(d.agency);
  const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.username, d.user));
  if (agencyId === undefined || !user) return 0;
  const [exists] = await tx.select({ id: shopReserves.id }).from(shopReserves).where(eq(shopReserves.agencyId, agencyId)).limit(1);
  if (exists) return 0;
  const suppliers = createSupplierRegistry({ defaults: { latencyMinMs: 0, latencyMaxMs: 0, failureRate: 0 } });
  const departDate = addDays(todayInVietnam(now), d.inDays);
  const offers = await suppliers.flightQuotes(d.source).search({ from: d.from, to: d.to, departDate, pax: { adt: 1, chd: 0, inf: 0 } });
  // a direct morning flight, its cheapest economy class with room for the allotment
  const morning = offers.filter((o) => o.direction === 'depart' && o.routeInfo.length === 1 && o.departDateTime.slice(11, 13) >= '07');
  for (const offer of morning) {
    const price = offer.priceInfo
      .filter((p) => p.fareInfo.cabinClass === 'ECONOMY' && p.seatAvailable >= d.quantity + 2)
      .sort((a, b) => a.fareADT - b.fareADT)[0];
    if (!price) continue;
    const net = price.fareADT + price.taxADT + price.vatADT;
    const departAt = new Date(`${offer.departDateTime.slice(0, 16)}:00+07:00`);
    const input = {
      source: d.source,
      from: d.from,
      to: d.to,
      departDate,
      flightNo: offer.routeInfo[0].flightNo,
      class: price.class,
      quantity: d.quantity,
      netPrice: net,
      sellPrice: net + d.margin,
      releaseAt: new Date(departAt.getTime() - 86_400_000).toISOString(),
      note: 'Lô chỗ giữ mẫu / demo allotment',
      idempotencyKey: DEMO_RESERVE_KEY,
    };
    const plan = await planReserve(suppliers, input, now);
    // bought as an agent buys one: its C entry on SAOVIET's deposit (keyed, so never charged twice)
    await insertReserve(tx, { agencyId, userId: user.id }, input, plan, now);
    return 1;
  }
  return 0;
}
