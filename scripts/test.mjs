// `npm test`: every test (unit, API on a real PostgreSQL, e2e in Chromium). The browser tests
// need the built web app and player, so they are built first when their sources changed (the
// builds also check their size budgets).
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIfStale } from './build-if-stale.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
buildIfStale(['web', 'player']);
mkdirSync(path.join(root, '.test-results'), { recursive: true });
const result = spawnSync(
  'npx',
  [
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    '--outputFile.json=.test-results/vitest.json',
    ...process.argv.slice(2),
  ],
  { cwd: root, stdio: 'inherit' },
);
process.exit(result.status ?? 1);
