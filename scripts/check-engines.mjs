// `npm run lint` runs this: every installed package must accept the oldest Node the project
// promises (package.json `engines.node`, e.g. ">=20.19" -> 20.19.0). It reads the
// `engines.node` of each package the lockfile lists as installed, from its own package.json
// in node_modules, and names those whose range excludes that version.
// Usage: node scripts/check-engines.mjs [project folder]
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';

const root = path.resolve(
  process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..'),
);
const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));

const promised = readJson(path.join(root, 'package.json')).engines?.node;
if (!promised) {
  console.error('package.json has no engines.node');
  process.exit(1);
}
const minimum = semver.minVersion(promised);
const lock = readJson(path.join(root, 'package-lock.json'));

const excluding = [];
for (const key of Object.keys(lock.packages ?? {})) {
  if (!key.includes('node_modules/')) continue; // the root and the workspaces themselves
  const file = path.join(root, key, 'package.json');
  if (!existsSync(file)) continue; // an optional package for another platform
  const manifest = readJson(file);
  const range = manifest.engines?.node;
  if (typeof range !== 'string' || !semver.validRange(range)) continue;
  if (!semver.satisfies(minimum, range, { includePrerelease: true })) {
    excluding.push(`${manifest.name}@${manifest.version} (${key}) requires node ${range}`);
  }
}

if (excluding.length > 0) {
  console.error(`These installed packages do not accept Node ${minimum} (engines "${promised}"):`);
  for (const line of excluding) console.error(`  ${line}`);
  process.exit(1);
}
console.log(`Every installed package accepts Node ${minimum}.`);
