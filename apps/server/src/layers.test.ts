import type { ESLint } from 'eslint';
import { lintWithOnly } from '../test/lint.js';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The import boundaries of eslint.config.js (ADR 014): the lowest layers import no module,
 * a module no demo data nor the app, a web feature no other feature. Only that rule is run,
 * without type information, so the check takes a moment rather than a whole project's load.
 */
let eslint: ESLint;

beforeAll(() => {
  eslint = lintWithOnly(['no-restricted-imports']);
});

async function restrictedImports(filePath: string, from: string) {
  const [result] = await eslint.lintText(`import { a } from '${from}';\nexport const b = a;\n`, {
    filePath,
  });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

describe('import boundaries', () => {
  it.each([
    ['apps/server/src/db/x.ts', '../modules/auth/password.js'],
    ['apps/server/src/db/schema/x.ts', '../../demo/demo.js'],
    ['apps/server/src/config.ts', './modules/users/admin.js'],
    ['apps/server/src/plugins/x.ts', '../modules/students/students.shared.js'],
    ['apps/server/src/plugins/x.ts', '../demo/demo.js'],
    ['apps/server/src/modules/students/x.ts', '../../demo/demo.js'],
    ['apps/server/src/modules/students/x.ts', '../../app.js'],
    ['apps/server/src/modules/students/x.ts', '../clients/clients.queries.js'],
    ['apps/web/src/features/clients/x.tsx', '../students/StudentsPage.js'],
  ])('%s may not import %s', async (filePath, from) => {
    expect(await restrictedImports(filePath, from)).toEqual(['no-restricted-imports']);
  });

  it.each([
    ['apps/server/src/db/x.ts', './client.js'],
    ['apps/server/src/plugins/x.ts', '../db/client.js'],
    ['apps/server/src/modules/clients/x.ts', '../students/students.shared.js'],
    ['apps/server/src/demo/x.ts', '../modules/auth/password.js'],
    ['apps/web/src/features/clients/x.tsx', '../../components/kit/Button.js'],
  ])('%s may import %s', async (filePath, from) => {
    expect(await restrictedImports(filePath, from)).toEqual([]);
  });
});
