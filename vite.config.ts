import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { DEFAULT_AES_IV, DEFAULT_AES_KEY } from './contract/constants.ts';
import { bootShell } from './scripts/boot-shell.ts';
import { antdParts } from './scripts/antd-parts.ts';
import { casbinBrowser } from './scripts/casbin-browser.ts';
import { pureSchemas } from './scripts/pure-schemas.ts';
import { qsBrowser } from './scripts/qs-browser.ts';
import { signInChunks } from './scripts/sign-in-chunks.ts';

const gateway = process.env.GATEWAY_URL ?? `http://127.0.0.1:${process.env.PORT ?? 8080}`;

/** Writes .br and .gz beside every text asset of the build; the gateway serves them pre-compressed. */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((name) => {
          const file = join(dir, name);
          return statSync(file).isDirectory() ? walk(file) : [file];
        });
      for (const file of walk(outDir)) {
        if (!/\.(js|css|html|svg|json)$/.test(file) || file.includes('.vite')) continue;
        let data: Buffer;
        try {
          data = readFileSync(file);
        } catch {
          continue; // removed meanwhile (another build of the same folder)
        }
        if (data.length < 1024) continue;
        writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
        writeFileSync(`${file}.br`, brotliCompressSync(data, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }));
      }
    },
  };
}

/**
 * Packages that declare no `sideEffects` in their package.json although they have none, so that the parts nothing
 * uses are dropped from the build:
 * - rc-field-form: antd's input imports its FormProvider, which would otherwise drag the whole form engine into
 *   the sign-in page;
 * - react-markdown, remark-gfm: imported by @refinedev/antd for its MarkdownField, which no page uses (about
 *   50 KB gzip of markdown parser in every list page otherwise);
 * - papaparse: @refinedev/core's CSV import/export hooks, unused;
 * - error-stack-parser, stackframe: Refine's devtools traces, which return nothing in a production build.
 */
const PURE_PACKAGES = ['rc-field-form', 'react-markdown', 'remark-gfm', 'papaparse', 'error-stack-parser', 'stackframe'];

// --- the sign-in page's JS in a few files (scripts/sign-in-chunks.ts) ---
// `vite build` chunks twice: the bundler's own chunking is read first, then the modules the sign-in page loads go in
// three chunks by who else loads them (the entry's, the signed-in home's, the rest), not one per set of lazy parts
// that reach them (46 files): no byte moves into what the entry or the signed-in home loads
const signIn = signInChunks();
// --- end of the sign-in page's chunks ---

export default defineConfig({
  plugins: [pureSchemas(), react(), bootShell(import.meta.dirname), precompress(),
    casbinBrowser(import.meta.dirname), qsBrowser(import.meta.dirname),
    // the home load (issue 20): antd's Card without its Tabs and the radio group without the form engine, until a
    // page uses them itself (scripts/antd-parts.ts)
    antdParts(import.meta.dirname), signIn.plugin],
  define: {
    __AES_KEY__: JSON.stringify(process.env.AES_KEY ?? DEFAULT_AES_KEY),
    __AES_IV__: JSON.stringify(process.env.AES_IV ?? DEFAULT_AES_IV),
  },
  publicDir: 'public',
  build: {
    outDir: 'dist',
    sourcemap: false,
    manifest: true,
    chunkSizeWarningLimit: 1500,
    rollupOptions: {
      // the signed-in portal, and the public B2C storefront (/s/{slug}): its own small entry, none of the portal's code
      input: { main: 'index.html', storefront: 'storefront.html' },
      output: {
        // zod in a chunk of its own: otherwise it shares a chunk with the contract files every part of the portal
        // imports (their paths, constants and rules), and the signed-in shell, which builds no schema, would load it
        // (and the sign-in page's three chunks: `signIn` above)
        codeSplitting: { groups: [{ name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]/ }, signIn.group] },
      },
      // packages that declare no sideEffects but have none: what nothing uses is dropped (PURE_PACKAGES)
      treeshake: {
        // and src/sdk.ts, the plugins' barrel, which only re-exports: without this, every module it re-exports
        // is a dependency of the signed-in shell (its plugins' registrations import the sdk) as soon as one page
        // uses it, and lands in a chunk the shell loads (antd's InputNumber of VndInput, the booking detail's Tabs)
        moduleSideEffects: (id: string) => !id.endsWith('/src/sdk.ts') && !PURE_PACKAGES.some((name) => id.includes(`/node_modules/${name}/`)),
        // the contract's zod schemas are values without side effects: a module that only needs a constant of
        // the contract no longer brings every schema of that file (nor zod) with it
        manualPureFunctions: ['z'],
      },
    },
  },
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: Object.fromEntries(['/api', '/auth', '/locales', '/healthz', '/readyz'].map((p) => [p, { target: gateway, changeOrigin: true }])),
  },
});
