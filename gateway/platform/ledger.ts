/**
 * The deposit ledger's core (docs/ledger.md): `postEntry` writes one journal entry with its two balanced
 * postings inside the caller's transaction, `balanceOf` derives a deposit balance from the postings.
 *
 * Direction: T (top up), V (void) and R (refund) credit the agency's deposit; C (pay) and S (sale) debit it.
 * The counter account is the provider's BANK account for T and its CLEARING account for the others.
 *
 * Overdraft: a debit first locks the agency's deposit account row (SELECT ... FOR UPDATE), then reads the
 * balance and the agency's credit limit; it is refused (409/70) when the balance would drop below
 * −creditLimit. Every posting to a deposit account happens under that lock, so concurrent debits of one
 * agency run one after another and can never overdraw together.
 *
 * Idempotency: an entry written with an idempotency key is written once; the same key again returns the
 * first entry (`replayed: true`) when type, agency and amount match, and is refused with 409/49 otherwise.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import { ENTRY_SIGN, type EntryType } from '../../contract/accounting';
import { ErrorCode } from '../../contract/errors';
import { writeAudit, type RequestMeta } from './audit';
import type { Conn, Tx } from './db/client';
import { agencies, journalEntries, ledgerAccounts, postings } from './db/schema';
import { ApiError } from './http/errors';

export interface PostEntryInput {
  type: EntryType;
  agencyId: number;
  /** Positive integer VND; the type gives the direction. */
  amount: number;
  reference: string;
  idempotencyKey?: string | null;
  bookingRef?: string | null;
  pnr?: string | null;
  /** The user who caused the entry (null for the system, e.g. the demo seed). */
  createdBy?: number | null;
  meta?: RequestMeta;
}

export interface PostedEntry {
  id: number;
  type: EntryType;
  agencyId: number;
  amount: number;
  /** The deposit balance after the entry (for a replay: the balance now). */
  balanceAfter: number;
  /** True when the idempotency key had already been used: nothing new was written. */
  replayed: boolean;
}

const num = (v: unknown): number => Number(v ?? 0);

/** The agency's deposit account id, created on first use, and locked until the transaction ends. */
export async function lockDepositAccount(tx: Tx, agencyId: number): Promise<number> {
  await tx
    .insert(ledgerAccounts)
    .values({ kind: 'deposit', agencyId, code: `DEPOSIT-${agencyId}` })
    .onConflictDoNothing();
  const [row] = await tx.select({ id: ledgerAccounts.id }).from(ledgerAccounts).where(eq(ledgerAccounts.agencyId, agencyId)).for('update');
  if (!row) throw new ApiError(ErrorCode.NOT_FOUND, { reason: 'agency' });
  return row.id;
}

async function systemAccountId(conn: Conn, code: 'BANK' | 'CLEARING'): Promise<number> {
  const [row] = await conn.select({ id: ledgerAccounts.id }).from(ledgerAccounts).where(eq(ledgerAccounts.code, code));
  if (!row) throw new Error(`ledger: system account ${code} is missing (migrations not applied?)`);
  return row.id;
}

async function accountBalance(conn: Conn, accountId: number): Promise<number> {
  const [row] = await conn
    .select({ total: sql<string>`coalesce(sum(${postings.amount}), 0)` })
    .from(postings)
    .where(eq(postings.accountId, accountId));
  return num(row?.total);
}

/** The agency's deposit balance: the sum of its deposit account's postings (0 before the first entry). */
export async function balanceOf(conn: Conn, agencyId: number): Promise<number> {
  const [row] = await conn
    .select({ total: sql<string>`coalesce(sum(${postings.amount}), 0)` })
    .from(postings)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, postings.accountId))
    .where(eq(ledgerAccounts.agencyId, agencyId));
  return num(row?.total);
}

/** The balances of several agencies at once (agencies without entries are 0). */
export async function balancesOf(conn: Conn, agencyIds: readonly number[]): Promise<Map<number, number>> {
  const result = new Map<number, number>(agencyIds.map((id) => [id, 0]));
  if (agencyIds.length === 0) return result;
  const rows = await conn
    .select({ agencyId: ledgerAccounts.agencyId, total: sql<string>`coalesce(sum(${postings.amount}), 0)` })
    .from(postings)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, postings.accountId))
    .where(inArray(ledgerAccounts.agencyId, [...agencyIds]))
    .groupBy(ledgerAccounts.agencyId);
  for (const r of rows) if (r.agencyId !== null) result.set(r.agencyId, num(r.total));
  return result;
}

export async function creditLimitOf(conn: Conn, agencyId: number): Promise<number> {
  const [row] = await conn.select({ creditLimit: agencies.creditLimit }).from(agencies).where(eq(agencies.id, agencyId));
  if (!row) throw new ApiError(ErrorCode.NOT_FOUND, { reason: 'agency' });
  return num(row.creditLimit);
}

/** Writes one entry (or returns the one of its idempotency key). Call inside a transaction. */
export async function postEntry(tx: Tx, input: PostEntryInput): Promise<PostedEntry> {
  const { type, agencyId, amount } = input;
  const sign = ENTRY_SIGN[type];
  if (sign === undefined) throw new ApiError(ErrorCode.VALIDATION, { reason: 'entryType' });
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new ApiError(ErrorCode.VALIDATION, { reason: 'amount' });
  const reference = input.reference.trim();
  if (!reference) throw new ApiError(ErrorCode.VALIDATION, { reason: 'reference' });

  const accountId = await lockDepositAccount(tx, agencyId);
  const key = input.idempotencyKey ?? null;
  if (key !== null) {
    const [existing] = await tx.select().from(journalEntries).where(eq(journalEntries.idempotencyKey, key));
    if (existing) {
      if (existing.type !== type || existing.agencyId !== agencyId || num(existing.amount) !== amount) {
        throw new ApiError(ErrorCode.CONFLICT, { reason: 'idempotencyKeyReused' });
      }
      return { id: existing.id, type, agencyId, amount, balanceAfter: await accountBalance(tx, accountId), replayed: true };
    }
  }

  const before = await accountBalance(tx, accountId);
  const after = before + sign * amount;
  if (sign < 0) {
    const creditLimit = await creditLimitOf(tx, agencyId);
    if (after < -creditLimit) {
      throw new ApiError(ErrorCode.INSUFFICIENT_DEPOSIT, { balance: before, creditLimit, available: before + creditLimit, amount });
    }
  }

  const counterId = await systemAccountId(tx, type === 'T' ? 'BANK' : 'CLEARING');
  const [entry] = await tx
    .insert(journalEntries)
    .values({
      type,
      agencyId,
      amount,
      reference,
      bookingRef: input.bookingRef ?? null,
      pnr: input.pnr ?? null,
      idempotencyKey: key,
      createdBy: input.createdBy ?? null,
    })
    .returning({ id: journalEntries.id });
  await tx.insert(postings).values([
    { entryId: entry.id, accountId, amount: sign * amount },
    { entryId: entry.id, accountId: counterId, amount: -sign * amount },
  ]);
  await writeAudit(
    tx,
    {
      userId: input.createdBy ?? null,
      agencyId,
      action: 'ledger.entry_posted',
      target: String(entry.id),
      detail: { type, amount, reference, balanceAfter: after, ...(input.pnr ? { pnr: input.pnr } : {}) },
    },
    input.meta,
  );
  return { id: entry.id, type, agencyId, amount, balanceAfter: after, replayed: false };
}

/** Ledger sanity: every entry's postings sum to zero (the deferred trigger checks this at commit too). */
export async function unbalancedEntries(conn: Conn): Promise<number[]> {
  const rows = await conn
    .select({ entryId: postings.entryId })
    .from(postings)
    .groupBy(postings.entryId)
    .having(sql`sum(${postings.amount}) <> 0`);
  return rows.map((r) => r.entryId);
}

/** The ledger as the gateway context hands it to the modules. */
export const ledger = { postEntry, balanceOf, balancesOf, creditLimitOf, unbalancedEntries } as const;
export type Ledger = typeof ledger;
