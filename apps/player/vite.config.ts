import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const contractSrc = fileURLToPath(new URL('../../packages/contract/src/', import.meta.url));
const page = (name: string) => fileURLToPath(new URL(name, import.meta.url));

/**
 * The player is served by the server at /play (ADR 020); it reads /api/public on the same site.
 * Two pages, each loading only its own scripts: the games (index.html) and the learner's page
 * (me.html, ADR 030).
 */
export default defineConfig({
  base: '/play/',
  resolve: {
    // the contract from source, like the web app; the player imports only its zod-free rules
    alias: [{ find: /^@school\/contract\/(.*)$/, replacement: `${contractSrc}$1.ts` }],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: what each page loads, read by scripts/check-player-size.mjs
    manifest: true,
    rollupOptions: {
      input: { games: page('index.html'), me: page('me.html') },
      // what both pages load (the element helper, the texts, the language bar)
      output: { chunkFileNames: 'assets/shared-[hash].js' },
    },
  },
  server: {
    proxy: { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } },
  },
});
