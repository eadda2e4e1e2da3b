import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const contractSrc = fileURLToPath(new URL('../../packages/contract/src/', import.meta.url));
/** zod set up for the CSP: every 'zod' import, the contract's too, is src/lib/zod.ts (ADR 006). */
const zod = fileURLToPath(new URL('./src/lib/zod.ts', import.meta.url));
/** The chunk of the libraries in `names`, matched by their folder in node_modules. */
const libraries = (names: string[]) =>
  new RegExp(`[\\\\/]node_modules[\\\\/](${names.join('|')})[\\\\/]`);
/**
 * Libraries in two chunks that change only when they are upgraded, so they stay cached across
 * releases, and compress smaller than one file each: what the login page needs (React and the
 * texts), and what the logged-in app adds (the router and the query cache). ADR 032,
 * docs/quality.md.
 */
const VENDOR = ['react', 'react-dom', 'scheduler', 'i18next', 'react-i18next'];
const APP_VENDOR = ['react-router', '@tanstack/query-core', '@tanstack/react-query'];

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
      output: {
        codeSplitting: {
          groups: [
            { name: 'vendor', test: libraries(VENDOR) },
            { name: 'app-vendor', test: libraries(APP_VENDOR) },
          ],
        },
      },
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
