// `npm test`: every test (unit, API on a real PostgreSQL, e2e in Chromium). The browser tests
// need the built web app and player, so they are built first when their sources changed (the
// builds also check their size budgets). At the end it prints the time each project took
// (scripts/test-times.mjs) and the whole run's.
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIfStale } from './build-if-stale.mjs';
import { printProjectTimes } from './test-times.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const started = Date.now();
buildIfStale(['web', 'player']);
mkdirSync(path.join(root, '.test-results'), { recursive: true });
// a report left by an earlier run must not be read as this one's
const report = path.join(root, '.test-results/vitest.json');
rmSync(report, { force: true });
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
printProjectTimes(report, root);
console.log(`npm test took ${((Date.now() - started) / 1000).toFixed(1)} s (builds included)`);
process.exit(result.status ?? 1);
