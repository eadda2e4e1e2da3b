import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const contractSrc = fileURLToPath(new URL('./packages/contract/src/', import.meta.url));
/** Tests read the contract from source, so no build is needed before `vitest`. */
const alias = [{ find: /^@school\/contract\/(.*)$/, replacement: `${contractSrc}$1.ts` }];
/** The web app's zod, set up for its CSP, like in apps/web/vite.config.ts. */
const webAlias = [
  ...alias,
  {
    find: /^zod$/,
    replacement: fileURLToPath(new URL('./apps/web/src/lib/zod.ts', import.meta.url)),
  },
];

/**
 * Test files run this many at a time, at least two also on a two-core machine (most of their
 * time is spent waiting on PostgreSQL or the browser); the e2e project starts one server per
 * worker (docs/decisions/024-parallel-test-runs.md).
 */
const workers = Math.max(2, availableParallelism() - 1);

/**
 * Web tests that set i18next up anew, count the texts loaded so far or the screens' code
 * downloaded so far: they need a module graph of their own. The other web files run one after
 * another in their worker's graph (`isolate: false`), each starting from `setupI18n`
 * (docs/decisions/037-test-suite-cost.md).
 */
const webOwnGraph = [
  'apps/web/src/i18n/**/*.test.ts',
  'apps/web/src/app/preload.test.tsx',
  'apps/web/src/app/mount.test.tsx',
  'apps/web/src/components/lookups.test.ts',
  'apps/web/src/features/students/timelineDetail.test.ts',
  'apps/web/src/lib/firstReads.test.ts',
];
const webTest = {
  environment: 'jsdom',
  setupFiles: ['apps/web/src/test/setup.ts'],
  testTimeout: 20_000,
};

export default defineConfig({
  resolve: { alias },
  test: {
    maxWorkers: workers,
    projects: [
      {
        resolve: { alias },
        test: { name: 'contract', include: ['packages/contract/src/**/*.test.ts'] },
      },
      {
        resolve: { alias },
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          // a worker runs its files one after another in one module graph: the server's modules,
          // Fastify and pg load once per worker, not once per file; every file still makes its
          // own database and app (docs/decisions/037-test-suite-cost.md)
          isolate: false,
          globalSetup: ['apps/server/test/global-setup.ts'],
          setupFiles: ['apps/server/test/setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        // the player's game rules: pure functions, no DOM
        resolve: { alias },
        test: { name: 'player', include: ['apps/player/src/**/*.test.ts'] },
      },
      {
        resolve: { alias: webAlias },
        test: {
          ...webTest,
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          exclude: webOwnGraph,
          isolate: false,
        },
      },
      {
        resolve: { alias: webAlias },
        test: { ...webTest, name: 'web-isolated', include: webOwnGraph },
      },
      {
        resolve: { alias },
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          globalSetup: ['e2e/global-setup.ts'],
          // a worker runs its files one after another in one module graph, so they share its
          // Chromium and its admin session (e2e/support.ts, docs/decisions/037-test-suite-cost.md)
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 180_000,
          // a page on a busy two-core machine can take longer than the default second to show
          // what a test waits for; a poll still ends as soon as its value is there
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
