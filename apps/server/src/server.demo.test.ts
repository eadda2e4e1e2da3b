import { afterAll, expect, inject, it, vi } from 'vitest';
import { createTestDatabase } from '../test/databases.js';
import { loadConfig } from './config.js';
import { DEMO_STAFF, DEMO_STAFF_PASSWORD } from './demo/demo.js';
import { startServer } from './server.js';

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

// docs/roles.md, The first admin and the demo staff: the start-up prints the demo staff's logins beside the admin's.
it("prints the demo manager's and teachers' logins with the admin's when DEMO_DATA=1 fills an empty database", async () => {
  const database = await createTestDatabase(inject('adminDatabaseUrl'), 'template0');
  cleanups.push(database.drop);
  const printed: string[] = [];
  const write = vi
    .spyOn(process.stdout, 'write')
    .mockImplementation((chunk: string | Uint8Array) => {
      printed.push(String(chunk));
      return true;
    });
  try {
    const server = await startServer(
      loadConfig({
        DATABASE_URL: database.url,
        PORT: '0',
        LOG_LEVEL: 'silent',
        DEMO_DATA: '1',
        ADMIN_PASSWORD: 'first admin password',
      }),
    );
    cleanups.push(server.close);
  } finally {
    write.mockRestore();
  }
  const output = printed.join('');
  expect(output).toContain('Demo data loaded (DEMO_DATA=1)');
  expect(DEMO_STAFF.map((s) => s.role).sort()).toEqual(['manager', 'teacher', 'teacher']);
  for (const { login, role } of DEMO_STAFF) {
    expect(output).toContain(
      `Demo ${role}: log in as "${login}" with password "${DEMO_STAFF_PASSWORD}"`,
    );
  }
  expect(output).toContain('First start: log in as "admin" with ADMIN_PASSWORD');
}, 60_000);
