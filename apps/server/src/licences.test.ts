import { spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';

const script = fileURLToPath(new URL('../../../scripts/check-licences.mjs', import.meta.url));
const folders: string[] = [];

afterAll(async () => {
  for (const folder of folders) await fs.rm(folder, { recursive: true, force: true });
});

/** A project whose lockfile and node_modules hold the given packages. */
async function project(packages: { name: string; license: string; dev?: boolean }[]) {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'licences-'));
  folders.push(root);
  const deps = (dev: boolean) =>
    Object.fromEntries(packages.filter((p) => !!p.dev === dev).map((p) => [p.name, '1.0.0']));
  await fs.writeFile(
    path.join(root, 'package.json'),
    JSON.stringify({
      name: 'fixture',
      version: '1.0.0',
      private: true,
      dependencies: deps(false),
      devDependencies: deps(true),
    }),
  );
  const lock: Record<string, object> = { '': { name: 'fixture', version: '1.0.0' } };
  for (const p of packages) {
    lock[`node_modules/${p.name}`] = {
      version: '1.0.0',
      license: p.license,
      ...(p.dev ? { dev: true } : {}),
    };
    await fs.mkdir(path.join(root, 'node_modules', p.name), { recursive: true });
    await fs.writeFile(
      path.join(root, 'node_modules', p.name, 'package.json'),
      JSON.stringify({ name: p.name, version: '1.0.0', license: p.license }),
    );
  }
  await fs.writeFile(
    path.join(root, 'package-lock.json'),
    JSON.stringify({ name: 'fixture', lockfileVersion: 3, packages: lock }),
  );
  return root;
}

const run = (root: string) => spawnSync(process.execPath, [script, root], { encoding: 'utf8' });

it('fails on a copyleft production dependency and names it; dev-only ones do not count', async () => {
  const root = await project([
    { name: 'good', license: 'MIT' },
    { name: 'dual', license: '(MIT OR Apache-2.0)' },
    { name: 'copyleft', license: 'GPL-3.0-only' },
    { name: 'mixed', license: '(MIT OR AGPL-3.0)' },
    { name: 'lesser', license: 'LGPL-2.1' },
    { name: 'tooling', license: 'GPL-2.0', dev: true },
  ]);
  const result = run(root);
  expect(result.status).toBe(1);
  expect(result.stdout).toMatch(/Licences of 5 production packages/);
  expect(result.stderr).toContain('copyleft@1.0.0: GPL-3.0-only');
  expect(result.stderr).toContain('mixed@1.0.0: (MIT OR AGPL-3.0)');
  expect(result.stderr).toContain('lesser@1.0.0: LGPL-2.1');
  expect(result.stderr).not.toContain('tooling');
  expect(result.stderr).not.toContain('dual');
  expect(result.stderr).not.toContain('good');
});

it('passes when every production licence is on the allow-list', async () => {
  const root = await project([
    { name: 'a', license: 'ISC' },
    { name: 'b', license: 'BlueOak-1.0.0' },
    { name: 'c', license: '(BSD-2-Clause OR MIT OR Apache-2.0)' },
    { name: 'd', license: 'MPL-2.0' },
  ]);
  const result = run(root);
  expect(result.stderr).toBe('');
  expect(result.status).toBe(0);
  expect(result.stdout).toContain('All production licences are allowed.');
});
