// `npm run backup` and `npm run restore -- FILE [--force]` (README, Operations; ADR 028):
// build the server when its sources changed, then run its backup command.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIfStale } from './build-if-stale.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
buildIfStale(['contract', 'server']);
// a small young generation: COPY makes many short-lived buffers, and the peak memory then
// stays near the process's own (ADR 028)
const child = spawn(
  process.execPath,
  [
    '--max-semi-space-size=2',
    path.join(root, 'apps/server/dist/backup-cli.js'),
    ...process.argv.slice(2),
  ],
  { stdio: 'inherit' },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
