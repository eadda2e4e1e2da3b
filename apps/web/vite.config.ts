import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const contractSrc = fileURLToPath(new URL('../../packages/contract/src/', import.meta.url));
/** zod set up for the CSP: every 'zod' import, the contract's too, is src/lib/zod.ts (ADR 006). */
const zod = fileURLToPath(new URL('./src/lib/zod.ts', import.meta.url));

export default defineConfig({
  plugins: [react()],
  resolve: {
    // The contract is compiled from source, like in the root vitest.config.ts: no build step first.
    alias: [
      { find: /^@school\/contract\/(.*)$/, replacement: `${contractSrc}$1.ts` },
      { find: /^zod$/, replacement: zod },
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: which files each route loads, read by scripts/check-size.mjs.
    manifest: true,
  },
  server: {
    proxy: {
      '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false },
    },
  },
});
