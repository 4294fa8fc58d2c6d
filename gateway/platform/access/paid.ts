/**
 * The preamble of every paid endpoint: the idempotency key is claimed (or found claimed) BEFORE the PIN is
 * checked, so the repeats of one paid call never count as PIN attempts.
 *
 *   await authorizePaidCall(pinDeps, { ctx, lang, meta, request }, 'bookings.issue', body.idempotencyKey, { id, ...body });
 *   return issueBooking(...);   // the domain's own idempotency (replay, wait for a pending key) as before
 *
 * For a caller with USE_PIN_CODE and a key:
 *   1. the first request of (scope, key) inserts a `verifying` claim and checks the PIN (requirePin: counted
 *      before it is checked); a right PIN makes the claim `verified`, anything else deletes it and answers
 *      what requirePin answered (120, 121, 429, 409 pinNotSet), so the next request claims it afresh and its
 *      PIN is counted as usual: concurrent wrong PINs under one key are still limited;
 *   2. a request finding the claim `verified` for the same user and body passes WITHOUT a PIN check: the PIN
 *      authorised this body under this key once, and the domain answers the repeat (replayed, or waits for
 *      the call in progress); it charges nothing new;
 *   3. a request finding the claim `verifying` waits until it is verified (pass) or deleted (claim again); a
 *      claim left `verifying` by a crash is taken over after CLAIM_STALE_MS;
 *   4. the key claimed by another user or with another body is 409/49 reason idempotencyKeyReused.
 * Without USE_PIN_CODE nothing is written (the domain's idempotency is enough); without a key (void) it is
 * requirePin alone.
 */
import type { FastifyRequest } from 'fastify';
import { and, eq } from 'drizzle-orm';
import type { Language } from '../../../contract/constants';
import { ErrorCode } from '../../../contract/errors';
import type { RequestMeta } from '../audit';
import { paidCallClaims } from '../db/schema';
import { ApiError } from '../http/errors';
import { sha256 } from '../passwords';
import type { UserContext } from '../tenancy/users';
import { pinOf, requirePin, type PinDeps } from './pin';

/** A `verifying` claim older than this is a crashed request's: another request takes it over. */
export const CLAIM_STALE_MS = 30_000;
/** How often a request waiting on a `verifying` claim looks again. */
const CLAIM_POLL_MS = 25;

/** The caller of a paid endpoint, as every handler has it. */
export interface PaidCaller {
  ctx: UserContext;
  lang: Language;
  meta?: RequestMeta;
  request: FastifyRequest;
}

const KEY_REUSED: Record<Language, string> = {
  vi: 'Mã yêu cầu này đã được dùng cho một yêu cầu khác. Vui lòng tải lại trang rồi thực hiện lại.',
  en: 'This request key was already used for another request. Please reload the page and try again.',
};

/** A stable text of a JSON value: object keys sorted, undefined left out. */
function canonical(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
}

/** The hash a claim keeps of the call's body (the key itself left out). */
export function paidBodyHash(body: unknown): string {
  const plain = body && typeof body === 'object' && !Array.isArray(body) ? { ...(body as Record<string, unknown>), idempotencyKey: undefined } : body;
  return sha256(canonical(plain));
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Passes when the paid call may go on to the domain (see the file's comment); otherwise throws its answer.
 * `scope` names the key space (the domain table the key lives in: 'bookings.issue', 'aftersale', …);
 * `body` is what the key stands for (path ids included), compared on every repeat.
 */
export async function authorizePaidCall(deps: PinDeps, caller: PaidCaller, scope: string, key: string | null | undefined, body: unknown): Promise<void> {
  const { ctx, lang, meta, request } = caller;
  if (!key || !ctx.permissions.includes('USE_PIN_CODE')) return requirePin(deps, ctx, pinOf(request), lang, meta);
  const bodyHash = paidBodyHash(body);
  const now = () => deps.now?.() ?? new Date();
  const where = and(eq(paidCallClaims.scope, scope), eq(paidCallClaims.key, key));
  for (;;) {
    const [mine] = await deps.db
      .insert(paidCallClaims)
      .values({ scope, key, userId: ctx.user.id, bodyHash, state: 'verifying', updatedAt: now() })
      .onConflictDoNothing()
      .returning({ key: paidCallClaims.key });
    if (mine) {
      try {
        await requirePin(deps, ctx, pinOf(request), lang, meta);
      } catch (e) {
        await deps.db.delete(paidCallClaims).where(and(where, eq(paidCallClaims.state, 'verifying')));
        throw e;
      }
      await deps.db.update(paidCallClaims).set({ state: 'verified', updatedAt: now() }).where(where);
      return;
    }
    const [claim] = await deps.db.select().from(paidCallClaims).where(where);
    if (!claim) continue; // its PIN failed and it was let go: claim it again
    if (claim.userId !== ctx.user.id || claim.bodyHash !== bodyHash) {
      throw new ApiError(ErrorCode.CONFLICT, { reason: 'idempotencyKeyReused', message: KEY_REUSED[lang] });
    }
    if (claim.state === 'verified') return;
    if (now().getTime() - claim.updatedAt.getTime() > CLAIM_STALE_MS) {
      await deps.db.delete(paidCallClaims).where(and(where, eq(paidCallClaims.state, 'verifying'), eq(paidCallClaims.updatedAt, claim.updatedAt)));
      continue;
    }
    await sleep(CLAIM_POLL_MS);
  }
}
