// `npm run lint` runs this: every production dependency of every workspace must carry a
// permissive licence (docs/quality.md). npm's lockfile says which installed packages are
// production ones (not marked dev); license-checker-rseidelsohn reads what each one declares.
// Usage: node scripts/check-licences.mjs [project folder]
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { init } from 'license-checker-rseidelsohn';

const ALLOWED = new Set([
  'MIT',
  'ISC',
  'BSD-2-Clause',
  'BSD-3-Clause',
  'Apache-2.0',
  '0BSD',
  'BlueOak-1.0.0',
  'MPL-2.0',
  'CC0-1.0',
  'Unlicense',
  'Python-2.0',
  'CC-BY-4.0',
]);

/**
 * True when a licence, or an SPDX expression such as "(MIT OR Apache-2.0)", names only
 * allowed licences. A licence guessed from a licence file ("MIT*") counts as that licence.
 */
export function isAllowed(licence) {
  const list = Array.isArray(licence) ? licence : [licence];
  if (list.length === 0) return false;
  return list.every((one) => {
    if (typeof one !== 'string' || one.trim() === '') return false;
    const ids = one
      .replace(/[()]/g, ' ')
      .split(/\s+(?:OR|AND)\s+|\s+/)
      .map((id) => id.trim().replace(/\*$/, ''))
      .filter(Boolean);
    return ids.length > 0 && ids.every((id) => ALLOWED.has(id));
  });
}

/** Lockfile paths of the production packages: not dev-only, not a workspace of this project. */
function productionPackages(root) {
  const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8'));
  const out = new Map();
  for (const [key, entry] of Object.entries(lock.packages ?? {})) {
    if (!key.includes('node_modules/') || entry.dev || entry.link) continue;
    const name = key.slice(key.lastIndexOf('node_modules/') + 'node_modules/'.length);
    out.set(path.join(root, key), { name, version: entry.version, license: entry.license });
  }
  return out;
}

/** What each installed package declares, by its folder. */
function installedLicences(root) {
  return new Promise((resolve, reject) => {
    init({ start: root, excludePrivatePackages: true }, (err, packages) => {
      if (err) return reject(err);
      const byPath = new Map();
      for (const info of Object.values(packages)) {
        if (info.path) byPath.set(path.resolve(info.path), info.licenses);
      }
      resolve(byPath);
    });
  });
}

export async function checkLicences(root) {
  const production = productionPackages(root);
  const installed = await installedLicences(root);
  const counts = new Map();
  const offenders = [];
  for (const [folder, pkg] of production) {
    // a package for another platform is not installed: the lockfile's record stands in
    const licence = installed.get(folder) ?? pkg.license ?? 'UNKNOWN';
    const shown = Array.isArray(licence) ? licence.join(', ') : String(licence);
    counts.set(shown, (counts.get(shown) ?? 0) + 1);
    if (!isAllowed(licence)) offenders.push(`${pkg.name}@${pkg.version}: ${shown}`);
  }
  return { total: production.size, counts, offenders };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const root = path.resolve(
    process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..'),
  );
  const { total, counts, offenders } = await checkLicences(root);
  const summary = [...counts]
    .sort((a, b) => b[1] - a[1])
    .map(([licence, n]) => `${licence} ${n}`)
    .join(', ');
  console.log(`Licences of ${total} production packages: ${summary}`);
  if (offenders.length > 0) {
    console.error(`Not allowed in production (${offenders.length}):`);
    for (const line of offenders) console.error(`  ${line}`);
    process.exit(1);
  }
  console.log('All production licences are allowed.');
}
