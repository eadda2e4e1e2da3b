import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { migrationsFolder } from '../src/db/migrate.js';

/**
 * A temporary migrations folder holding the first `count` migrations and their journal, so a
 * test can make a database as an older release left it; `remove` deletes the folder.
 */
export async function firstMigrations(count: number) {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'school-migrations-'));
  const journal = JSON.parse(
    await fs.readFile(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
  ) as { entries: { tag: string }[] };
  journal.entries = journal.entries.slice(0, count);
  await fs.mkdir(path.join(dir, 'meta'));
  await fs.writeFile(path.join(dir, 'meta', '_journal.json'), JSON.stringify(journal));
  for (const { tag } of journal.entries) {
    await fs.copyFile(path.join(migrationsFolder, `${tag}.sql`), path.join(dir, `${tag}.sql`));
  }
  return {
    dir,
    tags: journal.entries.map((e) => e.tag),
    remove: () => fs.rm(dir, { recursive: true, force: true }),
  };
}
