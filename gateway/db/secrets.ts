/**
 * Secrets generated once and kept in the database (table app_secrets). The JWT signing key comes from
 * JWT_SECRET when set; otherwise a random 256-bit key is created on first start and reused afterwards.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from './client';
import { appSecrets } from './schema';

const JWT_KEY = 'jwt_secret';

export async function resolveJwtSecret(db: Db, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  return db.transaction(async (tx) => {
    await tx
      .insert(appSecrets)
      .values({ key: JWT_KEY, value: randomBytes(32).toString('base64url') })
      .onConflictDoNothing({ target: appSecrets.key });
    const [row] = await tx.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.key, JWT_KEY));
    if (!row) throw new Error('Cannot store the JWT secret');
    return row.value;
  });
}
