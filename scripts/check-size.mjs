// The initial download budget (docs/quality.md): for a first visit to the login page and to the
// first screen after login, the JavaScript and CSS the browser must fetch before the screen
// shows, gzip-compressed, must stay within BUDGET_KB. Read from the Vite build manifest:
// the entry with its static imports, the dictionaries it awaits before the first render, and
// the route's chunk with its static imports. Prints every asset and the totals; exits 1 when
// a route is over budget, so the web build (`npm run build -w apps/web`, run by `npm test`,
// `npm start` and CI) fails; with --report it only prints, and says so.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readBuild } from './build-manifest.mjs';

const BUDGET_KB = 150;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'apps/web/dist');

/** main.tsx awaits one dictionary before rendering; counted as the largest of them. */
const DICTIONARIES = ['src/i18n/en.json', 'src/i18n/pl.json', 'src/i18n/uk.json'];
/**
 * The app shell awaits the logged-in frame's and the dashboard's texts in that language; the
 * largest counts (the other screens' texts come with the first of them, ADR 021).
 */
const APP_DICTIONARIES = ['src/i18n/app.en.json', 'src/i18n/app.pl.json', 'src/i18n/app.uk.json'];

/** Route -> the lazy modules it renders (apps/web/src/app/routes.tsx) and the texts it awaits. */
const ROUTES = [
  { route: '/login', lazy: ['src/features/auth/LoginScreen.tsx'], texts: [] },
  // `/` (where a successful login goes) and /dashboard: the dashboard inside the app shell.
  {
    route: '/ (dashboard)',
    lazy: ['src/app/shell/AppShell.tsx', 'src/features/dashboard/DashboardScreen.tsx'],
    texts: [APP_DICTIONARIES],
  },
];

const { entryKey, gzipKb, chunk, staticClosure } = readBuild(dist);
/** The largest of the dictionaries (the language that costs the most). */
const largest = (keys) =>
  keys.map((key) => chunk(key).file).sort((a, b) => gzipKb(b) - gzipKb(a))[0];
const dictionary = largest(DICTIONARIES);

let over = false;
for (const { route, lazy, texts } of ROUTES) {
  const files = staticClosure(entryKey);
  files.add(dictionary);
  for (const part of texts) files.add(largest(part));
  for (const key of lazy) staticClosure(key, files);
  const rows = [...files].sort((a, b) => gzipKb(b) - gzipKb(a));
  const total = rows.reduce((sum, file) => sum + gzipKb(file), 0);
  const js = rows.filter((file) => file.endsWith('.js')).reduce((s, f) => s + gzipKb(f), 0);
  console.log(`\n${route}: ${rows.length} files`);
  for (const file of rows) console.log(`  ${gzipKb(file).toFixed(2).padStart(8)} kB  ${file}`);
  console.log(
    `  ${total.toFixed(2).padStart(8)} kB  total gzip (JS ${js.toFixed(2)} kB, CSS ${(total - js).toFixed(2)} kB), budget ${BUDGET_KB} kB`,
  );
  if (total > BUDGET_KB) {
    over = true;
    console.error(
      `${route} is over the ${BUDGET_KB} kB gzip budget by ${(total - BUDGET_KB).toFixed(2)} kB`,
    );
  }
}
const reportOnly = process.argv.includes('--report');
if (over && reportOnly) console.error('(report only: the web build fails on this)');
process.exit(over && !reportOnly ? 1 : 0);
