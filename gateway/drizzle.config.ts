/**
 * drizzle-kit configuration of the gateway. Regenerate migrations after changing platform/db/schema.ts with
 *
 *   node node_modules/drizzle-kit/bin.cjs generate --config gateway/drizzle.config.ts --name <what-changed>
 *
 * from the repository root (drizzle-kit is already a dev dependency; no npm script or install is needed),
 * then commit gateway/platform/db/migrations. The gateway applies pending migrations at start.
 */
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './gateway/platform/db/schema.ts',
  out: './gateway/platform/db/migrations',
});
