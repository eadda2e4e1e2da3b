// The player's initial download budget (docs/quality.md): the JavaScript a first visit to a game
// page must fetch, gzip-compressed, must stay within BUDGET_KB. Read from the Vite build
// manifest: the entry with its static imports. Prints every file and the total and exits 1
// over budget, so the player's build (`npm run build -w apps/player`) fails. Also writes the
// .gz and .br siblings the server sends to browsers that accept them (ADR 015).
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { readBuild } from './build-manifest.mjs';

const BUDGET_KB = 60;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'apps/player/dist');

const { entryKey, gzipKb, staticClosure } = readBuild(dist);
const files = [...staticClosure(entryKey)].sort((a, b) => gzipKb(b) - gzipKb(a));
const js = files.filter((f) => f.endsWith('.js')).reduce((sum, f) => sum + gzipKb(f), 0);
const all = files.reduce((sum, f) => sum + gzipKb(f), 0);
console.log(`\nplayer (/play): ${files.length} files`);
for (const file of files) console.log(`  ${gzipKb(file).toFixed(2).padStart(8)} kB  ${file}`);
console.log(
  `  ${js.toFixed(2).padStart(8)} kB  initial JavaScript gzip (with CSS ${all.toFixed(2)} kB), budget ${BUDGET_KB} kB`,
);

// precompressed siblings of the built text files
const compressible = /\.(js|css|html|svg|json)$/;
function compressAll(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) compressAll(file);
    else if (compressible.test(entry.name)) {
      const bytes = readFileSync(file);
      writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
      writeFileSync(
        `${file}.br`,
        brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      );
    }
  }
}
compressAll(path.join(dist, 'assets'));

if (js > BUDGET_KB) {
  console.error(
    `the player is over the ${BUDGET_KB} kB gzip budget by ${(js - BUDGET_KB).toFixed(2)} kB`,
  );
  process.exit(1);
}
