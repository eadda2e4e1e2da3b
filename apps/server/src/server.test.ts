import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it, vi } from 'vitest';
import { freePort } from './db/embedded.js';

const serverEntry = fileURLToPath(new URL('./server.ts', import.meta.url));
const children: ChildProcess[] = [];
let dataDir = '';

function start(port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', serverEntry], {
    env: {
      ...process.env,
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      PORT: String(port),
      ADMIN_PASSWORD: 'first admin password',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    let out = '';
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('is running on')) resolve(child);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => reject(new Error(`server exited (${code}): ${out}`)));
  });
}

const loginAs = (port: number, userAgent: string) =>
  fetch(`http://127.0.0.1:${port}/api/authentication`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': userAgent },
    body: JSON.stringify({ login: 'admin', password: 'first admin password' }),
  });

afterAll(async () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  // stop a PostgreSQL a failed run may have left behind
  const pidFile = path.join(dataDir, 'postgres', 'postmaster.pid');
  if (existsSync(pidFile)) {
    const pid = Number((await fs.readFile(pidFile, 'utf8')).split('\n')[0]);
    try {
      process.kill(pid, 'SIGINT');
      await vi.waitFor(
        () => {
          // signal 0 only asks whether the process is still there: it throws once it is gone
          try {
            process.kill(pid, 0);
          } catch {
            return;
          }
          throw new Error(`PostgreSQL ${pid} still running`);
        },
        { timeout: 10_000, interval: 50 },
      );
    } catch {
      // gone (or still stopping after 10 s: its folder is removed anyway)
    }
  }
  await fs.rm(dataDir, { recursive: true, force: true });
});

it('keeps every acknowledged write after kill -9 and recovers the embedded PostgreSQL', async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'school-crash-'));
  await fs.chmod(dataDir, 0o755);
  const port1 = await freePort();
  const first = await start(port1);

  // writes in flight when the process dies (four at a time, up to 40); each 200 is an
  // acknowledged session row
  const acknowledged: string[] = [];
  let next = 0;
  let tenAcknowledged: () => void = () => undefined;
  const ten = new Promise<void>((resolve) => (tenAcknowledged = resolve));
  const writes = Array.from({ length: 4 }, async () => {
    while (next < 40) {
      const ua = `writer-${next++}`;
      const res = await loginAs(port1, ua).catch(() => undefined);
      if (res?.status !== 200) return;
      acknowledged.push(ua);
      if (acknowledged.length >= 10) tenAcknowledged();
    }
  });
  // all 40 written without the tenth acknowledgement means the expectation below fails
  await Promise.race([ten, Promise.all(writes)]);
  first.kill('SIGKILL');
  await Promise.all(writes);
  const known = [...acknowledged];
  expect(known.length).toBeGreaterThanOrEqual(10);

  const port2 = await freePort();
  const second = await start(port2);
  const res = await loginAs(port2, 'checker');
  expect(res.status).toBe(200);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const list = (await (
    await fetch(`http://127.0.0.1:${port2}/api/sessions`, { headers: { cookie } })
  ).json()) as { device: string }[];
  const devices = new Set(list.map((s) => s.device));
  for (const ua of known) expect(devices).toContain(ua);

  // a clean stop also stops PostgreSQL
  const exited = new Promise((r) => second.on('exit', r));
  second.kill('SIGTERM');
  await exited;
  expect(second.exitCode).toBe(0);
  expect(existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
}, 120_000);
