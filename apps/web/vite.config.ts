import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

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

/**
 * The chunks the entry imports statically, directly or not: loaded before any screen, so a
 * screen's dynamic import need not list them to preload; and for each chunk, the chunks it
 * imports statically, loaded before its own code runs, so its dynamic imports need not list
 * them either (keepsLoaded below, ADR 050).
 */
const loadedFirst = new Set<string>();
const loadedWith = new Map<string, Set<string>>();
const keepsLoaded: Plugin = {
  name: 'loaded-first',
  enforce: 'pre',
  generateBundle(_options, bundle) {
    const closure = (file: string, files = new Set<string>()) => {
      const chunk = bundle[file];
      if (files.has(file) || !chunk || chunk.type !== 'chunk') return files;
      files.add(file);
      chunk.imports.forEach((imported) => closure(imported, files));
      return files;
    };
    for (const [file, chunk] of Object.entries(bundle)) {
      if (chunk.type !== 'chunk') continue;
      loadedWith.set(file, closure(file));
      if (chunk.isEntry) closure(file, loadedFirst);
    }
  },
};
/** What a dynamic import in `host` has to preload of `deps`: what is not loaded already. */
const toPreload = (host: string, deps: string[]) =>
  deps.filter((d) => !loadedFirst.has(d) && !loadedWith.get(host)?.has(d));

/**
 * zod's namespace `z` is re-exported whole, so its `locales` (every language's messages, some
 * 200 kB) came with the first download of zod, evaluated before the first row of any list. The
 * app shows its own messages, not zod's, and zod's default is English: zod's list of locales
 * is English alone here (docs/quality.md, First screen of a returning user).
 */
const ZOD_LOCALES = '\0zod-locales';
const zodEnglishOnly: Plugin = {
  name: 'zod-english-only',
  enforce: 'pre',
  resolveId(source, importer) {
    const inZod =
      importer !== undefined && /[\\/]zod[\\/]v4[\\/](classic|core)[\\/]/.test(importer);
    return inZod && source === '../locales/index.js' ? ZOD_LOCALES : null;
  },
  load: (id) =>
    id === ZOD_LOCALES ? "export { default as en } from 'zod/v4/locales/en.js';" : null,
};

/**
 * Icons of the side bar that other screens use too: in one chunk with the shell's download
 * instead of one small file each (a file's own overhead counts in the budget).
 */
const SHELL_ICONS =
  /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/](calendar-days|layers|graduation-cap|file-text|chevron-left|chevron-right)\.m?js$/;

export default defineConfig({
  plugins: [react(), keepsLoaded, zodEnglishOnly],
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
    // A screen's dynamic import preloads what it needs beyond what is loaded already; a browser
    // without modulepreload (Safari before 17, Firefox before 115) gets no polyfill and loads a
    // screen's files as it finds their imports, a little later (docs/quality.md). The page
    // itself names every file the entry imports, so they download beside the entry, not after
    // it has been read (ADR 050).
    modulePreload: {
      polyfill: false,
      resolveDependencies: (_f, deps, { hostId, hostType }) =>
        hostType === 'html' ? deps : toPreload(hostId, deps),
    },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'vendor', test: libraries(VENDOR) },
            { name: 'app-vendor', test: libraries(APP_VENDOR) },
            { name: 'shell-icons', test: SHELL_ICONS },
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
