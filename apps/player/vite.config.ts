import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const contractSrc = fileURLToPath(new URL('../../packages/contract/src/', import.meta.url));

/** The player is served by the server at /play (ADR 020); it reads /api/public on the same site. */
export default defineConfig({
  base: '/play/',
  resolve: {
    // the contract from source, like the web app; the player imports only its zod-free rules
    alias: [{ find: /^@school\/contract\/(.*)$/, replacement: `${contractSrc}$1.ts` }],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: what the first visit loads, read by scripts/check-player-size.mjs
    manifest: true,
  },
  server: {
    proxy: { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } },
  },
});
