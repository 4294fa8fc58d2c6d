// The gateway as plain JavaScript: gateway/main.ts bundled by esbuild into one ES module (the packages stay
// imports from node_modules), so that `npm start` and the gateway processes of tests and benchmarks run on
// Node alone. Under tsx the gateway also carried tsx's loader thread (a second V8 isolate), its compiled
// sources and source maps: about 90 MB of resident memory. `npm run dev` keeps tsx (no build step).
//
// `import.meta.url` (and dirname/filename) of each source file is replaced by that source file's own, so
// the files the gateway reads beside its sources (migrations, the PGlite initdb script, captcha clips) are
// read where they are, with nothing copied. The bundle must stay inside the project (for node_modules).
//
// Run: node scripts/build-gateway.mjs [outfile]   (default .gateway/main.mjs)
//      node scripts/build-gateway.mjs --node-flags   (prints the V8 flags for this environment's database)
// Use: import { buildGateway, gatewayNodeFlags } from './scripts/build-gateway.mjs'
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const DEFAULT_OUTFILE = resolve(ROOT, '.gateway/main.mjs');

/**
 * V8 flags of the gateway process on PGlite (`npm start` and the gateway processes of tests and benchmarks). Without
 * them, V8 sizes the heap from the machine's memory and lets garbage pile up to 3-4 times the live heap before
 * a full collection (heapUsed swung between 230 and 850 MB under the memory bench). --heap-growing-percent=15
 * starts the next full collection when the old space has grown 15 % beyond what the last one kept: the heap
 * follows the live data, with no hard limit to crash on (a --max-old-space-size of 192 MB did as well in the
 * bench, but aborts the process when the live data outgrows it). Smaller semi-spaces: less young garbage.
 * package.json's gateway:start script asks this script for them (`--node-flags`, gatewayNodeFlags below).
 */
export const GATEWAY_NODE_FLAGS = ['--heap-growing-percent=15', '--max-semi-space-size=4'];

/**
 * V8 flags of the gateway process on PostgreSQL (DATABASE_URL set). There the process holds no database of its
 * own (PGlite's WASM memory and code are most of the PGlite flags' reason), and the flags above cost the request
 * path: with 4 MB semi-spaces the objects of the requests in flight (a booking's PNR rows, the bodies, the
 * statements' parameters) outlive a scavenge and are promoted, and a full collection runs every time the old
 * space grows 15 %. Under the issue bench (20 clients) that was 23 % of the gateway's busy samples; 16 MB
 * semi-spaces and 50 % growth took 0.3–0.8 ms of gateway CPU off an issue (docs/performance.md, "The issue's
 * gateway CPU: the young generation…"). Still bounded: no limit to crash on, the heap follows the live data.
 */
export const GATEWAY_NODE_FLAGS_POSTGRES = ['--heap-growing-percent=50', '--max-semi-space-size=16'];

/** The V8 flags of a gateway process started with `env`: PostgreSQL's when DATABASE_URL is set, else PGlite's. */
export const gatewayNodeFlags = (env = process.env) => (env.DATABASE_URL ? GATEWAY_NODE_FLAGS_POSTGRES : GATEWAY_NODE_FLAGS);

/** Source files' import.meta.url/dirname/filename as literals of their own location. */
const ownLocation = {
  name: 'own-location',
  setup(build) {
    build.onLoad({ filter: /\.(ts|mts|js|mjs)$/ }, async (args) => {
      if (args.path.includes('/node_modules/')) return undefined;
      const source = await readFile(args.path, 'utf8');
      if (!source.includes('import.meta.')) return undefined;
      const contents = source
        .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href))
        .replaceAll('import.meta.dirname', JSON.stringify(dirname(args.path)))
        .replaceAll('import.meta.filename', JSON.stringify(args.path));
      return { contents, loader: args.path.endsWith('ts') ? 'ts' : 'js' };
    });
  },
};

/**
 * The packages stay imports of node_modules, as Node's ES module resolution reads them. Two kinds of imports
 * that tsx resolved and Node does not: a deep import without extension of a package without an "exports"
 * map (crypto-js/aes) becomes the file's real name (crypto-js/aes.js); a package's JSON file is bundled.
 */
const packagesExternal = {
  name: 'packages-external',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('node:')) return { path: args.path, external: true };
      if (args.path.endsWith('.json')) return undefined;
      const parts = args.path.split('/');
      const name = args.path.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
      if (name === args.path) return { path: args.path, external: true };
      let dir = args.resolveDir;
      while (!existsSync(join(dir, 'node_modules', name, 'package.json')) && dirname(dir) !== dir) dir = dirname(dir);
      const manifest = join(dir, 'node_modules', name, 'package.json');
      if (!existsSync(manifest) || JSON.parse(readFileSync(manifest, 'utf8')).exports) return { path: args.path, external: true };
      const file = createRequire(join(args.resolveDir, 'x.js')).resolve(args.path);
      return { path: `${name}/${relative(realpathSync(dirname(manifest)), file)}`, external: true };
    });
  },
};

/** Bundles the gateway into `outfile` (inside the project); resolves with its path. */
export async function buildGateway(outfile = DEFAULT_OUTFILE) {
  const { build } = await import('esbuild');
  const target = resolve(outfile);
  if (!target.startsWith(`${ROOT}/`)) throw new Error(`the gateway bundle must be inside ${ROOT} (it imports the packages of node_modules): ${target}`);
  await build({
    absWorkingDir: ROOT,
    entryPoints: [resolve(ROOT, 'gateway/main.ts')],
    outfile: target,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: `node${process.versions.node.split('.')[0]}`,
    sourcemap: false,
    logLevel: 'warning',
    plugins: [packagesExternal, ownLocation],
  });
  return target;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url) && process.argv[2] === '--node-flags') {
  process.stdout.write(`${gatewayNodeFlags(process.env).join(' ')}\n`);
} else if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const out = await buildGateway(process.argv[2] ? resolve(process.argv[2]) : DEFAULT_OUTFILE);
  process.stdout.write(`gateway built: ${out}\n`);
}
