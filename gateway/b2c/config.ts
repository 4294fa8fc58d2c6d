/** /b2c/config: the agency's storefront settings (one row per agency, its slug unique across agencies). */
import { eq } from 'drizzle-orm';
import type { B2cConfig } from '../../contract/b2c';
import { b2cConfigInput } from '../../contract/b2c';
import { ErrorCode } from '../../contract/errors';
import type { z } from 'zod';
import { writeAudit, type RequestMeta } from '../platform/audit';
import type { Conn, Db } from '../platform/db/client';
import { b2cConfigs } from '../platform/db/schema';
import { ApiError } from '../platform/http/errors';
import type { UserContext } from '../platform/tenancy/users';
import { assertOwnImage, uploadUrl } from '../uploads/service';

export type ConfigRow = typeof b2cConfigs.$inferSelect;

export function toConfig(r: ConfigRow): B2cConfig {
  return {
    agencyId: r.agencyId,
    slug: r.slug,
    name: r.name,
    logoUploadId: r.logoUploadId,
    logoUrl: r.logoUploadId ? uploadUrl(r.logoUploadId) : null,
    theme: r.theme as B2cConfig['theme'],
    phone: r.phone,
    email: r.email,
    address: r.address,
    hours: r.hours,
    flightMarkup: r.flightMarkup,
    tourMarkup: r.tourMarkup,
    products: r.products as B2cConfig['products'],
    enabled: r.enabled,
    updatedAt: r.updatedAt.toISOString(),
  };
}

export async function configOf(conn: Conn, agencyId: number): Promise<ConfigRow | null> {
  const [row] = await conn.select().from(b2cConfigs).where(eq(b2cConfigs.agencyId, agencyId));
  return row ?? null;
}

export async function configBySlug(conn: Conn, slug: string): Promise<ConfigRow | null> {
  const [row] = await conn.select().from(b2cConfigs).where(eq(b2cConfigs.slug, slug.toLowerCase()));
  return row && row.enabled ? row : null;
}

export function saveConfig(db: Db, ctx: UserContext, input: z.output<typeof b2cConfigInput>, meta: RequestMeta): Promise<B2cConfig> {
  return db.transaction(async (tx) => {
    if (input.logoUploadId) await assertOwnImage(tx, ctx.agency.id, input.logoUploadId);
    const [taken] = await tx.select({ agencyId: b2cConfigs.agencyId }).from(b2cConfigs).where(eq(b2cConfigs.slug, input.slug));
    if (taken && taken.agencyId !== ctx.agency.id) throw new ApiError(ErrorCode.CONFLICT, { reason: 'slugTaken' });
    const values = { ...input, products: [...new Set(input.products)], updatedAt: new Date() };
    const [row] = await tx
      .insert(b2cConfigs)
      .values({ agencyId: ctx.agency.id, ...values })
      .onConflictDoUpdate({ target: b2cConfigs.agencyId, set: values })
      .returning();
    await writeAudit(tx, { userId: ctx.user.id, agencyId: ctx.agency.id, action: 'b2c.config.saved', target: row.slug, detail: { slug: row.slug } }, meta);
    return toConfig(row);
  });
}
