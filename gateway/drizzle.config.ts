/**
 * drizzle-kit configuration of the gateway. Regenerate migrations after changing db/schema.ts with
 *
 *   npx drizzle-kit generate --config gateway/drizzle.config.ts --name <what-changed>
 *
 * (the drizzle-kit binary is already a dev dependency; no npm script or install is needed).
 */
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './gateway/db/schema.ts',
  out: './gateway/db/migrations',
});
