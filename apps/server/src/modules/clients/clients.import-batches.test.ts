import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ImportPreview, ImportResult } from '@school/contract/imports';
import { setupApp, type AppFixture, type Agent } from '../../../test/helper.js';
import { history } from '../../db/schema/history.js';
import { IMPORT_BATCH_ROWS } from '../../plugins/csv-import.js';
import { clientsImporter } from './clients.csv.js';

const { preview: previewImport, run: runImport } = clientsImporter;

// An import checks and writes the file IMPORT_BATCH_ROWS rows at a time inside one transaction:
// these files cross batch borders.

let agent: Agent;
let fixture: AppFixture;

beforeAll(async () => {
  fixture = await setupApp();
  ({ agent } = fixture);
});

const HEADER = 'firstName,lastName,email,tel,stage,probability';
const codes: Record<string, number> = { span: 44, last: 45, nul: 46, small: 47 };
/** Row `i` of a file (line i + 2), with an e-mail and phone of its own under `prefix`. */
const row = (prefix: string, i: number, probability = i % 101) =>
  `${prefix}${i},Row,${prefix}${i}@example.com,+${codes[prefix]}${String(i).padStart(9, '0')},New lead,${probability}`;

const total = async () =>
  Number(
    (await agent.request({ method: 'GET', url: '/api/clients?limit=1' })).headers['x-total-count'],
  );
const count = async (search: string) =>
  Number(
    (
      await agent.request({
        method: 'GET',
        url: `/api/clients?limit=1&search=${encodeURIComponent(search)}`,
      })
    ).headers['x-total-count'],
  );
const post = (url: string, csv: string, skipErrors = false) =>
  agent.request({ method: 'POST', url, payload: { csv, skipErrors } });
const createClient = async (payload: Record<string, unknown>) =>
  (await agent.request({ method: 'POST', url: '/api/clients', payload })).json<{ id: number }>().id;
const probabilityOf = async (id: number) =>
  (await agent.request({ method: 'GET', url: `/api/clients/${id}` })).json<{
    probability: number;
  }>().probability;

describe('an import over several batches', () => {
  it('creates and updates across batches, with errors and same-client rows on their lines', async () => {
    expect(IMPORT_BATCH_ROWS).toBeLessThan(2_500);
    // existing clients matched by rows in the first, second and third batch
    const byEmail = await createClient({ firstName: 'Mail', email: 'span10@example.com' });
    const byPhone = await createClient({ firstName: 'Phone', tel: '+44 (0) 000-001-500' });
    const twice = await createClient({ firstName: 'Twice', email: 'twice@example.com' });
    const lines = Array.from({ length: 2_500 }, (_, i) => row('span', i));
    lines[10] = 'Mail,Again,SPAN10@example.com,,Won,11'; // line 12 updates by e-mail
    lines[1_500] = 'Phone,Again,,440000001500,,22'; // line 1502 updates by phone digits
    lines[999] = 'Bad,Mail,not-an-email,,,'; // line 1001: the last row of the first batch
    lines[1_000] = 'Bad,Stage,bad@example.com,,No such stage,'; // line 1002: the first of the next
    lines[300] = 'Twice,First,twice@example.com,,,33'; // line 302 claims the client ...
    lines[2_200] = 'Twice,Second,TWICE@example.com,,,44'; // ... line 2202 matches it again
    lines[2_499] = ',NoName,,,,'; // line 2501, the last row
    const csv = [HEADER, ...lines].join('\n');

    const preview = (await post('/api/clients/import/preview', csv)).json<ImportPreview>();
    expect(preview.errors.map((e) => [e.line, e.problems[0]?.code])).toEqual([
      [1001, 'format'],
      [1002, 'unknown'],
      [2202, 'sameRecord'],
      [2501, 'required'],
    ]);
    expect(preview.errors[2]?.message).toBe('matches the same client as line 302');
    expect(preview).toMatchObject({ create: 2_493, update: 3 });
    expect(preview.sample).toHaveLength(50);
    expect(preview.sample[10]).toMatchObject({ line: 12, action: 'update', matchedId: byEmail });

    // with errors and without skipErrors nothing is written
    const before = await total();
    expect((await post('/api/clients/import', csv)).statusCode).toBe(400);
    expect(await total()).toBe(before);

    const done = await post('/api/clients/import', csv, true);
    expect(done.json<ImportResult>()).toEqual({ created: 2_493, updated: 3, skipped: 4 });
    expect(await count('span')).toBe(2_493 + 1);
    expect(await count('span2498@example.com')).toBe(1);
    expect(await probabilityOf(byEmail)).toBe(11);
    expect(await probabilityOf(byPhone)).toBe(22);
    expect(await probabilityOf(twice)).toBe(33);
    expect(await count('bad@example.com')).toBe(0);

    // the same file again: every row now updates
    const again = (await post('/api/clients/import/preview', csv)).json<ImportPreview>();
    expect(again).toMatchObject({ create: 0, update: 2_496 });
  }, 120_000);

  it('writes nothing when a row of the last batch fails, without skipErrors', async () => {
    const lines = Array.from({ length: 2_500 }, (_, i) => row('last', i));
    lines[2_400] = row('last', 2_400, 150); // probability over 100
    const refused = await post('/api/clients/import', [HEADER, ...lines].join('\n'));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      message: '1 row has errors; nothing was imported',
    });
    expect(await count('last')).toBe(0);
  });

  it('rolls back the batches already written when the database refuses a row of the last one', async () => {
    const lines = Array.from({ length: 2_500 }, (_, i) => row('nul', i));
    lines[2_450] = 'Nul,Byte\u0000,nul2450@example.com,,,';
    const before = await fixture.database.db.$count(history);
    const refused = await post('/api/clients/import', [HEADER, ...lines].join('\n'), true);
    expect(refused.statusCode).toBe(400);
    expect(await count('nul')).toBe(0);
    // nor any history entry of it: neither the rows' nor the import's (docs/history.md)
    expect(await fixture.database.db.$count(history)).toBe(before);
    const { rows } = await fixture.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from history where changes->>'email' like 'nul%'`,
    );
    expect(rows[0]?.n).toBe(0);
  });

  it('decides every row as one batch would, whatever the batch size', async () => {
    const { db } = fixture.database;
    const existing = await createClient({ firstName: 'Small', email: 'small3@example.com' });
    const lines = Array.from({ length: 60 }, (_, i) => row('small', i));
    lines[6] = 'Small,Claim,SMALL3@example.com,,,'; // line 8 matches the same client as line 5
    lines[7] = 'Bad,Prob,,,,101';
    lines[41] = 'Other,Claim,small3@example.com,,,'; // line 43, several batches later
    const csv = [HEADER, ...lines].join('\n');
    const whole = await previewImport(db, csv, { batchRows: 1_000 });
    for (const batchRows of [1, 7, 8]) {
      expect(await previewImport(db, csv, { batchRows })).toEqual(whole);
    }
    expect(whole.errors.map((e) => e.line)).toEqual([8, 9, 43]);
    expect(whole).toMatchObject({ create: 56, update: 1 });

    const seen: number[] = [];
    let total = 0;
    let processed = 0;
    const progress = {
      total: (rows: number) => {
        total = rows;
      },
      advance: (rows: number) => {
        processed += rows;
        seen.push(processed);
      },
    };
    const result = await runImport(db, csv, true, fixture.user.id, progress, { batchRows: 7 });
    expect(result).toEqual({ created: 56, updated: 1, skipped: 3 });
    expect(total).toBe(60);
    expect(processed).toBe(60);
    // the errors first, then one step per batch of 7 rows written
    expect(seen).toHaveLength(1 + Math.ceil(57 / 7));
    const { rows } = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from clients where email like 'small%' and last_name = 'Row'`,
    );
    expect(rows[0]?.n).toBe(56 + 1);
    expect(await probabilityOf(existing)).toBe(3);
  });
});
