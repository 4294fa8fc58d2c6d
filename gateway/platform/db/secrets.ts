/**
 * Secrets generated once and kept in the database (table app_secrets). The JWT signing key comes from
 * JWT_SECRET when set, the sign-in credentials key from SIGNIN_SECRET_KEY; otherwise a random 256-bit key is
 * created on first start and reused afterwards.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from './client';
import { appSecrets } from './schema';

const JWT_KEY = 'jwt_secret';
const SIGNIN_KEY = 'signin_secret_key';

/** The configured value, or the one kept under `key` in app_secrets (created randomly the first time). */
async function resolveSecret(db: Db, key: string, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  return db.transaction(async (tx) => {
    await tx
      .insert(appSecrets)
      .values({ key, value: randomBytes(32).toString('base64url') })
      .onConflictDoNothing({ target: appSecrets.key });
    const [row] = await tx.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.key, key));
    if (!row) throw new Error(`Cannot store the secret ${key}`);
    return row.value;
  });
}

export function resolveJwtSecret(db: Db, configured: string | undefined): Promise<string> {
  return resolveSecret(db, JWT_KEY, configured);
}

/** The secret the sign-in credentials are encrypted with (SIGNIN_SECRET_KEY or a generated one). */
export function resolveSigninSecret(db: Db, configured: string | undefined): Promise<string> {
  return resolveSecret(db, SIGNIN_KEY, configured);
}
