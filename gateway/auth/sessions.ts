/**
 * Refresh-token families. A sign-in opens a family; every refresh marks the presented token used and adds
 * its successor to the same family. Presenting a used token again revokes the whole family.
 */
import { createHmac, randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Conn } from '../platform/db/client';
import { refreshTokens } from '../platform/db/schema';
import type { RequestMeta } from '../platform/audit';
import { randomToken, sha256 } from '../platform/passwords';

export type RefreshRow = typeof refreshTokens.$inferSelect;

export interface IssuedRefresh {
  id: string;
  familyId: string;
  token: string;
}

export async function issueRefreshToken(
  conn: Conn,
  args: { userId: number; familyId?: string; ttlSeconds: number; now: Date; meta?: RequestMeta; token?: string },
): Promise<IssuedRefresh> {
  const token = args.token ?? randomToken(32);
  const id = randomUUID();
  const familyId = args.familyId ?? randomUUID();
  await conn.insert(refreshTokens).values({
    id,
    userId: args.userId,
    familyId,
    tokenHash: sha256(token),
    expiresAt: new Date(args.now.getTime() + args.ttlSeconds * 1000),
    createdAt: args.now,
    userAgent: args.meta?.userAgent?.slice(0, 512) ?? null,
    ip: args.meta?.ip ?? null,
  });
  return { id, familyId, token };
}

/** The row of a presented token, locked for the rest of the transaction. */
export async function findRefreshForUpdate(conn: Conn, token: string): Promise<RefreshRow | null> {
  const [row] = await conn.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, sha256(token))).for('update');
  return row ?? null;
}

export async function revokeFamily(conn: Conn, familyId: string, now: Date): Promise<void> {
  await conn
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

export async function revokeAllOfUser(conn: Conn, userId: number, now: Date): Promise<void> {
  await conn
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}

/** How long a just-rotated refresh token still answers its successor (two tabs or a retry refreshing at once). */
export const REFRESH_GRACE_MS = 10_000;

/**
 * The successor of a refresh token, derived from the server secret and the rotated token's id: a concurrent
 * refresh of the same token within the grace window computes the same successor and answers the same pair.
 */
export function successorToken(secret: string, rotatedId: string): string {
  return createHmac('sha256', secret).update(`refresh-successor:${rotatedId}`).digest('base64url');
}
