/**
 * The deposit ledger's core (docs/ledger.md): `postEntry` writes one journal entry with its two balanced
 * postings inside the caller's transaction, `balanceOf` derives a deposit balance from the postings.
 *
 * Direction: T (top up), V (void) and R (refund) credit the agency's deposit; C (pay) and S (sale) debit it.
 * The counter account is the provider's BANK account for T and its CLEARING account for the others.
 *
 * Overdraft: the agency's deposit account row keeps the running balance (`balance`, the sum of its postings).
 * The entry and its postings are written first without any lock on it; then ONE conditional UPDATE moves the
 * balance (`balance + net >= −credit_limit` for a debit) and writes the audit entries in the same statement, as
 * the transaction's last statement (`settleEntries`). A debit it refuses is 409/70 and the transaction rolls
 * back. Concurrent debits of one agency queue only on that UPDATE, from it to their commit, and can never
 * overdraw together (the condition is re-checked on the latest row version).
 *
 * Idempotency: an entry written with an idempotency key is written once; the same key again returns the
 * first entry (`replayed: true`) when type, agency and amount match, and is refused with 409/49 otherwise.
 */
import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import { ENTRY_SIGN, type EntryType } from '../../contract/accounting';
import { ErrorCode } from '../../contract/errors';
import type { RequestMeta } from './audit';
import { executeNamed, type Conn, type Db, type Tx } from './db/client';
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

/** The agency's stored deposit balance (ledger_accounts.balance, moved by settleEntries; 0 before the first entry). */
export async function depositBalanceOf(conn: Conn, agencyId: number): Promise<number> {
  const [row] = await conn.select({ balance: ledgerAccounts.balance }).from(ledgerAccounts).where(eq(ledgerAccounts.agencyId, agencyId));
  return num(row?.balance);
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

/** An entry written with its postings whose deposit balance has not moved yet (see `settleEntries`). */
export interface WrittenEntry {
  id: number;
  type: EntryType;
  agencyId: number;
  amount: number;
  /** The deposit account of the agency. */
  accountId: number;
  /** What the entry adds to the deposit balance (negative for a debit). */
  signed: number;
  /** The idempotency key had been used before: nothing was written, `balanceAfter` is the balance now. */
  replayed: boolean;
  balanceAfter?: number;
  /** The audit entry written with the balance (ledger.entry_posted). */
  audit: { userId: number | null; target: string; ip: string | null; requestId: string | null; detail: Record<string, unknown> };
}

function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

/**
 * Writes the entry and its two postings in one statement (the agency's deposit account created on first use), or
 * finds the entry of its idempotency key. The deposit's stored balance does not move yet: `settleEntries` does it,
 * as the transaction's last statement. Takes no lock on the deposit account. Call inside a transaction.
 */
export async function writeEntry(tx: Tx, input: PostEntryInput): Promise<WrittenEntry> {
  const { type, agencyId, amount } = input;
  const sign = ENTRY_SIGN[type];
  if (sign === undefined) throw new ApiError(ErrorCode.VALIDATION, { reason: 'entryType' });
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new ApiError(ErrorCode.VALIDATION, { reason: 'amount' });
  const reference = input.reference.trim();
  if (!reference) throw new ApiError(ErrorCode.VALIDATION, { reason: 'reference' });
  const key = input.idempotencyKey ?? null;
  const signed = sign * amount;
  const counter = type === 'T' ? 'BANK' : 'CLEARING';
  // an existing key: the insert does nothing (after the transaction that wrote it, if still running, ends)
  const [row] = rowsOf<{ entry_id: string | number | null; account_id: number }>(
    await tx.execute(sql`
      with acc as (select ledger_deposit_account(${agencyId}::integer) as id),
      e as (
        insert into journal_entries (type, agency_id, amount, reference, booking_ref, pnr, idempotency_key, created_by)
        values (${type}, ${agencyId}::integer, ${amount}::bigint, ${reference}, ${input.bookingRef ?? null}, ${input.pnr ?? null}, ${key}, ${input.createdBy ?? null}::integer)
        on conflict (idempotency_key) do nothing
        returning id
      ),
      p as (
        insert into postings (entry_id, account_id, amount)
        select e.id, acc.id, ${signed}::bigint from e, acc
        union all
        select e.id, (select id from ledger_accounts where code = ${counter}), ${-signed}::bigint from e
        returning entry_id
      )
      select (select id from e) as entry_id, (select id from acc) as account_id, (select count(*) from p) as n`),
  );
  if (!row?.account_id) throw new ApiError(ErrorCode.NOT_FOUND, { reason: 'agency' });
  const audit = {
    userId: input.createdBy ?? null,
    target: '',
    ip: input.meta?.ip ?? null,
    requestId: input.meta?.requestId ?? null,
    detail: { type, amount, reference, ...(input.pnr ? { pnr: input.pnr } : {}) } as Record<string, unknown>,
  };
  if (row.entry_id === null) {
    const [existing] = await tx.select().from(journalEntries).where(eq(journalEntries.idempotencyKey, key!));
    if (!existing) throw new Error('ledger: an idempotency key conflicted but its entry is not visible');
    if (existing.type !== type || existing.agencyId !== agencyId || num(existing.amount) !== amount) {
      throw new ApiError(ErrorCode.CONFLICT, { reason: 'idempotencyKeyReused' });
    }
    const balanceAfter = await storedBalance(tx, row.account_id);
    return { id: existing.id, type, agencyId, amount, accountId: row.account_id, signed, replayed: true, balanceAfter, audit };
  }
  const id = Number(row.entry_id);
  audit.target = String(id);
  return { id, type, agencyId, amount, accountId: row.account_id, signed, replayed: false, audit };
}

async function storedBalance(conn: Conn, accountId: number): Promise<number> {
  const [row] = await conn.select({ balance: ledgerAccounts.balance }).from(ledgerAccounts).where(eq(ledgerAccounts.id, accountId));
  return num(row?.balance);
}

/**
 * Moves the deposit balances by the written entries: for each agency ONE statement, a conditional UPDATE of its
 * deposit account row (`balance + net >= −credit_limit` for a net debit) that also writes the entries' audit
 * entries with the balance after each. The row stays locked from this statement to the commit, so it should be
 * the transaction's last statement. A refused debit is 409/70 (the caller's transaction then rolls back, entries
 * included). Answers the entries in order with their balance after.
 */
export async function settleEntries(tx: Tx, entries: readonly WrittenEntry[]): Promise<PostedEntry[]> {
  const fresh = entries.filter((e) => !e.replayed);
  const after = new Map<number, number>();
  for (const agencyId of [...new Set(fresh.map((e) => e.agencyId))]) {
    const mine = fresh.filter((e) => e.agencyId === agencyId);
    const net = mine.reduce((s, e) => s + e.signed, 0);
    // each entry's balance after = the final balance − what the later entries of the agency moved
    let later = 0;
    const audits: Record<string, unknown>[] = [];
    for (let i = mine.length - 1; i >= 0; i -= 1) {
      const e = mine[i];
      audits.unshift({ user_id: e.audit.userId, target: e.audit.target, ip: e.audit.ip, request_id: e.audit.requestId, detail: e.audit.detail, later, entry: e.id });
      later += e.signed;
    }
    const guard = net < 0 ? sql`and a.balance + ${net}::bigint >= -g.credit_limit` : sql``;
    const [row] = rowsOf<{ balance: string | number }>(
      await tx.execute(sql`
        with u as (
          update ledger_accounts a set balance = a.balance + ${net}::bigint
          from agencies g
          where a.id = ${mine[0].accountId}::integer and g.id = a.agency_id ${guard}
          returning a.balance
        ),
        au as (
          insert into audit_log (user_id, agency_id, action, target, ip, request_id, detail)
          select x.user_id, ${agencyId}::integer, 'ledger.entry_posted', x.target, x.ip, x.request_id,
                 x.detail || jsonb_build_object('balanceAfter', u.balance - x.later)
          from u, jsonb_to_recordset(${JSON.stringify(audits)}::jsonb) as x(user_id integer, target text, ip text, request_id text, detail jsonb, later bigint)
        )
        select balance from u`),
    );
    if (!row) {
      const balance = await storedBalance(tx, mine[0].accountId);
      const creditLimit = await creditLimitOf(tx, agencyId);
      throw new ApiError(ErrorCode.INSUFFICIENT_DEPOSIT, { balance, creditLimit, available: balance + creditLimit, amount: -net });
    }
    let balance = num(row.balance);
    for (let i = mine.length - 1; i >= 0; i -= 1) {
      after.set(mine[i].id, balance);
      balance -= mine[i].signed;
    }
  }
  return entries.map((e) => ({ id: e.id, type: e.type, agencyId: e.agencyId, amount: e.amount, balanceAfter: e.replayed ? e.balanceAfter! : after.get(e.id)!, replayed: e.replayed }));
}

/** One debit of `debitInOneStatement`: keyed by its PNR code (unique among the statement's debits). */
export interface OneStatementDebit {
  type: 'C' | 'S';
  amount: number;
  reference: string;
  bookingRef: string | null;
  pnr: string;
  createdBy: number | null;
  meta?: RequestMeta;
}

export type OneStatementOutcome =
  | { kind: 'posted'; balance: number; entries: Map<string, { id: number; balanceAfter: number }> }
  /** The caller's gate was false: nothing was written. */
  | { kind: 'gate' }
  /** The agency has no deposit account yet: nothing was written (the caller takes the transaction path). */
  | { kind: 'noAccount' };

/**
 * Debits of ONE agency written and settled in ONE statement, outside any transaction (the statement commits
 * alone, all or nothing): a caller's `gate` (a query answering one boolean `ok`, e.g. rows locked FOR UPDATE
 * still in the state the caller checked) is evaluated first; the conditional UPDATE of the deposit row runs only
 * when it is true and the balance covers the debits (`balance − total >= −credit_limit`, re-checked on the latest
 * row version); the entries, their postings and their `ledger.entry_posted` audit entries are written only from
 * the UPDATE's row, and so should the caller's `after` CTEs (each written `, name as (…)`; they may read `e(id, pnr)`
 * and `u(id, balance)`). The
 * deposit row is locked from the UPDATE to the statement's commit: no round trip of the client in between.
 * Refused funds are 409/70 as in `settleEntries`.
 */
export async function debitInOneStatement(
  db: Db,
  /** The prepared statement's name (executeNamed): one per caller, whose gate and after never change. */
  name: string,
  agencyId: number,
  debits: readonly OneStatementDebit[],
  gate: SQL,
  after: SQL,
): Promise<OneStatementOutcome> {
  if (debits.length === 0) throw new Error('ledger: no debit to write');
  if (new Set(debits.map((d) => d.pnr)).size !== debits.length) throw new Error('ledger: the debits of one statement need distinct PNR codes');
  const rows = debits.map((d) => {
    if (!Number.isSafeInteger(d.amount) || d.amount <= 0) throw new ApiError(ErrorCode.VALIDATION, { reason: 'amount' });
    const reference = d.reference.trim();
    if (!reference) throw new ApiError(ErrorCode.VALIDATION, { reason: 'reference' });
    return { type: d.type, amount: d.amount, reference, booking_ref: d.bookingRef, pnr: d.pnr, created_by: d.createdBy, ip: d.meta?.ip ?? null, request_id: d.meta?.requestId ?? null };
  });
  // each entry's balance after = the final balance − what the later entries moved (signed, as settleEntries)
  const later: number[] = [];
  let sum = 0;
  for (let i = rows.length - 1; i >= 0; i -= 1) {
    later[i] = sum;
    sum -= rows[i].amount;
  }
  const total = rows.reduce((s, r) => s + r.amount, 0);
  const x = JSON.stringify(rows.map((r, i) => ({ ...r, later: later[i] })));
  const [row] = await executeNamed<{ ok: boolean | null; account: number | null; balance: string | number | null; credit_limit: string | number | null; after: string | number | null; entries: { id: number; pnr: string }[] | null }>(
    db,
    name,
    sql`
      with gate as (${gate}),
      acc as (
        select a.id, a.balance, g.credit_limit from ledger_accounts a join agencies g on g.id = a.agency_id
        where a.agency_id = ${agencyId}::integer and a.kind = 'deposit'
      ),
      u as (
        update ledger_accounts a set balance = a.balance - ${total}::bigint
        from agencies g
        where a.agency_id = ${agencyId}::integer and a.kind = 'deposit' and g.id = a.agency_id
          and a.balance - ${total}::bigint >= -g.credit_limit and (select bool_and(ok) from gate)
        returning a.id, a.balance
      ),
      x as (
        select * from jsonb_to_recordset(${x}::jsonb)
          as x(type text, amount bigint, reference text, booking_ref text, pnr text, created_by integer, ip text, request_id text, later bigint)
      ),
      e as (
        insert into journal_entries (type, agency_id, amount, reference, booking_ref, pnr, idempotency_key, created_by)
        select x.type, ${agencyId}::integer, x.amount, x.reference, x.booking_ref, x.pnr, null, x.created_by from x, u
        returning id, pnr
      ),
      p as (
        insert into postings (entry_id, account_id, amount)
        select e.id, u.id, -x.amount from e join x on x.pnr = e.pnr, u
        union all
        select e.id, (select id from ledger_accounts where code = 'CLEARING'), x.amount from e join x on x.pnr = e.pnr
        returning entry_id
      ),
      au as (
        insert into audit_log (user_id, agency_id, action, target, ip, request_id, detail)
        select x.created_by, ${agencyId}::integer, 'ledger.entry_posted', e.id::text, x.ip, x.request_id,
               jsonb_build_object('type', x.type, 'amount', x.amount, 'reference', x.reference, 'pnr', x.pnr, 'balanceAfter', u.balance - x.later)
        from e join x on x.pnr = e.pnr, u
        returning id
      )${after}
      select (select bool_and(ok) from gate) as ok, (select id from acc) as account, (select balance from acc) as balance,
             (select credit_limit from acc) as credit_limit, (select balance from u) as after,
             (select jsonb_agg(jsonb_build_object('id', e.id, 'pnr', e.pnr)) from e) as entries`,
  );
  if (!row?.ok) return { kind: 'gate' };
  if (row.account === null) return { kind: 'noAccount' };
  if (row.after === null) {
    const balance = num(row.balance);
    const creditLimit = num(row.credit_limit);
    throw new ApiError(ErrorCode.INSUFFICIENT_DEPOSIT, { balance, creditLimit, available: balance + creditLimit, amount: total });
  }
  const balance = num(row.after);
  const ids = new Map((row.entries ?? []).map((e) => [e.pnr, Number(e.id)]));
  const entries = new Map<string, { id: number; balanceAfter: number }>();
  for (const [i, r] of rows.entries()) {
    const id = ids.get(r.pnr);
    if (id === undefined) throw new Error(`ledger: the entry of ${r.pnr} was not written`);
    entries.set(r.pnr, { id, balanceAfter: balance - later[i] });
  }
  return { kind: 'posted', balance, entries };
}

/**
 * Writes one entry (or returns the one of its idempotency key) and moves the deposit balance at once (the
 * conditional UPDATE as its last statement). Call inside a transaction; a caller with more work after the
 * entry that wants the deposit locked only at the end uses `writeEntry` and then `settleEntries` last.
 */
export async function postEntry(tx: Tx, input: PostEntryInput): Promise<PostedEntry> {
  const written = await writeEntry(tx, input);
  const [posted] = await settleEntries(tx, [written]);
  return posted;
}

/** Deposit accounts whose stored balance differs from the sum of their postings (a check for tests). */
export async function balanceDrift(conn: Conn): Promise<{ accountId: number; stored: number; postings: number }[]> {
  const rows = rowsOf<{ id: number; stored: string; total: string }>(
    await conn.execute(sql`
      select a.id, a.balance as stored, coalesce((select sum(p.amount) from postings p where p.account_id = a.id), 0) as total
      from ledger_accounts a where a.kind = 'deposit'`),
  );
  return rows.filter((r) => num(r.stored) !== num(r.total)).map((r) => ({ accountId: r.id, stored: num(r.stored), postings: num(r.total) }));
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
export const ledger = { postEntry, writeEntry, settleEntries, balanceOf, balancesOf, creditLimitOf, unbalancedEntries } as const;
export type Ledger = typeof ledger;
