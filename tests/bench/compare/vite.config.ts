/**
 * Build of the comparison page of `npm run bench:login -- --compare` (main.tsx): its own entry and output
 * folder, the same Vite, React plugin and package versions as the portal, a production build.
 */
import { resolve } from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export const COMPARE_DIST = resolve(import.meta.dirname, '../../../.tmp/bench-compare');

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  publicDir: false,
  logLevel: 'warn',
  build: { outDir: COMPARE_DIST, emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 5000 },
});
