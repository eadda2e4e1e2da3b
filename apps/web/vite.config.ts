import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const contractSrc = fileURLToPath(new URL('../../packages/contract/src/', import.meta.url));
/** zod set up for the CSP: every 'zod' import, the contract's too, is src/lib/zod.ts (ADR 006). */
const zod = fileURLToPath(new URL('./src/lib/zod.ts', import.meta.url));
/**
 * The libraries every first screen needs, in one chunk: it changes only when they are upgraded,
 * so it stays cached across releases, and one file compresses smaller than several (docs/quality.md).
 */
const VENDOR = [
  'react',
  'react-dom',
  'scheduler',
  'react-router',
  'i18next',
  'react-i18next',
  '@tanstack/query-core',
  '@tanstack/react-query',
];
const vendor = new RegExp(`[\\\\/]node_modules[\\\\/](${VENDOR.join('|')})[\\\\/]`);

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
    rolldownOptions: {
      output: { codeSplitting: { groups: [{ name: 'vendor', test: vendor }] } },
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
