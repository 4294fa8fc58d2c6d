/**
 * Writes report fixtures straight into the database at chosen instants: agencies, bookings with one PNR, and
 * ledger entries with their two balanced postings (the deferred trigger checks them at commit as always).
 * The ledger service stamps entries with the current time; reports need lines on chosen days.
 */
import { and, eq, lt, sql } from 'drizzle-orm';
import { ENTRY_SIGN, type EntryType } from '../../contract/accounting';
import type { Db } from '../../gateway/platform/db/client';
import { agencies, bookings, journalEntries, ledgerAccounts, pnrs, postings } from '../../gateway/platform/db/schema';
import { lockDepositAccount } from '../../gateway/platform/ledger';

export async function addAgency(db: Db, parentId: number, code: string): Promise<number> {
  const [row] = await db.insert(agencies).values({ parentId, code, name: `Đại lý ${code}`, level: 2, accountType: 'SUB' }).returning({ id: agencies.id });
  return row.id;
}

export interface PnrFixture {
  agencyId: number;
  pnr: string;
  airline: string;
  /** [from, to, local departure day] per leg. */
  legs: [string, string, string][];
  pax: number;
  bookedAt: Date;
}

export async function addPnr(db: Db, f: PnrFixture): Promise<void> {
  const [booking] = await db
    .insert(bookings)
    .values({
      agencyId: f.agencyId,
      status: 'EXPORT',
      customerName: 'NGUYEN VAN A',
      customerPhone: '0901234567',
      customerEmail: 'a@example.vn',
      adt: f.pax,
      chd: 0,
      inf: 0,
      passengers: [],
      bookingFees: [],
      createdAt: f.bookedAt,
      updatedAt: f.bookedAt,
    })
    .returning({ id: bookings.id });
  await db.insert(pnrs).values({
    bookingId: booking.id,
    airline: f.airline,
    source: f.airline,
    pnr: f.pnr,
    recordStatus: 'BOOKED',
    routeInfos: f.legs.map(([from, to, day]) => ({ carrierCode: f.airline, flightNo: `${f.airline}100`, from, to, departDate: `${day}T08:00`, arrivalDate: `${day}T10:00` })),
    fareData: [],
    paxInfos: Array.from({ length: f.pax }, (_, i) => ({ paxId: i + 1, type: 'ADT' })),
    seatHolds: [],
    createdAt: f.bookedAt,
    updatedAt: f.bookedAt,
  });
}

export interface EntryFixture {
  type: EntryType;
  agencyId: number;
  amount: number;
  pnr?: string;
  at: Date;
}

export async function addEntry(db: Db, e: EntryFixture): Promise<void> {
  await db.transaction(async (tx) => {
    const accountId = await lockDepositAccount(tx, e.agencyId);
    const [counter] = await tx
      .select({ id: ledgerAccounts.id })
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.code, e.type === 'T' ? 'BANK' : 'CLEARING'));
    const [entry] = await tx
      .insert(journalEntries)
      .values({ type: e.type, agencyId: e.agencyId, amount: e.amount, reference: `fixture ${e.type} ${e.pnr ?? ''}`.trim(), pnr: e.pnr ?? null, createdAt: e.at })
      .returning({ id: journalEntries.id });
    const sign = ENTRY_SIGN[e.type];
    await tx.insert(postings).values([
      { entryId: entry.id, accountId, amount: sign * e.amount },
      { entryId: entry.id, accountId: counter.id, amount: -sign * e.amount },
    ]);
    // the deposit's stored balance follows its postings (docs/ledger.md)
    await tx.update(ledgerAccounts).set({ balance: sql`${ledgerAccounts.balance} + ${sign * e.amount}` }).where(eq(ledgerAccounts.id, accountId));
  });
}

/** The agency's deposit balance from the postings of the entries written before `before` (+ `days` days). */
export async function balanceAt(db: Db, agencyId: number, before: Date, days = 0): Promise<number> {
  const until = new Date(before.getTime() + days * 86_400_000);
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${postings.amount}), 0)` })
    .from(postings)
    .innerJoin(journalEntries, eq(journalEntries.id, postings.entryId))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, postings.accountId))
    .where(and(eq(ledgerAccounts.agencyId, agencyId), lt(journalEntries.createdAt, until)));
  return Number(row?.total ?? 0);
}
