/**
 * Commission and service fees (/system/commission-fee: (AGENT_F1 && DEPOSIT_MANAGER) || ADMIN_F1 || ADMIN_F2).
 *
 * An agency sets, per airline ('*' = any other), domestic/international and passenger type, an integer VND
 * amount per ticket: for its own sales (target = itself) and for each direct sub-agency (target = the
 * child: the markup it adds to what that child is shown).
 *
 * The fee of a ticket sold by agency S, whose path up to its F1 is S = A0, A1, …, Ak (level 1):
 *
 *   feesFor(S) = fee(owner S, target S) + Σ i=0..k-1 fee(owner A(i+1), target A(i))
 *
 * i.e. S's own service fee plus every ancestor's markup on the level below it. Within one owner/target pair
 * the line of the airline wins over '*'; a missing line counts 0.
 */
import { and, asc, eq, inArray, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ADMIN_API } from '../../contract/admin-paths';
import { AIRLINE_ANY, feeQuery, feeReplace, feeTable, type FeeItem, type FeeReplace, type FeeTable } from '../../contract/admin-system';
import { ErrorCode } from '../../contract/errors';
import type { PaxType } from '../../contract/flights';
import { defineEndpoint, type AccessDeps } from '../platform/access/endpoint';
import { ancestorsOf, requireAuth } from '../platform/tenancy/scope';
import { writeAudit, type RequestMeta } from '../platform/audit';
import type { UserContext } from '../platform/tenancy/users';
import type { Conn, Db } from '../platform/db/client';
import { agencies, serviceFees } from '../platform/db/schema';
import { ApiError } from '../platform/http/errors';

export interface PathAgency {
  id: number;
  parentId: number | null;
  level: number;
}

export interface FeeLine {
  ownerAgencyId: number;
  targetAgencyId: number;
  airline: string;
  amount: number;
}

/** Pure: the fee of a sale by path[0], given the path up to its F1 and the matching lines (one pax type, one domestic/international). */
export function sumFees(path: readonly PathAgency[], lines: readonly FeeLine[], airline: string): number {
  const pick = (owner: number, target: number): number => {
    const exact = lines.find((l) => l.ownerAgencyId === owner && l.targetAgencyId === target && l.airline === airline);
    const any = lines.find((l) => l.ownerAgencyId === owner && l.targetAgencyId === target && l.airline === AIRLINE_ANY);
    return (exact ?? any)?.amount ?? 0;
  };
  if (path.length === 0) return 0;
  let total = pick(path[0].id, path[0].id);
  for (let i = 0; i + 1 < path.length; i += 1) total += pick(path[i + 1].id, path[i].id);
  return total;
}

/** The selling agency and its ancestors down from it, up to and including its F1 (level 1). */
async function pathToF1(conn: Conn, agencyId: number): Promise<PathAgency[]> {
  const rows = await conn
    .select({ id: agencies.id, parentId: agencies.parentId, level: agencies.level })
    .from(agencies)
    .where(inArray(agencies.id, ancestorsOf(agencyId)));
  return rows.filter((r) => r.level >= 1).sort((a, b) => b.level - a.level);
}

/** Fees (integer VND per ticket) added to a price shown to the selling agency. */
export async function feesFor(db: Conn, agencyId: number, airline: string, international: boolean, paxType: PaxType): Promise<number> {
  const path = await pathToF1(db, agencyId);
  if (path.length === 0) return 0;
  const lines = await db
    .select({ ownerAgencyId: serviceFees.ownerAgencyId, targetAgencyId: serviceFees.targetAgencyId, airline: serviceFees.airline, amount: serviceFees.amount })
    .from(serviceFees)
    .where(
      and(
        inArray(serviceFees.targetAgencyId, path.map((p) => p.id)),
        eq(serviceFees.international, international),
        eq(serviceFees.paxType, paxType),
        or(eq(serviceFees.airline, airline), eq(serviceFees.airline, AIRLINE_ANY)),
      ),
    );
  return sumFees(path, lines, airline);
}

async function targets(conn: Conn, ctx: UserContext) {
  const children = await conn
    .select({ id: agencies.id, code: agencies.code, name: agencies.name, level: agencies.level })
    .from(agencies)
    .where(eq(agencies.parentId, ctx.agency.id))
    .orderBy(asc(agencies.code));
  const a = ctx.agency;
  return [{ id: a.id, code: a.code, name: a.name, level: a.level }, ...children];
}

async function assertTarget(conn: Conn, ctx: UserContext, targetAgencyId: number) {
  const all = await targets(conn, ctx);
  if (!all.some((t) => t.id === targetAgencyId)) throw new ApiError(ErrorCode.NOT_FOUND, { reason: 'agency' });
  return all;
}

async function readTable(conn: Conn, ctx: UserContext, targetAgencyId: number): Promise<FeeTable> {
  const all = await assertTarget(conn, ctx, targetAgencyId);
  const rows = await conn
    .select({ airline: serviceFees.airline, international: serviceFees.international, paxType: serviceFees.paxType, amount: serviceFees.amount })
    .from(serviceFees)
    .where(and(eq(serviceFees.ownerAgencyId, ctx.agency.id), eq(serviceFees.targetAgencyId, targetAgencyId)))
    .orderBy(asc(serviceFees.airline), asc(serviceFees.international), asc(serviceFees.paxType));
  return { ownerAgencyId: ctx.agency.id, targetAgencyId, items: rows as FeeItem[], targets: all };
}

/** Replaces the whole table the caller's agency keeps for one target. */
export function replaceFees(db: Db, ctx: UserContext, input: FeeReplace, meta: RequestMeta | undefined): Promise<FeeTable> {
  const keys = input.items.map((i) => `${i.airline}|${i.international}|${i.paxType}`);
  const dup = keys.find((k, i) => keys.indexOf(k) !== i);
  if (dup) throw new ApiError(ErrorCode.VALIDATION, { reason: 'duplicateLine', line: dup });
  return db.transaction(async (tx) => {
    await assertTarget(tx, ctx, input.targetAgencyId);
    await tx
      .delete(serviceFees)
      .where(and(eq(serviceFees.ownerAgencyId, ctx.agency.id), eq(serviceFees.targetAgencyId, input.targetAgencyId)));
    if (input.items.length > 0) {
      await tx.insert(serviceFees).values(input.items.map((i) => ({ ...i, ownerAgencyId: ctx.agency.id, targetAgencyId: input.targetAgencyId })));
    }
    await writeAudit(
      tx,
      { userId: ctx.user.id, agencyId: ctx.agency.id, action: 'fees.replaced', target: String(input.targetAgencyId), detail: { items: input.items } },
      meta,
    );
    return readTable(tx, ctx, input.targetAgencyId);
  });
}

export function registerFeeRoutes(app: FastifyInstance, deps: AccessDeps): void {
  const tags = ['fees'];
  const { db } = deps;

  defineEndpoint(app, deps, {
    method: 'GET',
    url: ADMIN_API.fees,
    tags,
    summary: 'Service fees the caller’s agency sets for itself or a direct sub-agency',
    description: 'Without targetAgencyId: the agency’s own sales. Errors: 404/44 a target that is not the agency or a direct child.',
    query: feeQuery,
    response: feeTable,
    handler: async ({ auth, query }) => {
      const ctx = requireAuth(auth);
      return readTable(db, ctx, query.targetAgencyId ?? ctx.agency.id);
    },
  });

  defineEndpoint(app, deps, {
    method: 'PUT',
    url: ADMIN_API.fees,
    tags,
    summary: 'Replace the fee table for one target (the agency itself or a direct sub-agency)',
    description: 'One line per airline, domestic/international and pax type (400/41 data.reason duplicateLine otherwise).',
    body: feeReplace,
    response: feeTable,
    handler: ({ auth, body, meta }) => replaceFees(db, requireAuth(auth), body, meta),
  });
}
