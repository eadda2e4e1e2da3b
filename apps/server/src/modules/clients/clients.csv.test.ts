import { beforeAll, describe, expect, it } from 'vitest';
import { setupApp, type Agent } from '../../../test/helper.js';

let agent: Agent;

beforeAll(async () => {
  ({ agent } = await setupApp());
});

const count = async (query = '') =>
  Number(
    (await agent.request({ method: 'GET', url: `/api/clients?limit=1${query}` })).headers[
      'x-total-count'
    ],
  );
const preview = (csv: string) =>
  agent.request({ method: 'POST', url: '/api/clients/import/preview', payload: { csv } });
const runImport = (csv: string, skipErrors = false) =>
  agent.request({ method: 'POST', url: '/api/clients/import', payload: { csv, skipErrors } });

describe('CSV export and import', () => {
  it('exports the table as filtered, with lookup names and formula-safe cells', async () => {
    await agent.request({
      method: 'POST',
      url: '/api/clients',
      payload: {
        firstName: 'Export',
        lastName: '=HYPERLINK("x")',
        email: 'e@x.com',
        stage: 1,
        product: 1,
      },
    });
    await agent.request({
      method: 'POST',
      url: '/api/clients',
      payload: { firstName: 'Other', stage: 2 },
    });
    const res = await agent.request({ method: 'GET', url: '/api/clients/export.csv?stage=1' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/csv/);
    expect(res.headers['content-disposition']).toContain('clients.csv');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toMatch(
      /^id,firstName,lastName,email,tel,price,probability,dLastContact,stage,product/,
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`"'=HYPERLINK(""x"")"`);
    expect(lines[1]).toContain('New lead');
  });

  it('previews without writing: rows to create, rows matching by e-mail or phone, rows with errors', async () => {
    await agent.request({
      method: 'POST',
      url: '/api/clients',
      payload: { firstName: 'Known', email: 'known@example.com', tel: '+380 44 000' },
    });
    await agent.request({
      method: 'POST',
      url: '/api/clients',
      payload: { firstName: 'Phone', tel: '+48 600-100-200' },
    });
    const before = await count();
    const csv = [
      'firstName,lastName,email,tel,stage,probability',
      'New,Person,new@example.com,,Contacted,20',
      'Known,Again,KNOWN@example.com,,Won,90',
      'ByPhone,X,,48600100200,,',
      ',NoName,a@b.c,,,',
      'Bad,Stage,,,No such stage,',
      'Bad,Prob,,,,150',
      'Twice,Known,known@example.com,,,',
    ].join('\n');
    const res = await preview(csv);
    expect(res.statusCode).toBe(200);
    const p = res.json<{
      create: number;
      update: number;
      errors: { line: number; message: string; fields: Record<string, string> }[];
      sample: { action: string; firstName: string }[];
    }>();
    expect(p.create).toBe(1);
    expect(p.update).toBe(2);
    expect(p.errors.map((e) => e.line)).toEqual([5, 6, 7, 8]);
    expect(p.errors[3]?.message).toBe('matches the same client as line 3');
    expect(Object.keys(p.errors[0]?.fields ?? {})).toContain('firstName');
    expect(Object.keys(p.errors[1]?.fields ?? {})).toContain('stage');
    expect(Object.keys(p.errors[2]?.fields ?? {})).toContain('probability');
    expect(p.sample.map((s) => [s.firstName, s.action])).toEqual([
      ['New', 'create'],
      ['Known', 'update'],
      ['ByPhone', 'update'],
    ]);
    expect(await count()).toBe(before);

    // with errors the import refuses and writes nothing, unless told to skip them
    const refused = await runImport(csv);
    expect(refused.statusCode).toBe(400);
    expect(await count()).toBe(before);
    const done = await runImport(csv, true);
    expect(done.json()).toEqual({ created: 1, updated: 2, skipped: 4 });
    expect(await count()).toBe(before + 1);
    const known = (
      await agent.request({ method: 'GET', url: '/api/clients?search=known@example.com' })
    ).json<{ lastName: string; probability: number }[]>();
    // empty cells leave a matched client's fields as they were
    expect(known).toEqual([
      expect.objectContaining({ lastName: 'Again', probability: 90, tel: '+380 44 000' }),
    ]);
  });

  it.each([
    ['unbalanced quotes', 'firstName,lastName\n"Open,quote\n'],
    ['ragged rows', 'firstName,lastName\nA,B,C\n'],
    ['no firstName column', 'name,surname\nA,B\n'],
    ['only a header', 'firstName,lastName\n'],
  ])('refuses a malformed file (%s) with 400 and writes nothing', async (_k, csv) => {
    const before = await count();
    for (const res of [await preview(csv), await runImport(csv, true)]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        error: 'validation',
        fields: { csv: expect.any(String) },
      });
    }
    expect(await count()).toBe(before);
  });

  it('imports 10 000 rows in one go', async () => {
    const before = await count();
    const rows = Array.from(
      { length: 10_000 },
      (_, i) =>
        `Bulk${i},Row,bulk${i}@example.com,+380${String(i).padStart(9, '0')},New lead,${i % 101}`,
    );
    const csv = ['firstName,lastName,email,tel,stage,probability', ...rows].join('\n');
    const p = (await preview(csv)).json<{ create: number; errors: unknown[] }>();
    expect(p).toMatchObject({ create: 10_000, errors: [] });
    const res = await runImport(csv);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ created: 10_000, updated: 0, skipped: 0 });
    expect(await count()).toBe(before + 10_000);
    // the same file again updates instead of duplicating
    const again = (await preview(csv)).json<{ create: number; update: number }>();
    expect(again).toMatchObject({ create: 0, update: 10_000 });
  }, 120_000);
});
