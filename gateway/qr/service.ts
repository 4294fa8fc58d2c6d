/**
 * QR top-ups and statement matching. The agency that owns a receiving account (the provider that set it in
 * qr/{id}) is the one that imports its statements and confirms matches; a confirmed match approves the
 * top-up request through the deposit's own approval (accounting/service.ts), so the T entry is written there,
 * once. A statement line is stored once per account and bank reference, credits one top-up at most, and a
 * top-up is credited by one line at most (unique indexes back the checks).
 */
import { randomInt } from 'node:crypto';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import QRCode from 'qrcode';
import { ErrorCode } from '../../contract/errors';
import {
  bankOf,
  REFERENCE_ALPHABET,
  type ImportResult,
  type MatchOutcome,
  type QrAccount,
  type QrAccountInput,
  type QrTopUp,
  type StatementLineView,
} from '../../contract/qr';
import { vietQrPayload } from '../../contract/vietqr';
import { approveTopUp, createTopUp } from '../accounting/service';
import { writeAudit, type RequestMeta } from '../platform/audit';
import type { Db, Conn } from '../platform/db/client';
import { agencies, qrAccounts, qrTopUps, statementLines, topUpRequests } from '../platform/db/schema';
import { ApiError } from '../platform/http/errors';
import type { Notifier } from '../platform/notifier';
import type { UserContext } from '../platform/tenancy/users';
import { storeUpload } from '../uploads/service';
import { matchLines, parseStatement, type MatchLine, type MatchTopUp } from './statement';

// ---- QR accounts (qr/{id}) ----

const accountView = (a: { id: number; code: string; name: string }, acc: typeof qrAccounts.$inferSelect | null): QrAccount => ({
  agencyId: a.id,
  agencyCode: a.code,
  agencyName: a.name,
  bankBin: acc?.bankBin ?? null,
  bankName: acc ? (bankOf(acc.bankBin)?.name ?? null) : null,
  accountNo: acc?.accountNo ?? null,
  accountName: acc?.accountName ?? null,
  updatedAt: acc ? acc.updatedAt.toISOString() : null,
});

/** The caller's sub-agencies (the agencies right below it) with the account each tops up to. */
export async function listAccounts(conn: Conn, ctx: UserContext): Promise<{ data: QrAccount[]; total: number }> {
  const rows = await conn
    .select({ a: { id: agencies.id, code: agencies.code, name: agencies.name }, acc: qrAccounts })
    .from(agencies)
    .leftJoin(qrAccounts, eq(qrAccounts.agencyId, agencies.id))
    .where(eq(agencies.parentId, ctx.agency.id))
    .orderBy(asc(agencies.code));
  return { data: rows.map((r) => accountView(r.a, r.acc)), total: rows.length };
}

async function subAgency(conn: Conn, ctx: UserContext, id: number) {
  const [a] = await conn
    .select({ id: agencies.id, code: agencies.code, name: agencies.name })
    .from(agencies)
    .where(and(eq(agencies.id, id), eq(agencies.parentId, ctx.agency.id)));
  if (!a) throw new ApiError(ErrorCode.NOT_FOUND, { reason: 'agency' });
  return a;
}

export async function getAccount(conn: Conn, ctx: UserContext, id: number): Promise<QrAccount> {
  const a = await subAgency(conn, ctx, id);
  const [acc] = await conn.select().from(qrAccounts).where(eq(qrAccounts.agencyId, id));
  return accountView(a, acc ?? null);
}

export async function putAccount(db: Db, ctx: UserContext, id: number, input: QrAccountInput, meta: RequestMeta): Promise<QrAccount> {
  await db.transaction(async (tx) => {
    await subAgency(tx, ctx, id);
    const values = { bankBin: input.bankBin, accountNo: input.accountNo.toUpperCase(), accountName: input.accountName, updatedBy: ctx.user.id, updatedAt: new Date() };
    await tx
      .insert(qrAccounts)
      .values({ agencyId: id, ownerAgencyId: ctx.agency.id, ...values })
      .onConflictDoUpdate({ target: qrAccounts.agencyId, set: { ownerAgencyId: ctx.agency.id, ...values } });
    await writeAudit(tx, { userId: ctx.user.id, agencyId: ctx.agency.id, action: 'qr.account_set', target: String(id), detail: { bankBin: input.bankBin, accountNo: values.accountNo } }, meta);
  });
  return getAccount(db, ctx, id);
}

/** The account the caller's agency tops up to (qr); bank fields null until its provider sets one. */
export async function myAccount(conn: Conn, ctx: UserContext): Promise<QrAccount> {
  const [acc] = await conn.select().from(qrAccounts).where(eq(qrAccounts.agencyId, ctx.agency.id));
  return accountView(ctx.agency, acc ?? null);
}

// ---- QR top-ups (qr) ----

export function newReference(): string {
  let s = 'NAP';
  for (let i = 0; i < 8; i++) s += REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)];
  return s;
}

function selectQrTopUps(conn: Conn) {
  return conn
    .select({ q: qrTopUps, status: topUpRequests.status, accountName: qrAccounts.accountName })
    .from(qrTopUps)
    .innerJoin(topUpRequests, eq(topUpRequests.id, qrTopUps.topUpRequestId))
    .leftJoin(qrAccounts, eq(qrAccounts.agencyId, qrTopUps.agencyId));
}

type QrRow = Awaited<ReturnType<ReturnType<typeof selectQrTopUps>['where']>>[number];

const qrView = (r: QrRow): QrTopUp => ({
  id: r.q.id,
  topUpRequestId: r.q.topUpRequestId,
  reference: r.q.reference,
  amount: r.q.amount,
  bankBin: r.q.bankBin,
  bankName: bankOf(r.q.bankBin)?.name ?? null,
  accountNo: r.q.accountNo,
  accountName: r.accountName ?? '',
  payload: r.q.payload,
  status: r.status,
  createdAt: r.q.createdAt.toISOString(),
});

export async function listQrTopUps(conn: Conn, ctx: UserContext): Promise<{ data: QrTopUp[]; total: number }> {
  const rows = await selectQrTopUps(conn).where(eq(qrTopUps.agencyId, ctx.agency.id)).orderBy(desc(qrTopUps.id)).limit(20);
  return { data: rows.map(qrView), total: rows.length };
}

/**
 * A top-up by VietQR: a pending top-up request of the caller's agency whose bank reference is a new unique
 * reference, and the VietQR payload of the transfer (the reference in its message). The QR image is kept as
 * the request's receipt, so the deposit screens show what was paid.
 */
export async function createQrTopUp(db: Db, ctx: UserContext, amount: number, meta: RequestMeta): Promise<QrTopUp> {
  const [acc] = await db.select().from(qrAccounts).where(eq(qrAccounts.agencyId, ctx.agency.id));
  if (!acc) throw new ApiError(ErrorCode.NOT_FOUND, { reason: 'qrAccount' });
  let reference = newReference();
  for (let i = 0; i < 5; i++) {
    const [used] = await db.select({ id: qrTopUps.id }).from(qrTopUps).where(eq(qrTopUps.reference, reference));
    if (!used) break;
    reference = newReference();
  }
  const payload = vietQrPayload({ bin: acc.bankBin, accountNo: acc.accountNo, amount, message: reference });
  const png = await QRCode.toBuffer(payload, { type: 'png', errorCorrectionLevel: 'M', margin: 2, width: 360 });
  const receipt = await storeUpload(db, ctx, { fileName: `vietqr-${reference}.png`, contentBase64: png.toString('base64'), kind: 'file' }, meta);
  const request = await createTopUp(db, ctx, { amount, bankReference: reference, receiptUploadId: receipt.id, note: `VietQR ${reference}` }, meta);
  const [row] = await db
    .insert(qrTopUps)
    .values({ reference, agencyId: ctx.agency.id, ownerAgencyId: acc.ownerAgencyId, topUpRequestId: request.id, amount, bankBin: acc.bankBin, accountNo: acc.accountNo, payload, createdBy: ctx.user.id })
    .returning({ id: qrTopUps.id });
  const [view] = await selectQrTopUps(db).where(eq(qrTopUps.id, row.id));
  return qrView(view);
}

// ---- bank statements (the owner of the receiving accounts) ----

async function matchingState(conn: Conn, ownerAgencyId: number) {
  const lines = await conn
    .select()
    .from(statementLines)
    .where(eq(statementLines.ownerAgencyId, ownerAgencyId))
    .orderBy(asc(statementLines.txnDate), asc(statementLines.id));
  const tops = await conn
    .select({ topUpRequestId: qrTopUps.topUpRequestId, reference: qrTopUps.reference, amount: topUpRequests.amount, status: topUpRequests.status, agencyCode: agencies.code })
    .from(qrTopUps)
    .innerJoin(topUpRequests, eq(topUpRequests.id, qrTopUps.topUpRequestId))
    .innerJoin(agencies, eq(agencies.id, qrTopUps.agencyId))
    .where(eq(qrTopUps.ownerAgencyId, ownerAgencyId));
  const matchInput: MatchLine[] = lines.map((l) => ({ id: l.id, debit: l.debit, credit: l.credit, description: l.description, topUpRequestId: l.topUpRequestId }));
  const topUps: MatchTopUp[] = tops.map((t) => ({ topUpRequestId: t.topUpRequestId, reference: t.reference, amount: Number(t.amount), status: t.status }));
  const matches = new Map(matchLines(matchInput, topUps).map((m) => [m.lineId, m]));
  const byId = new Map(tops.map((t) => [t.topUpRequestId, t]));
  const view = (l: (typeof lines)[number]): StatementLineView => {
    const m = matches.get(l.id)!;
    const t = m.topUpRequestId === null ? undefined : byId.get(m.topUpRequestId);
    return {
      id: l.id,
      accountNo: l.accountNo,
      bankRef: l.bankRef,
      txnDate: l.txnDate,
      debit: l.debit,
      credit: l.credit,
      description: l.description,
      outcome: m.outcome,
      topUpRequestId: m.topUpRequestId,
      reference: m.reference,
      agencyCode: t?.agencyCode ?? null,
      expectedAmount: t ? Number(t.amount) : null,
    };
  };
  return { lines, view };
}

/** The owner's stored lines as they match now, newest first; `outcome` filters. */
export async function listLines(conn: Conn, ctx: UserContext, outcome?: MatchOutcome): Promise<{ data: StatementLineView[]; total: number }> {
  const { lines, view } = await matchingState(conn, ctx.agency.id);
  const data = lines.map(view).filter((l) => !outcome || l.outcome === outcome).reverse().slice(0, 500);
  return { data, total: data.length };
}

export async function importStatement(db: Db, ctx: UserContext, input: { fileName: string; content: string }, meta: RequestMeta): Promise<ImportResult> {
  if (Buffer.byteLength(input.content, 'utf8') > 5 * 1024 * 1024) throw new ApiError(ErrorCode.UPLOAD_REFUSED, { reason: 'tooLarge' });
  if (!/\.csv$/i.test(input.fileName)) throw new ApiError(ErrorCode.UPLOAD_REFUSED, { reason: 'badExtension' });
  const parsed = parseStatement(input.content);
  if (!parsed.headerFound) throw new ApiError(ErrorCode.VALIDATION, { reason: 'statementLayout' });
  if (!parsed.accountNo) throw new ApiError(ErrorCode.VALIDATION, { reason: 'statementAccount' });
  const accountNo = parsed.accountNo;
  const [owned] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(qrAccounts)
    .where(and(eq(qrAccounts.ownerAgencyId, ctx.agency.id), eq(qrAccounts.accountNo, accountNo)));
  if (!owned || owned.n === 0) throw new ApiError(ErrorCode.NOT_FOUND, { reason: 'statementAccountNotOwned', accountNo });
  // one line per bank reference within the file too: a repeated row is a repeat, not a second transfer
  const unique = [...new Map(parsed.lines.map((l) => [l.bankRef, l])).values()];
  const imported = await db.transaction(async (tx) => {
    if (unique.length === 0) return 0;
    const rows = await tx
      .insert(statementLines)
      .values(unique.map((l) => ({ ownerAgencyId: ctx.agency.id, accountNo, bankRef: l.bankRef, txnDate: l.txnDate, debit: l.debit, credit: l.credit, balance: l.balance, description: l.description, fileName: input.fileName, importedBy: ctx.user.id })))
      .onConflictDoNothing()
      .returning({ id: statementLines.id });
    await writeAudit(tx, { userId: ctx.user.id, agencyId: ctx.agency.id, action: 'qr.statement_imported', target: accountNo, detail: { fileName: input.fileName, lines: parsed.lines.length, imported: rows.length } }, meta);
    return rows.length;
  });
  const { lines, view } = await matchingState(db, ctx.agency.id);
  const refs = new Set(unique.map((l) => l.bankRef));
  return {
    fileName: input.fileName,
    accountNo,
    imported,
    repeated: parsed.lines.length - imported,
    badRows: parsed.badRows,
    lines: lines.filter((l) => l.accountNo === accountNo && refs.has(l.bankRef)).map(view),
  };
}

/**
 * Confirms one proposed match: locks the line and the top-up, checks the match again, approves the top-up
 * through the deposit's approval and marks the line. Confirming a line that already credited its top-up
 * answers it as it is; a line that no longer matches answers 409 with the reason.
 */
export async function confirmLine(db: Db, notifier: Notifier, ctx: UserContext, id: number, meta: RequestMeta): Promise<StatementLineView> {
  await db.transaction(async (tx) => {
    const [line] = await tx
      .select()
      .from(statementLines)
      .where(and(eq(statementLines.id, id), eq(statementLines.ownerAgencyId, ctx.agency.id)))
      .for('update');
    if (!line) throw new ApiError(ErrorCode.NOT_FOUND, { reason: 'line' });
    if (line.topUpRequestId !== null) return;
    const before = (await matchingState(tx, ctx.agency.id)).view(line);
    if (before.outcome !== 'match' || before.topUpRequestId === null) throw new ApiError(ErrorCode.CONFLICT, { reason: before.outcome });
    // the top-up row, locked: a concurrent confirmation of another line for it waits here, then sees it credited
    const [topUp] = await tx
      .select({ status: topUpRequests.status })
      .from(topUpRequests)
      .where(inArray(topUpRequests.id, [before.topUpRequestId]))
      .for('update');
    if (topUp?.status !== 'pending') throw new ApiError(ErrorCode.CONFLICT, { reason: 'alreadyCredited' });
    const again = (await matchingState(tx, ctx.agency.id)).view(line);
    if (again.outcome !== 'match') throw new ApiError(ErrorCode.CONFLICT, { reason: again.outcome });
    await approveTopUp(tx as unknown as Db, notifier, ctx, before.topUpRequestId, meta);
    await tx.update(statementLines).set({ topUpRequestId: before.topUpRequestId, matchedBy: ctx.user.id, matchedAt: new Date() }).where(eq(statementLines.id, line.id));
    await writeAudit(tx, { userId: ctx.user.id, agencyId: ctx.agency.id, action: 'qr.statement_matched', target: String(line.id), detail: { topUpRequestId: before.topUpRequestId, bankRef: line.bankRef, amount: line.credit } }, meta);
  });
  const { lines, view } = await matchingState(db, ctx.agency.id);
  return view(lines.find((l) => l.id === id)!);
}
