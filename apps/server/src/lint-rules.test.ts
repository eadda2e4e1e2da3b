import fs from 'node:fs/promises';
import { execFile } from 'node:child_process';
import path from 'node:path';
import type { ESLint } from 'eslint';
import { lintWithOnly, repoRoot } from '../test/lint.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The house rules `npm run lint` holds (ADR 036): a source file of more than 350 lines of code,
 * a fixed sleep in a test and a copy of 10 lines are each reported. ESLint runs only the two
 * rules at stake, without type information; the copy detector runs with the project's own
 * options (.jscpd.json) on a planted pair of files.
 */
const root = repoRoot;
let eslint: ESLint;

beforeAll(() => {
  eslint = lintWithOnly(['max-lines', 'no-restricted-syntax']);
});

async function reported(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

/** `n` lines of code, with a comment and a blank line after each, which do not count. */
const linesOfCode = (n: number) =>
  Array.from({ length: n }, (_, i) => `// line ${i}\nexport const v${i} = ${i};\n`).join('\n');

describe('a long file', () => {
  it('over 350 lines of code is reported in the source', async () => {
    expect(await reported('apps/server/src/modules/clients/x.ts', linesOfCode(351))).toEqual([
      'max-lines',
    ]);
    expect(await reported('apps/web/src/features/clients/x.tsx', linesOfCode(351))).toEqual([
      'max-lines',
    ]);
  });

  it('of 350 lines of code, comments and blank lines aside, is not', async () => {
    expect(await reported('apps/server/src/modules/clients/x.ts', linesOfCode(350))).toEqual([]);
  });

  it.each(['apps/server/src/modules/clients/x.test.ts', 'apps/server/test/x.ts'])(
    'is allowed in a test or its helpers: %s',
    async (filePath) => {
      expect(await reported(filePath, linesOfCode(400))).toEqual([]);
    },
  );
});

describe('a fixed sleep in a test', () => {
  it.each([
    ['a promise around setTimeout', 'await new Promise((r) => setTimeout(r, 100));'],
    [
      'setTimeout inside an executor',
      'await new Promise<void>((resolve) => {\n  setTimeout(resolve, 50);\n});',
    ],
    ['the global one', 'await new Promise((r) => globalThis.setTimeout(r, 100));'],
    [
      'the promise timers',
      "import { setTimeout as sleep } from 'node:timers/promises';\nawait sleep(100);",
    ],
    [
      'a page wait',
      'declare const page: { waitForTimeout(ms: number): Promise<void> };\nawait page.waitForTimeout(500);',
    ],
    ["the fakes' timed wait", "import { pause } from '../test/timers.js';\nawait pause(100);"],
  ])('is reported: %s', async (_name, code) => {
    for (const filePath of [
      'apps/server/src/x.test.ts',
      'apps/web/src/features/clients/x.test.tsx',
      'e2e/x.test.ts',
    ]) {
      expect(await reported(filePath, `${code}\nexport {};\n`), filePath).toContain(
        'no-restricted-syntax',
      );
    }
  });

  it.each([
    ['a wait for a condition', 'await vi.waitFor(() => expect(1).toBe(1));'],
    ['a turn of the event loop', 'await new Promise((r) => setImmediate(r));'],
    ['a timer outside a promise', 'const t = setTimeout(() => undefined, 10);\nclearTimeout(t);'],
  ])('is not reported for %s', async (_name, code) => {
    expect(
      await reported(
        'apps/server/src/x.test.ts',
        `import { expect, vi } from 'vitest';\n${code}\nexport {};\n`,
      ),
    ).toEqual([]);
  });
});

describe('a copy of 10 lines', () => {
  const probe = path.join(root, 'apps/server', `copy-probe-${process.pid}`);
  const block = (name: string) =>
    [
      `export function ${name}(rows: { price: number; count: number }[]) {`,
      '  let sum = 0;',
      '  for (const row of rows) {',
      '    if (row.count > 0) {',
      '      sum += row.price * row.count;',
      '    }',
      '  }',
      '  const rounded = Math.round(sum * 100) / 100;',
      '  return rounded;',
      '}',
    ].join('\n');
  const css = [
    '.cell {',
    '  display: grid;',
    '  grid-template-columns: minmax(0, 9em) minmax(0, 1fr);',
    '  gap: 12px;',
    '  padding: 2px 0;',
    '  border: 0 solid var(--color-border);',
    '  text-align: start;',
    '  white-space: normal;',
    '  color: var(--color-muted);',
    '}',
  ].join('\n');

  beforeAll(async () => {
    await fs.mkdir(probe, { recursive: true });
    await fs.writeFile(path.join(probe, 'one.ts'), `// one\n${block('total')}\n`);
    await fs.writeFile(
      path.join(probe, 'two.ts'),
      `const x = 1;\n${block('total')}\nexport { x };\n`,
    );
    await fs.writeFile(path.join(probe, 'one.module.css'), `.a { color: blue; }\n${css}\n`);
    await fs.writeFile(path.join(probe, 'two.module.css'), `${css}\n.b { color: green; }\n`);
  });
  afterAll(() => fs.rm(probe, { recursive: true, force: true }));

  /** `npm run lint`'s copy detector on the probe alone: its exit code and the pairs it found. */
  const detect = async () => {
    const report = path.join(probe, 'report');
    const bin = path.join(root, 'node_modules/jscpd/bin/jscpd');
    const args = ['--config', '.jscpd.json', '--silent', '--reporters', 'json'];
    const code = await new Promise<number | null>((resolve) => {
      execFile(process.execPath, [bin, ...args, '--output', report, probe], { cwd: root }, (err) =>
        resolve(err ? (typeof err.code === 'number' ? err.code : null) : 0),
      );
    });
    const found = JSON.parse(await fs.readFile(path.join(report, 'jscpd-report.json'), 'utf8')) as {
      duplicates: { firstFile: { name: string }; secondFile: { name: string } }[];
    };
    const pairs = found.duplicates.map((d) =>
      [d.firstFile.name, d.secondFile.name]
        .map((f) => path.basename(f))
        .sort()
        .join(' '),
    );
    return { code, pairs: pairs.sort() };
  };

  it('is found in TypeScript and in CSS, and fails the lint', async () => {
    expect(await detect()).toEqual({
      code: 1,
      pairs: ['one.module.css two.module.css', 'one.ts two.ts'],
    });
  });
});
