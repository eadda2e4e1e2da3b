// The player's initial download budget (docs/quality.md): each page's JavaScript, its entry with
// every chunk the entry imports statically, and every script its HTML loads, gzip-compressed,
// must stay within BUDGET_KB. The pages: the games (/play/{game}, index.html) and the learner's
// page (/play/me, me.html, ADR 030), whose games load only when one is opened. Read from the
// built HTML and the Vite build manifest; prints every file and the totals and exits 1 over
// budget, so the player's build (`npm run build -w apps/player`) fails. Also writes the .gz and
// .br siblings the server sends to browsers that accept them (ADR 015).
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { readBuild } from './build-manifest.mjs';

const BUDGET_KB = 60;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'apps/player/dist');
const PAGES = [
  { route: '/play/{game}', html: 'index.html' },
  { route: '/play/me', html: 'me.html' },
];

const { gzipKb, pageFiles } = readBuild(dist);
const base = '/play/';
let over = false;
for (const { route, html } of PAGES) {
  const text = readFileSync(path.join(dist, html), 'utf8');
  // the page's entry and what the manifest says it imports, and every script and stylesheet
  // its HTML names
  const named = [...text.matchAll(/<(?:script|link)\b[^>]*?(?:src|href)="([^"]+)"/g)]
    .map((m) => m[1])
    .filter((url) => url.startsWith(base) && /\.(js|css)$/.test(url))
    .map((url) => url.slice(base.length));
  const files = pageFiles(html, named);
  const rows = [...files].sort((a, b) => gzipKb(b) - gzipKb(a));
  const js = rows.filter((f) => f.endsWith('.js')).reduce((sum, f) => sum + gzipKb(f), 0);
  const all = rows.reduce((sum, f) => sum + gzipKb(f), 0);
  console.log(`\nplayer ${route}: ${rows.length} files`);
  for (const file of rows) console.log(`  ${gzipKb(file).toFixed(2).padStart(8)} kB  ${file}`);
  console.log(
    `  ${js.toFixed(2).padStart(8)} kB  initial JavaScript gzip (with CSS ${all.toFixed(2)} kB), budget ${BUDGET_KB} kB`,
  );
  if (js > BUDGET_KB) {
    over = true;
    console.error(
      `player ${route} is over the ${BUDGET_KB} kB gzip budget by ${(js - BUDGET_KB).toFixed(2)} kB`,
    );
  }
}

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

if (over) process.exit(1);
