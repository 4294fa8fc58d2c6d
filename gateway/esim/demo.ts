/**
 * Demo eSIM orders for the seed: paid from the demo deposits (C entries), ordered from the partner at a past
 * instant so that some eSIMs are in use and others still unused (refundable). Idempotent by order key.
 */
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../platform/db/client';
import { esimOrders, esims, users } from '../platform/db/schema';
import { postEntry } from '../platform/ledger';
import { createSupplierRegistry, type SupplierRegistry } from '../suppliers';
import { packageName } from './catalogue';
import { orderCode } from './orders';

export interface DemoEsimOrder {
  key: string;
  agency: string;
  user: string;
  hoursAgo: number;
  customer: { name: string; email: string; phone: string };
  items: { productId: string; quantity: number }[];
}

export const DEMO_ESIM_ORDERS: readonly DemoEsimOrder[] = [
  {
    key: 'seed-esim-0001', agency: 'SAOVIET', user: 'f1admin', hoursAgo: 80,
    customer: { name: 'Nguyễn Minh Anh', email: 'minhanh.nguyen@example.com', phone: '0912000111' },
    items: [{ productId: 'JP-5GB-30D', quantity: 2 }, { productId: 'KR-UNL-5D', quantity: 1 }],
  },
  {
    key: 'seed-esim-0002', agency: 'SAOVIET', user: 'f1admin', hoursAgo: 1,
    customer: { name: 'Trần Quốc Bảo', email: 'quocbao.tran@example.com', phone: '0983222444' },
    items: [{ productId: 'TH-3GB-15D', quantity: 1 }, { productId: 'ASIA-10GB-15D', quantity: 1 }],
  },
  {
    key: 'seed-esim-0003', agency: 'SAOVIET-HN', user: 'f2admin', hoursAgo: 50,
    customer: { name: 'Lê Thu Hà', email: 'thuha.le@example.com', phone: '0778555666' },
    items: [{ productId: 'EUROPE-10GB-30D', quantity: 1 }],
  },
];

export async function seedEsimOrders(tx: Tx, agencyIds: ReadonlyMap<string, number>, now: Date = new Date(), suppliers?: SupplierRegistry): Promise<number> {
  const registry = suppliers ?? createSupplierRegistry({ defaults: { latencyMinMs: 0, latencyMaxMs: 0, failureRate: 0 } });
  const packages = await registry.esimCatalogue().packages();
  let created = 0;
  for (const d of DEMO_ESIM_ORDERS) {
    const agencyId = agencyIds.get(d.agency);
    if (agencyId === undefined) continue;
    const [exists] = await tx.select({ id: esimOrders.id }).from(esimOrders).where(eq(esimOrders.idempotencyKey, d.key));
    if (exists) continue;
    const [user] = await tx.select({ id: users.id }).from(users).where(and(eq(users.username, d.user), eq(users.agencyId, agencyId)));
    const at = new Date(now.getTime() - d.hoursAgo * 3_600_000);
    const lines = d.items.map((i) => {
      const p = packages.find((x) => x.id === i.productId);
      if (!p) throw new Error(`seed: no eSIM package ${i.productId}`);
      return { productId: p.id, nameVi: packageName(p, 'vi'), nameEn: packageName(p, 'en'), price: p.netPrice, quantity: i.quantity };
    });
    const total = lines.reduce((s, l) => s + l.price * l.quantity, 0);
    const [order] = await tx
      .insert(esimOrders)
      .values({
        agencyId, userId: user?.id ?? null, idempotencyKey: d.key, bodyHash: d.key, status: 'PROCESSING',
        customerName: d.customer.name, customerEmail: d.customer.email, customerPhone: d.customer.phone, lines, totalPrice: total,
        createdAt: at, updatedAt: at,
      })
      .returning();
    const entry = await postEntry(tx, {
      type: 'C', agencyId, amount: total, reference: `Mua eSIM đơn ${orderCode(order.id)} / eSIM order ${orderCode(order.id)}`,
      idempotencyKey: `seed:${d.key}`, bookingRef: orderCode(order.id), createdBy: user?.id ?? null,
    });
    const result = await registry.esim().order({ items: d.items.map((i) => ({ packageId: i.productId, quantity: i.quantity })), idempotencyKey: d.key, customer: d.customer, orderedAt: at.toISOString() });
    await tx.insert(esims).values(
      result.esims.map((e) => {
        const line = lines.find((l) => l.productId === e.packageId)!;
        return { orderId: order.id, iccid: e.iccid, productId: e.packageId, nameVi: line.nameVi, nameEn: line.nameEn, smdpAddress: e.smdpAddress, matchingId: e.matchingId, activationCode: e.activationCode, paid: line.price, createdAt: at };
      }),
    );
    await tx.update(esimOrders).set({ status: 'COMPLETED', chargeEntryId: entry.id, supplierOrderId: result.supplierOrderId }).where(eq(esimOrders.id, order.id));
    created += 1;
  }
  return created;
}
