// What the browser benches share: the production build (unless --no-build or BENCH_URL), a real gateway serving
// it (or the running one at BENCH_URL), and the small helpers they time with.
import { execFileSync } from 'node:child_process';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');
const { startGateway } = await import('../support/gateway-process.ts');

/**
 * Builds the portal unless told not to, starts a gateway unless BENCH_URL names one (with `env` added to its
 * settings); answers its URL and stop().
 */
export async function benchPortal(env = {}) {
  if (!process.argv.includes('--no-build') && !process.env.BENCH_URL) {
    execFileSync(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  }
  const gateway = process.env.BENCH_URL ? null : await startGateway(env);
  return { base: process.env.BENCH_URL ?? gateway.url, stop: async () => gateway?.stop() };
}

/** yyyy-MM-dd of the local day `days` from today. */
export function dayAhead(days) {
  const d = new Date(Date.now() + days * 86_400_000);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
