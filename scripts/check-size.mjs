// The initial download budgets (docs/quality.md, ADR 032): for a first visit to the login page
// and to the first screen after login, the JavaScript the browser must fetch before the screen
// shows, gzip-compressed, must stay within the route's budget. Read from the Vite build manifest:
// the entry with its static imports, the dictionaries it awaits before the first render, and
// the modules the route loads with their static imports. Prints every file (the CSS too, which
// the budget does not count) and the totals; exits 1 when a route is over its budget, so the
// web build (`npm run build -w apps/web`, run by `npm test`, `npm start` and CI) fails; with
// --report it only prints, and says so.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readBuild } from './build-manifest.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'apps/web/dist');

/** main.tsx awaits one core dictionary before rendering; counted as the largest of them. */
const DICTIONARIES = ['src/i18n/en.json', 'src/i18n/pl.json', 'src/i18n/uk.json'];
/**
 * The app shell awaits the logged-in frame's and the dashboard's texts in that language; the
 * largest counts (each other screen's texts come with that screen, ADR 021).
 */
const APP_DICTIONARIES = ['src/i18n/app.en.json', 'src/i18n/app.pl.json', 'src/i18n/app.uk.json'];

/**
 * Route -> the budget in kB, the modules main.tsx loads for it and the texts it awaits. /login
 * opened first renders the login page alone; any other address (and the login's success)
 * mounts the app, whose router renders the shell and the screen.
 */
const ROUTES = [
  { route: '/login', budgetKb: 100, lazy: ['src/features/auth/LoginPage.tsx'], texts: [] },
  // `/` (where a successful login goes) and /dashboard: the dashboard inside the app shell.
  {
    route: '/ (dashboard)',
    budgetKb: 150,
    lazy: [
      'src/app/mount.tsx',
      'src/app/shell/AppShell.tsx',
      'src/features/dashboard/DashboardScreen.tsx',
    ],
    texts: [APP_DICTIONARIES],
  },
];

const { entryKey, gzipKb, chunk, staticClosure } = readBuild(dist);
/** The largest of the dictionaries (the language that costs the most). */
const largest = (keys) =>
  keys.map((key) => chunk(key).file).sort((a, b) => gzipKb(b) - gzipKb(a))[0];
const dictionary = largest(DICTIONARIES);

let over = false;
for (const { route, budgetKb, lazy, texts } of ROUTES) {
  const files = staticClosure(entryKey);
  files.add(dictionary);
  for (const part of texts) files.add(largest(part));
  for (const key of lazy) staticClosure(key, files);
  const rows = [...files].sort((a, b) => gzipKb(b) - gzipKb(a));
  const sum = (list) => list.reduce((total, file) => total + gzipKb(file), 0);
  const js = sum(rows.filter((file) => file.endsWith('.js')));
  const css = sum(rows.filter((file) => !file.endsWith('.js')));
  console.log(`\n${route}: ${rows.length} files`);
  for (const file of rows) console.log(`  ${gzipKb(file).toFixed(2).padStart(8)} kB  ${file}`);
  console.log(
    `  ${js.toFixed(2).padStart(8)} kB  JavaScript gzip, budget ${budgetKb} kB (CSS ${css.toFixed(2)} kB, together ${(js + css).toFixed(2)} kB)`,
  );
  if (js > budgetKb) {
    over = true;
    console.error(
      `${route} is over its ${budgetKb} kB gzip budget by ${(js - budgetKb).toFixed(2)} kB`,
    );
  }
}
const reportOnly = process.argv.includes('--report');
if (over && reportOnly) console.error('(report only: the web build fails on this)');
process.exit(over && !reportOnly ? 1 : 0);
