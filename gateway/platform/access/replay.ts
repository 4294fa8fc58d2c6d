/**
 * tsp replay (spec point 7): within the ±5-minute window a signed-in user's (user, tsp) pair is accepted
 * once. The pair is claimed in one statement on the used_tsps table (shared by every instance; on every signed-in
 * request within the sign-in check of access/signed-in.ts); a repeat
 * gets the same 400/42 as a skewed tsp. A pair is kept until its tsp has left the window anyway.
 * Public endpoints (no user yet) are not checked: their replays meet the single-use captcha and the limiter.
 */
import { lt, sql } from 'drizzle-orm';
import { TSP_MAX_SKEW_MS } from '../../../contract/constants';
import { ErrorCode } from '../../../contract/errors';
import type { Conn } from '../db/client';
import { usedTsps } from '../db/schema';
import { ApiError } from '../http/errors';

let sinceSweep = 0;

export async function claimTsp(conn: Conn, userId: number, tsp: number, now: number = Date.now()): Promise<void> {
  const rows = await conn
    .insert(usedTsps)
    .values({ userId, tsp, expiresAt: new Date(tsp + TSP_MAX_SKEW_MS) })
    .onConflictDoNothing()
    .returning({ tsp: usedTsps.tsp });
  if (rows.length === 0) throw new ApiError(ErrorCode.TIME_SKEW, { reason: 'skew', serverTime: now });
  await sweepTsps(conn);
}

/** Called after claims (`claimed` of them): every 500th deletes the pairs whose tsp has left the window. */
export async function sweepTsps(conn: Conn, claimed = 1): Promise<void> {
  sinceSweep += claimed;
  if (sinceSweep >= 500) {
    sinceSweep = 0;
    await conn.delete(usedTsps).where(lt(usedTsps.expiresAt, sql`now()`));
  }
}
