import { beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_SECRET, type AuditEntry } from '@school/contract/audit';
import { STUDENT_CSV_COLUMNS } from '@school/contract/students';
import type { ImportPreview } from '@school/contract/imports';
import { api } from '@school/contract/paths';
import { setupApp, type Agent, type TestApp } from '../../../test/helper.js';

let t: TestApp & { user: { id: number } };
let agent: Agent;

beforeAll(async () => {
  ({ agent, ...t } = await setupApp({ admin: true, env: { BOT_USERNAME: 'school_bot' } }));
});

const post = (url: string, payload: unknown) => agent.request({ method: 'POST', url, payload });
const get = (url: string) => agent.request({ method: 'GET', url });
const preview = (csv: string) => post(api.studentsCsv.importPreview, { csv });
const runImport = (csv: string, skipErrors = false) =>
  post(api.studentsCsv.import, { csv, skipErrors });

interface StudentJson {
  id: number;
  name: string;
  hashCode: string;
  deepLink: string | null;
  [field: string]: unknown;
}

async function newStudent(payload: Record<string, unknown>) {
  const res = await post(api.students, payload);
  expect(res.statusCode).toBe(201);
  return res.json<StudentJson>();
}

const search = async (text: string) =>
  (await get(`${api.students}?search=${encodeURIComponent(text)}&limit=100`)).json<StudentJson[]>();

/** The file's lines without the byte order mark, each split into cells (no quoted commas). */
const linesOf = (body: string) =>
  body
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/);

describe('students CSV export', () => {
  it('writes the students as the list filters them, with lookup names, formula-safe, without the hashCode', async () => {
    const group = (await post(api.groups, { name: `Export group ${Date.now()}` })).json<{
      id: number;
      name: string;
    }>();
    const one = await newStudent({
      name: 'Exporta',
      surname: '=SUM(A1)',
      email: 'exporta@example.com',
      level: 2,
      groupe: group.id,
      responsibleId: t.user.id,
      hasBroadcast: true,
      location: 'Kyiv',
    });
    await newStudent({ name: 'Exporta', surname: 'Other', level: 1 });
    const res = await get(`${api.studentsCsv.export}?search=Exporta&level=2`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/csv/);
    expect(res.headers['content-disposition']).toContain('students.csv');
    const lines = linesOf(res.body);
    expect(lines[0]).toBe(STUDENT_CSV_COLUMNS.join(','));
    expect(lines).toHaveLength(2);
    const cells = lines[1]?.split(',') ?? [];
    const cell = (column: (typeof STUDENT_CSV_COLUMNS)[number]) =>
      cells[STUDENT_CSV_COLUMNS.indexOf(column)];
    expect(cell('id')).toBe(String(one.id));
    expect(cell('surname')).toBe("'=SUM(A1)");
    expect(cell('groupe')).toBe(group.name);
    expect(cell('level')).not.toBe('2');
    expect(cell('level')).not.toBe('');
    expect(cell('responsible')).not.toBe('');
    expect(cell('hasBroadcast')).toBe('1');
    expect(res.body).not.toContain(one.hashCode);
  });

  it('round-trips: the exported file imported again changes nothing and creates nobody', async () => {
    await newStudent({ name: 'Roundtrip', surname: 'One', email: 'round1@example.com', level: 3 });
    await newStudent({ name: 'Roundtrip', surname: 'Two', telegramUsername: 'round_two' });
    const file = (await get(`${api.studentsCsv.export}?search=Roundtrip`)).body;
    const before = await search('Roundtrip');
    const checked = (await preview(file)).json<ImportPreview>();
    expect(checked).toMatchObject({ create: 0, update: 2, errors: [] });
    expect((await runImport(file)).json()).toEqual({ created: 0, updated: 2, skipped: 0 });
    const after = await search('Roundtrip');
    expect(after).toEqual(before);
  });

  it('refuses bad filters with 400', async () => {
    expect((await get(`${api.studentsCsv.export}?level=abc`)).statusCode).toBe(400);
  });
});

describe('students CSV import', () => {
  it('previews creates, updates and errors on their lines, writing nothing', async () => {
    const byEmail = await newStudent({ name: 'Mail', email: 'match.mail@example.com' });
    const byTelegram = await newStudent({ name: 'Tele', telegramUsername: 'Match_Tele' });
    const csv = [
      'name,surname,email,telegramUsername,level,hasBroadcast',
      'Nova,New,nova@example.com,,a1 beginner,yes', // 2 create
      'Mail,Updated,MATCH.MAIL@example.com,,,', // 3 update by e-mail, any case
      'Tele,Updated,,@match_tele,,', // 4 update by Telegram username, @ and case aside
      ',Nameless,,,,', // 5 name required
      'Bad,Mail,not-an-email,,,', // 6 e-mail format
      'Odd,Level,,,No such level,', // 7 unknown level
      'Odd,Flag,,,,maybe', // 8 not a yes/no
      'Mail,Twice,match.mail@example.com,,,', // 9 the same student as line 3
    ].join('\n');
    const count = (await search('')).length;
    const res = await preview(csv);
    expect(res.statusCode).toBe(200);
    const p = res.json<ImportPreview>();
    expect(p.create).toBe(1);
    expect(p.update).toBe(2);
    expect(p.columns).toEqual(['name', 'surname', 'email', 'telegramUsername']);
    expect(p.sample).toEqual([
      {
        line: 2,
        action: 'create',
        matchedId: null,
        values: { name: 'Nova', surname: 'New', email: 'nova@example.com', telegramUsername: '' },
      },
      {
        line: 3,
        action: 'update',
        matchedId: byEmail.id,
        values: {
          name: 'Mail',
          surname: 'Updated',
          email: 'MATCH.MAIL@example.com',
          telegramUsername: '',
        },
      },
      {
        line: 4,
        action: 'update',
        matchedId: byTelegram.id,
        values: { name: 'Tele', surname: 'Updated', email: '', telegramUsername: '@match_tele' },
      },
    ]);
    expect(p.errors.map((e) => [e.line, e.problems])).toEqual([
      [5, [{ field: 'name', code: 'required', params: {} }]],
      [6, [{ field: 'email', code: 'format', params: {} }]],
      [7, [{ field: 'level', code: 'unknown', params: { value: 'No such level' } }]],
      [8, [{ field: 'hasBroadcast', code: 'invalid', params: {} }]],
      [9, [{ field: 'row', code: 'sameRecord', params: { line: 3 } }]],
    ]);
    expect(p.errors.at(-1)?.message).toBe('matches the same student as line 3');
    expect((await search('')).length).toBe(count);
    // without skipErrors nothing is imported
    const refused = await runImport(csv);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ fields: { csv: '5 rows have errors' } });
    expect((await search('Nova')).length).toBe(0);
  });

  it('imports the valid rows: new students get their own deep link, updates keep what the file leaves empty', async () => {
    const kept = await newStudent({
      name: 'Keep',
      surname: 'Old',
      email: 'keep@example.com',
      location: 'Odesa',
      hasBroadcast: true,
      level: 2,
    });
    const csv = [
      'name,surname,email,location,level,responsible',
      `Keep,New,keep@example.com,,,${t.user.id}`,
      'Fresh,One,fresh1@example.com,Lviv,A1 Beginner,',
      'Fresh,Two,fresh2@example.com,,,',
      ',Broken,,,,',
    ].join('\n');
    const res = await runImport(csv, true);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ created: 2, updated: 1, skipped: 1 });
    const updated = (await get(api.student(kept.id))).json<StudentJson>();
    expect(updated).toMatchObject({
      surname: 'New',
      location: 'Odesa',
      hasBroadcast: true,
      level: 2,
      responsibleId: t.user.id,
      hashCode: kept.hashCode,
    });
    const fresh = await search('Fresh');
    expect(fresh.map((s) => s.surname).sort()).toEqual(['One', 'Two']);
    const [first, second] = fresh;
    expect(first?.hashCode).toMatch(/^[\w-]{22}$/);
    expect(first?.hashCode).not.toBe(second?.hashCode);
    expect(first?.deepLink).toBe(`https://t.me/school_bot?start=${first?.hashCode}`);
    expect(fresh.find((s) => s.surname === 'One')).toMatchObject({ location: 'Lviv', level: 1 });
  });

  it('writes one import entry and one entry per student made or changed, in the record history', async () => {
    const kept = await newStudent({ name: 'Audit', surname: 'Before', email: 'audit@example.com' });
    const csv = [
      'name,surname,email',
      'Audit,After,audit@example.com',
      'Logged,Fresh,logged@example.com',
      ',Broken,',
    ].join('\n');
    const res = await post(api.studentsCsv.import, { csv, skipErrors: true, fileName: 'june.csv' });
    expect(res.statusCode, res.body).toBe(200);
    const audit = async (url: string) => (await get(url)).json<AuditEntry[]>();
    const imports = (await audit('/api/audit?entity=students&action=import')).filter(
      (e) => e.changes.fileName === 'june.csv',
    );
    expect(imports).toHaveLength(1);
    const [imported] = imports;
    expect(imported).toMatchObject({
      userId: t.user.id,
      entityId: null,
      changes: { fileName: 'june.csv', created: 1, updated: 1, skipped: 1 },
    });
    const ofImport = (await audit('/api/audit?entity=students&limit=100')).filter(
      (e) => e.requestId === imported!.requestId && e.action !== 'import',
    );
    const fresh = (await search('logged@example.com'))[0]!;
    expect(ofImport.map((e) => [e.action, e.entityId]).sort()).toEqual([
      ['create', fresh.id],
      ['update', kept.id],
    ]);
    expect(ofImport.find((e) => e.action === 'update')!.changes).toEqual({
      surname: ['Before', 'After'],
    });
    expect(ofImport.find((e) => e.action === 'create')!.changes).toMatchObject({
      name: 'Logged',
      hashCode: AUDIT_SECRET,
    });
  });

  it.each([
    ['no name column', 'surname,email\nA,a@example.com\n', 'has no name column'],
    ['only a header', 'name,surname\n', 'has no rows'],
    ['ragged rows', 'name,surname\nA,B,C\n', 'is not valid CSV'],
  ])('refuses a file with %s: 400, nothing written', async (_what, csv, reason) => {
    for (const res of [await preview(csv), await runImport(csv, true)]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'validation', fields: { csv: reason } });
    }
  });

  it('refuses a body of the wrong shape and unknown or malformed jobs', async () => {
    expect((await post(api.studentsCsv.import, {})).statusCode).toBe(400);
    expect((await post(api.studentsCsv.import, { csv: '' })).statusCode).toBe(400);
    expect(
      (await post(api.studentsCsv.import, { csv: 'name\nA', skipErrors: 'yes' })).statusCode,
    ).toBe(400);
    expect((await get(api.studentsCsv.importJob('not-a-uuid'))).statusCode).toBe(400);
    expect(
      (await get(api.studentsCsv.importJob('00000000-0000-4000-8000-000000000000'))).statusCode,
    ).toBe(404);
    expect((await search('yes')).length).toBe(0);
  });
});
