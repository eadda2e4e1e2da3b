import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const contractSrc = fileURLToPath(new URL('../../packages/contract/src/', import.meta.url));

export default defineConfig({
  plugins: [react()],
  resolve: {
    // The contract is compiled from source, like in the root vitest.config.ts: no build step first.
    alias: [{ find: /^@school\/contract\/(.*)$/, replacement: `${contractSrc}$1.ts` }],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: which files each route loads, read by scripts/check-size.mjs.
    manifest: true,
    rolldownOptions: {
      // Keep modules running in import order across chunks: main.tsx's first import
      // (lib/zodSetup.ts) must configure zod before the contract's schemas are built.
      output: { strictExecutionOrder: true },
    },
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
