/**
 * Supplier sign-ins (/system/signIn-config, ADMIN_F1): per source (VN, VJ, QH, VU, 1A, 1B, 1G) an office
 * code, a user name and a password. The password is stored as AES-256-GCM ciphertext under a server key
 * (SIGNIN_SECRET_KEY, or one generated into app_secrets) and is never sent back, only a fixed mask.
 *
 * Inheritance: an agency with no sign-in of its own uses the nearest ancestor's (an F2 its F1's).
 * `activeSignIns` is what flight search calls.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ADMIN_API } from '../../contract/admin-paths';
import { signIn, signInCreate, signInList, signInUpdate, type SignIn, type SignInCreate, type SignInList, type SignInUpdate } from '../../contract/admin-system';
import { idParam } from '../../contract/agents';
import { okResult } from '../../contract/auth';
import { ErrorCode } from '../../contract/errors';
import type { Source } from '../../contract/flights';
import { defineEndpoint, type AccessDeps } from '../platform/access/endpoint';
import { ancestorsOf, requireAuth } from '../platform/tenancy/scope';
import { writeAudit, type RequestMeta } from '../platform/audit';
import type { UserContext } from '../platform/tenancy/users';
import { isUniqueViolation, type Conn, type Db } from '../platform/db/client';
import { agencies, signIns } from '../platform/db/schema';
import { resolveSigninSecret } from '../platform/db/secrets';
import { ApiError } from '../platform/http/errors';

const VERSION = 'v1';

/** The 256-bit key derived from the configured or generated secret. */
export function signinKey(secret: string): Buffer {
  return createHash('sha256').update(`signin:${secret}`, 'utf8').digest();
}

/** `v1.<iv>.<tag>.<ciphertext>` (base64url), AES-256-GCM with a random 96-bit IV; the row id context is the AAD. */
export function sealSecret(key: Buffer, plain: string, aad: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(aad, 'utf8'));
  const ct = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), ct.toString('base64url')].join('.');
}

export function openSecret(key: Buffer, sealed: string, aad: string): string {
  const [version, iv, tag, ct] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || ct === undefined) throw new Error('unknown sign-in secret format');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(aad, 'utf8'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ct, 'base64url')), decipher.final()]).toString('utf8');
}

/** Binds a ciphertext to its agency and source, so it cannot be copied onto another row. */
const aadOf = (agencyId: number, source: string) => `${agencyId}:${source}`;

type Row = typeof signIns.$inferSelect;

function toSignIn(r: Row): SignIn {
  return {
    id: r.id,
    source: r.source as Source,
    officeCode: r.officeCode,
    username: r.username,
    passwordMask: '********',
    active: r.active,
    sortOrder: r.sortOrder,
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** The agency whose sign-ins apply to `agencyId`: itself, or the nearest ancestor that has any. */
async function signInOwner(conn: Conn, agencyId: number): Promise<number | null> {
  const [row] = await conn
    .select({ id: agencies.id, n: count(signIns.id) })
    .from(agencies)
    .innerJoin(signIns, eq(signIns.agencyId, agencies.id))
    .where(inArray(agencies.id, ancestorsOf(agencyId)))
    .groupBy(agencies.id, agencies.level)
    .orderBy(desc(agencies.level))
    .limit(1);
  return row?.id ?? null;
}

export interface ActiveSignIn {
  id: number;
  agencyId: number;
  source: Source;
  officeCode: string;
  username: string;
  password: string;
  sortOrder: number;
}

/**
 * The active sign-ins flight search uses for an agency (its own, else its nearest ancestor's), decrypted, in
 * display order. The key defaults to SIGNIN_SECRET_KEY of the environment, else the generated one.
 */
export async function activeSignIns(db: Db, agencyId: number, key?: Buffer): Promise<ActiveSignIn[]> {
  const k = key ?? signinKey(await resolveSigninSecret(db, process.env.SIGNIN_SECRET_KEY?.trim() || undefined));
  const owner = await signInOwner(db, agencyId);
  if (owner === null) return [];
  const rows = await db
    .select()
    .from(signIns)
    .where(and(eq(signIns.agencyId, owner), eq(signIns.active, true)))
    .orderBy(asc(signIns.sortOrder), asc(signIns.id));
  return rows.map((r) => ({
    id: r.id,
    agencyId: r.agencyId,
    source: r.source as Source,
    officeCode: r.officeCode,
    username: r.username,
    password: openSecret(k, r.secretCipher, aadOf(r.agencyId, r.source)),
    sortOrder: r.sortOrder,
  }));
}

export class SignInService {
  constructor(
    private readonly db: Db,
    private readonly key: Buffer,
  ) {}

  async list(ctx: UserContext): Promise<SignInList> {
    const own = await this.db
      .select()
      .from(signIns)
      .where(eq(signIns.agencyId, ctx.agency.id))
      .orderBy(asc(signIns.sortOrder), asc(signIns.id));
    if (own.length > 0) return { data: own.map(toSignIn), total: own.length, inherited: false };
    const owner = await signInOwner(this.db, ctx.agency.id);
    if (owner === null) return { data: [], total: 0, inherited: false };
    const inherited = await this.db.select().from(signIns).where(eq(signIns.agencyId, owner)).orderBy(asc(signIns.sortOrder), asc(signIns.id));
    return { data: inherited.map(toSignIn), total: inherited.length, inherited: true };
  }

  private async own(conn: Conn, ctx: UserContext, id: number): Promise<Row> {
    const [row] = await conn
      .select()
      .from(signIns)
      .where(and(eq(signIns.id, id), eq(signIns.agencyId, ctx.agency.id)))
      .for('update');
    if (!row) throw new ApiError(ErrorCode.NOT_FOUND);
    return row;
  }

  /** Inserts a sign-in for an agency (also used by the seed). */
  async insert(conn: Conn, agencyId: number, input: SignInCreate): Promise<Row> {
    const [row] = await conn
      .insert(signIns)
      .values({
        agencyId,
        source: input.source,
        officeCode: input.officeCode,
        username: input.username,
        secretCipher: sealSecret(this.key, input.password, aadOf(agencyId, input.source)),
        active: input.active,
        sortOrder: input.sortOrder,
      })
      .returning();
    return row;
  }

  create(ctx: UserContext, input: SignInCreate, meta: RequestMeta): Promise<SignIn> {
    return conflictOnDuplicate(
      this.db.transaction(async (tx) => {
        const row = await this.insert(tx, ctx.agency.id, input);
        await writeAudit(
          tx,
          { userId: ctx.user.id, agencyId: ctx.agency.id, action: 'signin.created', target: `${row.source}/${row.officeCode}`, detail: { id: row.id, username: row.username } },
          meta,
        );
        return toSignIn(row);
      }),
    );
  }

  update(ctx: UserContext, id: number, input: SignInUpdate, meta: RequestMeta): Promise<SignIn> {
    return conflictOnDuplicate(
      this.db.transaction(async (tx) => {
        const before = await this.own(tx, ctx, id);
        const source = input.source ?? before.source;
        // A new password, or a new source (the ciphertext is bound to it), re-seals the secret.
        let secretCipher = before.secretCipher;
        if (input.password !== undefined || source !== before.source) {
          const plain = input.password ?? openSecret(this.key, before.secretCipher, aadOf(before.agencyId, before.source));
          secretCipher = sealSecret(this.key, plain, aadOf(before.agencyId, source));
        }
        const [row] = await tx
          .update(signIns)
          .set({
            source,
            ...(input.officeCode !== undefined ? { officeCode: input.officeCode } : {}),
            ...(input.username !== undefined ? { username: input.username } : {}),
            ...(input.active !== undefined ? { active: input.active } : {}),
            ...(input.sortOrder !== undefined ? { sortOrder: input.sortOrder } : {}),
            secretCipher,
            updatedAt: new Date(),
          })
          .where(eq(signIns.id, id))
          .returning();
        const { password: _password, ...visible } = input;
        await writeAudit(
          tx,
          { userId: ctx.user.id, agencyId: ctx.agency.id, action: 'signin.updated', target: `${row.source}/${row.officeCode}`, detail: { id, changes: visible, passwordChanged: _password !== undefined } },
          meta,
        );
        return toSignIn(row);
      }),
    );
  }

  remove(ctx: UserContext, id: number, meta: RequestMeta): Promise<void> {
    return this.db.transaction(async (tx) => {
      const row = await this.own(tx, ctx, id);
      await tx.delete(signIns).where(eq(signIns.id, id));
      await writeAudit(tx, { userId: ctx.user.id, agencyId: ctx.agency.id, action: 'signin.deleted', target: `${row.source}/${row.officeCode}`, detail: { id } }, meta);
    });
  }
}

function conflictOnDuplicate<T>(p: Promise<T>): Promise<T> {
  return p.catch((e: unknown) => {
    if (isUniqueViolation(e)) throw new ApiError(ErrorCode.CONFLICT, { reason: 'duplicateSignIn' });
    throw e;
  });
}

export async function createSignInService(db: Db, configured: string | undefined): Promise<SignInService> {
  return new SignInService(db, signinKey(await resolveSigninSecret(db, configured)));
}

export function registerSignInRoutes(app: FastifyInstance, deps: AccessDeps, service: SignInService): void {
  const tags = ['sign-ins'];

  defineEndpoint(app, deps, {
    method: 'GET',
    url: ADMIN_API.signIns,
    tags,
    summary: 'Sign-ins of the caller’s agency in display order (passwords masked)',
    description: 'When the agency has none, the inherited ones of its nearest ancestor are listed with `inherited: true`.',
    response: signInList,
    handler: ({ auth }) => service.list(requireAuth(auth)),
  });

  defineEndpoint(app, deps, {
    method: 'POST',
    url: ADMIN_API.signIns,
    tags,
    summary: 'Add a sign-in (the password is stored encrypted)',
    description: 'Errors: 409/49 the same source and office code exist (data.reason duplicateSignIn).',
    body: signInCreate,
    response: signIn,
    handler: ({ auth, body, meta }) => service.create(requireAuth(auth), body, meta),
  });

  defineEndpoint(app, deps, {
    method: 'PUT',
    url: ADMIN_API.signIn,
    tags,
    summary: 'Change a sign-in; the password is replaced only when given',
    params: idParam,
    body: signInUpdate,
    response: signIn,
    handler: ({ auth, body, params, meta }) => service.update(requireAuth(auth), params.id, body, meta),
  });

  defineEndpoint(app, deps, {
    method: 'DELETE',
    url: ADMIN_API.signIn,
    tags,
    summary: 'Remove a sign-in',
    params: idParam,
    response: okResult,
    handler: async ({ auth, params, meta }) => {
      await service.remove(requireAuth(auth), params.id, meta);
      return { ok: true as const };
    },
  });
}
