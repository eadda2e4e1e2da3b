// Prints 'N passed, N failed[, N skipped]' from vitest's JSON report; exits 1 if any failed
// or if the report is missing.
import { existsSync, readFileSync } from 'node:fs';

const file = process.argv[2] ?? '.test-results/vitest.json';
if (!existsSync(file)) {
  console.log('no test report was written');
  console.log('0 passed, 1 failed');
  process.exit(1);
}
const r = JSON.parse(readFileSync(file, 'utf8'));
const skipped = (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
// a file that failed without a failed test (it did not load, or a beforeAll or afterAll hook
// threw) must count as a failure too
const brokenFiles = (r.testResults ?? []).filter(
  (f) => f.status === 'failed' && !(f.assertionResults ?? []).some((a) => a.status === 'failed'),
).length;
const failed = (r.numFailedTests ?? 0) + brokenFiles;
const passed = r.numPassedTests ?? 0;
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
