import { join } from 'node:path';
import type { Plugin } from 'vite';

/**
 * casbin's browser weight: its bundled module imports `buffer` (ipMatch), `minimatch` (globMatch) and
 * `csv-parse/sync` (policy files and policy text), and reads the model text with the global `Buffer`. The portal's
 * enforcer (a model from a string, policies added with addPolicies, matched with keyMatch2 and eval) needs only the
 * last. For imports made by casbin only, in the build and the dev server, they resolve to small local modules
 * (src/access/casbin-browser/): the Buffer subset casbin calls (its global uses point to it too, so no global is
 * set), and stand-ins that throw if called. Node (the gateway, the tests) keeps the real packages.
 */
/** casbin's bundled module with its global Buffer uses pointed at its imported `buffer` (Buffer2). */
export function casbinBufferUses(code: string): string {
  return code.replace(/(?<![\w.$])Buffer\.(from|isBuffer)\(/g, 'Buffer2.$1(');
}

export function casbinBrowser(root: string): Plugin {
  const dir = join(root, 'src/access/casbin-browser');
  const targets: Record<string, string> = {
    buffer: join(dir, 'buffer.ts'),
    minimatch: join(dir, 'unused.ts'),
    'csv-parse/sync': join(dir, 'unused.ts'),
  };
  return {
    name: 'casbin-browser',
    enforce: 'pre',
    // the dev server pre-bundles dependencies without plugins: casbin goes through them instead (its own
    // dependencies are still pre-bundled)
    config: () => ({ optimizeDeps: { exclude: ['casbin'], include: ['casbin > await-lock', 'casbin > @casbin/expression-eval'] } }),
    resolveId(source, importer) {
      if (!importer || !/[\\/]node_modules[\\/]casbin[\\/]/.test(importer)) return null;
      return targets[source] ?? null;
    },
    transform(code, id) {
      if (!/[\\/]node_modules[\\/]casbin[\\/]lib[\\/]esm[\\/]/.test(id)) return null;
      // the global Buffer (model text): the imported one instead, `Buffer2` in casbin's bundled module
      return { code: casbinBufferUses(code), map: null };
    },
  };
}
