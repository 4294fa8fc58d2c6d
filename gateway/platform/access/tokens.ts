/**
 * Access tokens: JWT HS256 (jose) carrying the user id (sub), its agency (agn) and the sign-in family (fam).
 * Refresh tokens are opaque random strings; only their sha256 is stored (see session.ts).
 */
import { randomUUID } from 'node:crypto';
import { SignJWT, compactVerify, errors as joseErrors, jwtVerify } from 'jose';
import { and, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { ErrorCode } from '../../../contract/errors';
import type { Conn } from '../db/client';
import { refreshTokens } from '../db/schema';
import { ApiError } from '../http/errors';

const ISSUER = 'agency-gateway';
const AUDIENCE = 'agency-portal';
/** Verified access tokens remembered per signer (the oldest forgotten first). */
const VERIFIED_TOKENS = 10_000;

const claimsSchema = z.object({
  sub: z.string().regex(/^\d+$/),
  agn: z.number().int(),
  fam: z.uuid(),
  typ: z.literal('access'),
  iss: z.literal(ISSUER),
  aud: z.literal(AUDIENCE),
  exp: z.number(),
  iat: z.number(),
});

export interface AccessClaims {
  userId: number;
  agencyId: number;
  familyId: string;
  expiresAt: number;
}

export class TokenSigner {
  private readonly key: Uint8Array;

  constructor(
    secret: string,
    private readonly ttlSeconds: number,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  /** `jti` given: the same subject, instant and id sign the same token (the refresh grace window answers it again). */
  sign(subject: { userId: number; agencyId: number; familyId: string }, now: Date = new Date(), jti: string = randomUUID()): Promise<string> {
    const iat = Math.floor(now.getTime() / 1000);
    return new SignJWT({ agn: subject.agencyId, fam: subject.familyId, typ: 'access' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(subject.userId))
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setJti(jti)
      .setIssuedAt(iat)
      .setExpirationTime(iat + this.ttlSeconds)
      .sign(this.key);
  }

  /**
   * Tokens whose signature and claims were checked, by their exact text: a token is a pure function of its text,
   * so a repeat only needs its expiry checked again (the state of its user and family is read by every request).
   */
  private readonly verified = new Map<string, AccessClaims>();

  /** Full check. Expired → ApiError 18; anything else wrong → ApiError 19. */
  async verify(token: string): Promise<AccessClaims> {
    const known = this.verified.get(token);
    if (known) {
      // as jose: expired when exp <= now (seconds)
      if (known.expiresAt <= Math.floor(Date.now() / 1000)) {
        this.verified.delete(token);
        throw new ApiError(ErrorCode.TOKEN_EXPIRED);
      }
      return known;
    }
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'], issuer: ISSUER, audience: AUDIENCE });
      const claims = toClaims(payload);
      if (this.verified.size >= VERIFIED_TOKENS) this.verified.delete(this.verified.keys().next().value as string);
      this.verified.set(token, claims);
      return claims;
    } catch (e) {
      if (e instanceof joseErrors.JWTExpired) throw new ApiError(ErrorCode.TOKEN_EXPIRED);
      throw new ApiError(ErrorCode.UNAUTHENTICATED);
    }
  }

  /** Signature and shape only, the expiry ignored (the refresh call presents an expired token). Null if bad. */
  async verifyIgnoringExpiry(token: string): Promise<AccessClaims | null> {
    try {
      const { payload } = await compactVerify(token, this.key, { algorithms: ['HS256'] });
      return toClaims(JSON.parse(new TextDecoder().decode(payload)));
    } catch {
      return null;
    }
  }
}

function toClaims(payload: unknown): AccessClaims {
  const parsed = claimsSchema.safeParse(payload);
  if (!parsed.success) throw new ApiError(ErrorCode.UNAUTHENTICATED);
  const c = parsed.data;
  return { userId: Number(c.sub), agencyId: c.agn, familyId: c.fam, expiresAt: c.exp };
}

/** The token of an `authorization` header, raw or `Bearer <token>`. */
export function tokenFromHeader(header: string | undefined): string | null {
  if (!header) return null;
  const value = header.trim();
  const m = /^Bearer\s+(\S+)$/i.exec(value);
  const token = m ? m[1] : value;
  return /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/.test(token) ? token : null;
}

/** Is this family still alive (not revoked by sign-out, reuse or a password change)? */
export async function isFamilyAlive(conn: Conn, familyId: string): Promise<boolean> {
  const [row] = await conn
    .select({ id: refreshTokens.id })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)))
    .limit(1);
  return row !== undefined;
}
