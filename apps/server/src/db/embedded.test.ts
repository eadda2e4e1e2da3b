import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, expect, it } from 'vitest';
import { firstUnreachable, startEmbeddedPostgres } from './embedded.js';

const asRoot = process.getuid?.() === 0;
const quiet = { info: () => undefined, warn: () => undefined };
const folders: string[] = [];

afterAll(async () => {
  for (const folder of folders) await fs.rm(folder, { recursive: true, force: true });
});

/** A folder only its owner may enter, like a clone in root's home folder. */
async function privateFolder() {
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'school-private-'));
  await fs.chmod(folder, 0o700);
  folders.push(folder);
  return folder;
}

it('starts with DATA_DIR itself of mode 700 (as root: opened for traversal only)', async () => {
  const dataDir = await privateFolder();
  const db = await startEmbeddedPostgres(dataDir, quiet);
  try {
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    const { rows } = await client.query<{ one: number }>('select 1 as one');
    await client.end();
    expect(rows[0]?.one).toBe(1);
  } finally {
    await db.stop();
  }
  const mode = (await fs.stat(dataDir)).mode & 0o777;
  expect(mode).toBe(asRoot ? 0o701 : 0o700);
  // the password stays readable by the server only
  expect((await fs.stat(path.join(dataDir, 'postgres.password'))).mode & 0o077).toBe(0);
}, 120_000);

it('in a folder the postgres user cannot enter: one line naming it and the ways out (as root)', async () => {
  const outer = await privateFolder();
  const dataDir = path.join(outer, 'data');
  const outcome = await startEmbeddedPostgres(dataDir, quiet).then(
    (db) => ({ db, error: undefined }),
    (error: unknown) => ({ db: undefined, error }),
  );
  if (asRoot) {
    expect(outcome.error).toBeInstanceOf(Error);
    const message = (outcome.error as Error).message;
    expect(message).not.toContain('\n');
    expect(message).toContain(`cannot enter ${outer}.`);
    expect(message).toMatch(/normal user/);
    expect(message).toMatch(/chmod o\+x/);
    expect(message).toMatch(/DATABASE_URL/);
    // a folder above DATA_DIR is its owner's: left as it was
    expect((await fs.stat(outer)).mode & 0o777).toBe(0o700);
  } else {
    expect(outcome.error).toBeUndefined();
    await outcome.db?.stop();
  }
}, 120_000);

it('finds the first folder on the way that a user cannot enter (as root)', async () => {
  const outer = await privateFolder();
  const inner = path.join(outer, 'bin');
  await fs.mkdir(inner, { mode: 0o755 });
  const nobody = { uid: 65534, gid: 65534 };
  const paths = ['/', path.dirname(outer), outer, inner];
  if (asRoot) {
    expect(await firstUnreachable(paths, nobody)).toBe(outer);
    expect(await firstUnreachable(['/', path.dirname(outer)], nobody)).toBeUndefined();
  } else {
    // only root may ask as another user: the answer is "cannot tell", and start-up proceeds
    expect(await firstUnreachable(paths, nobody)).toBeUndefined();
  }
});
