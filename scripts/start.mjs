// `npm start`: build what is missing, then serve the app (embedded PostgreSQL by default).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIfStale } from './build-if-stale.mjs';
import { serverFlags } from './server-flags.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
buildIfStale(['contract', 'server', 'web', 'player']);
// a small V8 heap (scripts/server-flags.mjs): SERVER_NODE_FLAGS or NODE_OPTIONS override it
const child = spawn(
  process.execPath,
  [...serverFlags(), path.join(root, 'apps/server/dist/server.js')],
  { stdio: 'inherit' },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
