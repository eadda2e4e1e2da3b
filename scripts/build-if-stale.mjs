// Builds each part whose sources changed since its last build, so `npm start` and `npm test`
// on a fresh clone build what is missing and skip the rest.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const parts = {
  contract: { dir: 'packages/contract', inputs: ['src', 'package.json', 'tsconfig.json'] },
  server: { dir: 'apps/server', inputs: ['src', 'package.json', 'tsconfig.build.json'] },
  web: {
    dir: 'apps/web',
    inputs: [
      'src',
      'index.html',
      'vite.config.ts',
      'package.json',
      'public',
      '../../packages/contract/src',
      // The build fails over the size budget: a changed budget or check builds again.
      '../../scripts/check-size.mjs',
    ],
  },
  player: {
    dir: 'apps/player',
    inputs: [
      'src',
      'index.html',
      'vite.config.ts',
      'package.json',
      '../../packages/contract/src/game-rules.ts',
      '../../scripts/check-player-size.mjs',
    ],
  },
};

function newest(p) {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = 0;
  for (const name of readdirSync(p)) max = Math.max(max, newest(path.join(p, name)));
  return max;
}

export function buildIfStale(names) {
  for (const name of names) {
    const { dir, inputs } = parts[name];
    const abs = path.join(root, dir);
    const stamp = path.join(abs, 'dist', '.built');
    const built = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
    const changed = Math.max(...inputs.map((i) => newest(path.join(abs, i))));
    if (built >= changed) continue;
    process.stdout.write(`building ${dir} ...\n`);
    try {
      execFileSync('npm', ['run', 'build', '--silent', '-w', dir], { cwd: root, stdio: 'inherit' });
    } catch {
      // The build printed why (a compile error, the web app over its size budget).
      process.stderr.write(`building ${dir} failed\n`);
      process.exit(1);
    }
    writeFileSync(stamp, new Date().toISOString());
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  buildIfStale(process.argv.slice(2).length ? process.argv.slice(2) : Object.keys(parts));
}
