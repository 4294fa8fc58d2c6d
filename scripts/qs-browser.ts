import { join } from 'node:path';
import type { Plugin } from 'vite';

/**
 * qs (Refine's query strings, in the signed-in shell) keeps its cycle and overflow marks in `side-channel`, which
 * reaches object-inspect, get-intrinsic and their helpers (about 13 KB gzip) for engines without WeakMap. For qs's
 * imports only, in the build, it resolves to scripts/browser/side-channel.cjs: the same store on WeakMap and Map.
 * Node (the gateway, the tests) and the dev server's pre-bundled qs keep the real package.
 */
export function qsBrowser(root: string): Plugin {
  const target = join(root, 'scripts/browser/side-channel.cjs');
  return {
    name: 'qs-browser',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source !== 'side-channel' || !importer || !/[\\/]node_modules[\\/]qs[\\/]/.test(importer)) return null;
      return target;
    },
  };
}
