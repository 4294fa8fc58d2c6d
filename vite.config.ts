import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { DEFAULT_AES_IV, DEFAULT_AES_KEY } from './contract/constants.ts';

const gateway = process.env.GATEWAY_URL ?? `http://127.0.0.1:${process.env.PORT ?? 8080}`;

export default defineConfig({
  plugins: [react()],
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
  },
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: Object.fromEntries(['/api', '/auth', '/locales', '/healthz', '/readyz'].map((p) => [p, { target: gateway, changeOrigin: true }])),
  },
});
